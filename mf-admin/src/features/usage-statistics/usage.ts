/**
 * The usage statistics page's data: the period of a preset or of two dates (whole UTC days), the
 * call, and the CSV of each chart and of the token table (the shared toCsv).
 */
import {
  ENDPOINTS,
  pathFor,
  toCsv,
  USAGE_MAX_DAYS,
  usageDays,
  type ApiClient,
  type Envelope,
  type Result,
  type UsageMetric,
  type UsageStatistics,
} from '@fieldwatch/shared';
import { isAxiosError } from 'axios';

export type Preset = '7' | '30' | '90' | 'custom';
export const PRESETS: readonly Preset[] = ['7', '30', '90', 'custom'];

const DAY_MS = 86_400_000;
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today (UTC), as from/to. */
export function presetPeriod(days: number, now = Date.now()): { from: string; to: string } {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** Whether from/to make a period the server takes (real dates, in order, at most USAGE_MAX_DAYS). */
export function validPeriod(from: string, to: string): boolean {
  const real = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && utcDay(Date.parse(`${s}T00:00:00Z`) || 0) === s;
  if (!real(from) || !real(to) || from > to) return false;
  return usageDays(from, to).length <= USAGE_MAX_DAYS;
}

export type UsageResult = { kind: 'ok'; stats: UsageStatistics } | { kind: 'forbidden' };

export async function loadUsage(api: ApiClient, organizationId: number, from: string, to: string): Promise<Result<UsageResult>> {
  try {
    const res = await api.http.get<Envelope<UsageStatistics>>(pathFor(ENDPOINTS.usageStatistics), {
      params: { organizationId, from, to },
    });
    return [{ kind: 'ok', stats: res.data.data }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

/** One series of a chart. */
export interface ChartSeries {
  name: string;
  data: number[];
  type: 'column' | 'line';
  /** 1: the second (right) axis. */
  yAxis?: 0 | 1;
}

export interface ChartSpec {
  id: 'people' | 'api' | 'units' | 'work';
  title: string;
  series: ChartSeries[];
  stacked?: boolean;
  /** Two value axes (different scales). */
  dualAxis?: boolean;
}

/** The four charts of the page from the statistics; `label` names metrics, `other` the calls of no token. */
export function chartSpecs(
  s: UsageStatistics,
  text: { title: (id: ChartSpec['id']) => string; metric: (m: UsageMetric) => string; other: string },
): ChartSpec[] {
  const m = (metric: UsageMetric, type: ChartSeries['type'], yAxis: 0 | 1 = 0): ChartSeries => ({
    name: text.metric(metric),
    data: s.series[metric],
    type,
    yAxis,
  });
  const tokens = s.tokens.filter((t) => t.total > 0);
  const byTokens = tokens.reduce((sum, t) => sum + t.total, 0);
  const api: ChartSeries[] = tokens.map((t) => ({ name: t.name, data: t.perDay, type: 'column' }));
  // Calls of tokens no longer listed (deleted) still count in the total.
  if (s.totals.apiCalls > byTokens || api.length === 0)
    api.push({
      name: api.length === 0 ? text.metric('apiCalls') : text.other,
      data: s.series.apiCalls.map((n, i) => n - tokens.reduce((sum, t) => sum + (t.perDay[i] ?? 0), 0)),
      type: 'column',
    });
  return [
    { id: 'people', title: text.title('people'), series: [m('signins', 'column'), m('activeUsers', 'line', 1)], dualAxis: true },
    { id: 'api', title: text.title('api'), series: api, stacked: true },
    { id: 'units', title: text.title('units'), series: [m('measurements', 'column'), m('unitsReporting', 'line', 1)], dualAxis: true },
    { id: 'work', title: text.title('work'), series: [m('alarmsRaised', 'column'), m('tasksClosed', 'column')] },
  ];
}

/** A chart's numbers as CSV: one row per day, one column per series. */
export function chartCsvText(spec: ChartSpec, days: readonly string[], dayLabel: string): string {
  return toCsv(
    [dayLabel, ...spec.series.map((x) => x.name)],
    days.map((d, i) => [d, ...spec.series.map((x) => x.data[i] ?? 0)]),
  );
}

/** Starts a download of `csv` as `<name>.csv` (a BOM so spreadsheet programs read UTF-8). */
export function downloadCsv(name: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').trim() || 'export'}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
