/** How the list widgets show a latest value (the values themselves: ../kit/data/latest-values.ts). */

/** A reading for a table cell: at most 2 decimals, in the user's language. */
export function formatValue(value: number, lng?: string): string {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString(lng, { maximumFractionDigits: digits });
}
