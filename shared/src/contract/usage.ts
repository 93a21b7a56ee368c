/**
 * Usage statistics (issue 18 §1), GET /api/v3/admin/usage: per organisation and period (whole UTC
 * days), the active users and sign-ins (the audit log's auth.signin rows of the organisation's
 * users), API calls per token (counted by the server as they arrive), units reporting and
 * measurements ingested (the daily measurement rollups), alarms raised and tasks closed (a task's
 * status set to done).
 */
import * as T from 'typebox';
import { Id } from './common';

/** YYYY-MM-DD. */
const Day = T.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/** The longest period asked at once, in days. */
export const USAGE_MAX_DAYS = 366;

export const USAGE_PRESETS = [7, 30, 90] as const;

export const UsageQuery = T.Object({ organizationId: Id, from: Day, to: Day });
export type UsageQuery = T.Static<typeof UsageQuery>;

export const USAGE_METRICS = [
  'activeUsers',
  'signins',
  'apiCalls',
  'unitsReporting',
  'measurements',
  'alarmsRaised',
  'tasksClosed',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** One API token's calls in the period. */
export interface UsageToken {
  id: number;
  name: string;
  prefix: string;
  revoked: boolean;
  total: number;
  /** Per day of `days`. */
  perDay: number[];
}

export interface UsageStatistics {
  organizationId: number;
  from: string;
  to: string;
  /** Every day of the period, YYYY-MM-DD. */
  days: string[];
  /** Per metric, one number per day of `days`. */
  series: Record<UsageMetric, number[]>;
  /** Per metric over the period: sums, except activeUsers and unitsReporting (distinct users and units). */
  totals: Record<UsageMetric, number>;
  tokens: UsageToken[];
}

/** The metric name of API calls in the usage_daily table. */
export const USAGE_API_CALLS = 'api.calls';

/** The days from `from` to `to` (inclusive), YYYY-MM-DD; [] when `to` is before `from`. */
export function usageDays(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length <= USAGE_MAX_DAYS; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
