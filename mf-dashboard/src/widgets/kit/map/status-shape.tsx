/**
 * A shape of its own per marker tone beside its colour (WCAG 1.4.1, issue 23: status never by
 * colour alone) — the shapes of the shared StatusDot: alarm a triangle, problem a diamond,
 * inactive a square, ok a circle; on the parking map occupied a hexagon and free a ring. Used by
 * the map's point markers (as HTML of a divIcon), its legend and its list of units.
 */
import type { Tone } from '@fieldwatch/shared/map/cluster';

/** The SVG of each tone in a 12 × 12 box. */
const SHAPES: Record<Tone, string> = {
  alarm: '<polygon points="6,0.9 11.4,10.8 0.6,10.8"/>',
  problem: '<polygon points="6,0.6 11.4,6 6,11.4 0.6,6"/>',
  inactive: '<rect x="1.4" y="1.4" width="9.2" height="9.2" rx="1.2"/>',
  ok: '<circle cx="6" cy="6" r="5"/>',
  occupied: '<polygon points="6,0.6 10.7,3.3 10.7,8.7 6,11.4 1.3,8.7 1.3,3.3"/>',
  free: '<path fill-rule="evenodd" d="M6 1a5 5 0 1 1 0 10A5 5 0 0 1 6 1zm0 3a2 2 0 1 0 0 4a2 2 0 0 0 0-4z"/>',
};

/** The shape as markup (divIcon HTML); the caller's class colours it with `fill`. */
export function shapeSvg(tone: Tone, className: string | undefined, attrs = ''): string {
  return `<svg class="${className ?? ''}" data-tone="${tone}"${attrs} viewBox="0 0 12 12" aria-hidden="true" focusable="false">${SHAPES[tone]}</svg>`;
}

/** The shape as an element (legend, list), hidden from screen readers: the text beside it tells. */
export function ToneShape({ tone, className }: { tone: Tone; className?: string }) {
  return (
    <svg
      className={className}
      data-tone={tone}
      viewBox="0 0 12 12"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: SHAPES[tone] }}
    />
  );
}
