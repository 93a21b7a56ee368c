/** Inline stroke icons (24×24), matching the shell's navigation icons. */
const paths = {
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-4.35-4.35',
  refresh: 'M21 12a9 9 0 1 1-2.64-6.36M21 4v5h-5',
  sortAsc: 'M12 19V5M6 11l6-6 6 6',
  sortDesc: 'M12 5v14M6 13l6 6 6-6',
  sortNone: 'M8 9l4-4 4 4M8 15l4 4 4-4',
  close: 'M18 6L6 18M6 6l12 12',
  device: 'M5 4h14v12H5zM9 20h6M12 16v4',
  group: 'M4 7h6v6H4zM14 7h6v6h-6zM9 17h6',
  location: 'M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
  chevron: 'M9 6l6 6-6 6',
  alert: 'M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
