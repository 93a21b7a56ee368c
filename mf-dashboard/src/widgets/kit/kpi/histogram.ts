/** Histogram bins with "nice" edges (1, 2, 2.5, 5 × 10^k), for small distribution charts. */
export interface Bin<T> {
  from: number;
  to: number;
  items: T[];
}

export function niceStep(span: number, target: number): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, target);
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

/** Items binned by value into about `target` bins of equal, nice width. */
export function histogram<T>(items: readonly T[], value: (item: T) => number, target = 8): Bin<T>[] {
  if (items.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const it of items) {
    const v = value(it);
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const step = niceStep(max - min, target);
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bins: Bin<T>[] = Array.from({ length: count }, (_, i) => ({
    from: round(start + i * step),
    to: round(start + (i + 1) * step),
    items: [],
  }));
  for (const it of items) {
    const i = Math.min(count - 1, Math.max(0, Math.floor((value(it) - start) / step)));
    bins[i]!.items.push(it);
  }
  return bins;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
