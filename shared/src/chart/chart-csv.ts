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

export function chartCsv(
  series: readonly ChartSeriesView[],
  granularity: Granularity,
  span: { start: number; end: number },
  tc: TimeConfig,
  l: CsvLabels,
): string {
  const band = granularity !== 'raw';
  const header = [l.time, l.iso];
  for (const s of series) {
    const name = s.unitOfMeasure ? `${s.label} (${s.unitOfMeasure})` : s.label;
    header.push(name);
    if (band) header.push(`${name} ${l.min}`, `${name} ${l.max}`);
  }
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
  return toCsv(
    header,
    times.map((ms) => [`${formatDate(ms, tc)} ${formatTime(ms, tc, true)}`, new Date(ms).toISOString(), ...rows.get(ms)!]),
  );
}
