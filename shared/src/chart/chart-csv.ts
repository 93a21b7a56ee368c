/**
 * CSV of exactly what a chart shows: the visible series over the visible (zoomed) time span, one
 * row per time, with min and max columns when the series are rollup bands.
 */
import { toCsv, type CsvCell, type Granularity } from '@fieldwatch/shared';
import { formatDate, formatTime, type TimeConfig } from '@fieldwatch/shared/remote';
import type { ChartSeriesView } from './TelemetryChart';

export interface CsvLabels {
  time: string;
  iso: string;
  min: string;
  max: string;
}

/**
 * The rows of what a chart shows: the visible series over `span`, one row per time (ascending),
 * each series' value (and min and max for rollup bands) at its column; null where it has none.
 */
export function chartRows(
  series: readonly ChartSeriesView[],
  granularity: Granularity,
  span: { start: number; end: number },
): { band: boolean; rows: Array<[number, CsvCell[]]> } {
  const band = granularity !== 'raw';
  const width = band ? 3 : 1;
  const rows = new Map<number, CsvCell[]>();
  series.forEach((s, i) => {
    for (const p of s.points) {
      const ms = Date.parse(p.ts);
      if (!(ms >= span.start && ms <= span.end)) continue;
      let row = rows.get(ms);
      if (!row) rows.set(ms, (row = new Array<CsvCell>(series.length * width).fill(null)));
      row[i * width] = p.value;
      if (band) {
        row[i * width + 1] = p.min;
        row[i * width + 2] = p.max;
      }
    }
  });
  const times = [...rows.keys()].sort((a, b) => a - b);
  return { band, rows: times.map((ms) => [ms, rows.get(ms)!]) };
}

export function chartCsv(
  series: readonly ChartSeriesView[],
  granularity: Granularity,
  span: { start: number; end: number },
  tc: TimeConfig,
  l: CsvLabels,
): string {
  const { band, rows } = chartRows(series, granularity, span);
  const header = [l.time, l.iso];
  for (const s of series) {
    const name = s.unitOfMeasure ? `${s.label} (${s.unitOfMeasure})` : s.label;
    header.push(name);
    if (band) header.push(`${name} ${l.min}`, `${name} ${l.max}`);
  }
  return toCsv(
    header,
    rows.map(([ms, row]) => [`${formatDate(ms, tc)} ${formatTime(ms, tc, true)}`, new Date(ms).toISOString(), ...row]),
  );
}
