/**
 * The usage statistics of an organisation over whole UTC days (shared/src/contract/usage.ts says
 * what each number is). Every number comes from stored rows, one grouped query per source:
 * - sign-ins and active users: audit_log rows 'auth.signin' of the organisation's users;
 * - API calls: usage_daily (counted by ./counter.ts), per token;
 * - units reporting and measurements: the daily measurement rollups of its units;
 * - alarms raised: its units' alarms by their event time;
 * - tasks closed: its tasks' "status → done" activities (a task closed twice in a day counts once).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  USAGE_API_CALLS,
  USAGE_MAX_DAYS,
  USAGE_METRICS,
  usageDays,
  type UsageMetric,
  type UsageStatistics,
  type UsageToken,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';

export const USAGE_MESSAGES = {
  badDay: 'Enter valid dates (YYYY-MM-DD)',
  order: 'The start date must not be after the end date',
  tooLong: `Choose a period of at most ${USAGE_MAX_DAYS} days`,
  organizationNotFound: 'Organisation not found',
} as const;

const rowsOf = <R>(res: unknown): R[] => (res as { rows: R[] }).rows;

function isDay(s: string): boolean {
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function usageStatistics(
  db: Db,
  mine: readonly number[],
  q: { organizationId: number; from: string; to: string },
): Promise<UsageStatistics> {
  if (!isDay(q.from) || !isDay(q.to)) throw badRequest(USAGE_MESSAGES.badDay);
  if (q.from > q.to) throw badRequest(USAGE_MESSAGES.order);
  const days = usageDays(q.from, q.to);
  if (days.length > USAGE_MAX_DAYS) throw badRequest(USAGE_MESSAGES.tooLong);
  if (!mine.includes(q.organizationId)) throw notFound(USAGE_MESSAGES.organizationNotFound);

  const org = q.organizationId;
  const start = new Date(`${q.from}T00:00:00Z`);
  const end = new Date(`${nextDay(q.to)}T00:00:00Z`);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = Object.fromEntries(USAGE_METRICS.map((m) => [m, days.map(() => 0)])) as Record<UsageMetric, number[]>;
  const put = (metric: UsageMetric, day: string, n: unknown) => {
    const i = index.get(day);
    if (i !== undefined) series[metric][i] = Number(n) || 0;
  };
  const day = (col: ReturnType<typeof sql>) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

  const members = sql`(select user_id from user_organizations where organization_id = ${org})`;
  const signinWhere = sql`action = 'auth.signin' and at >= ${start} and at < ${end} and actor_user_id in ${members}`;
  const [signins, signinTotal, rollups, rollupTotal, raised, closed, calls, tokens] = await Promise.all([
    db.execute(sql`
      select ${day(sql`at`)} as d, count(*)::int as n, count(distinct actor_user_id)::int as u
      from audit_log where ${signinWhere} group by 1`),
    db.execute(sql`select count(distinct actor_user_id)::int as u from audit_log where ${signinWhere}`),
    db.execute(sql`
      select ${day(sql`r.bucket`)} as d, count(distinct r.unit_id)::int as u, coalesce(sum(r.count), 0)::bigint as n
      from measurement_rollups r join units u on u.id = r.unit_id
      where u.organization_id = ${org} and r.granularity = 'day' and r.bucket >= ${start} and r.bucket < ${end}
      group by 1`),
    db.execute(sql`
      select count(distinct r.unit_id)::int as u
      from measurement_rollups r join units u on u.id = r.unit_id
      where u.organization_id = ${org} and r.granularity = 'day' and r.bucket >= ${start} and r.bucket < ${end}`),
    db.execute(sql`
      select ${day(sql`a.event_time`)} as d, count(*)::int as n
      from alarms a join units u on u.id = a.unit_id
      where u.organization_id = ${org} and a.event_time >= ${start} and a.event_time < ${end}
      group by 1`),
    db.execute(sql`
      select left(act->>'date', 10) as d, count(distinct t.id)::int as n
      from tasks t cross join lateral jsonb_array_elements(
        case when jsonb_typeof(t.doc->'activities') = 'array' then t.doc->'activities' else '[]'::jsonb end) act
      where t.organization_id = ${org} and act->>'type' = 'status' and act->>'status' = 'done'
        and left(act->>'date', 10) >= ${q.from} and left(act->>'date', 10) <= ${q.to}
      group by 1`),
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as d, token_id as t, sum(count)::bigint as n
      from usage_daily
      where organization_id = ${org} and metric = ${USAGE_API_CALLS} and day >= ${q.from}::date and day <= ${q.to}::date
      group by 1, 2`),
    db
      .select({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(and(eq(apiTokens.organizationId, org)))
      .orderBy(asc(apiTokens.id)),
  ]);

  for (const r of rowsOf<{ d: string; n: number; u: number }>(signins)) {
    put('signins', r.d, r.n);
    put('activeUsers', r.d, r.u);
  }
  for (const r of rowsOf<{ d: string; n: string | number; u: number }>(rollups)) {
    put('measurements', r.d, r.n);
    put('unitsReporting', r.d, r.u);
  }
  for (const r of rowsOf<{ d: string; n: number }>(raised)) put('alarmsRaised', r.d, r.n);
  for (const r of rowsOf<{ d: string; n: number }>(closed)) put('tasksClosed', r.d, r.n);

  const byToken = new Map<number, UsageToken>(
    tokens.map((t) => [
      t.id,
      { id: t.id, name: t.name, prefix: t.prefix, revoked: t.revokedAt !== null, total: 0, perDay: days.map(() => 0) },
    ]),
  );
  for (const r of rowsOf<{ d: string; t: number | null; n: string | number }>(calls)) {
    const i = index.get(r.d);
    if (i === undefined) continue;
    const n = Number(r.n) || 0;
    series.apiCalls[i]! += n;
    const tok = r.t === null ? undefined : byToken.get(Number(r.t));
    if (tok) {
      tok.perDay[i]! += n;
      tok.total += n;
    }
  }

  const sum = (m: UsageMetric) => series[m].reduce((a, b) => a + b, 0);
  const totals = Object.fromEntries(USAGE_METRICS.map((m) => [m, sum(m)])) as Record<UsageMetric, number>;
  totals.activeUsers = Number(rowsOf<{ u: number }>(signinTotal)[0]?.u ?? 0);
  totals.unitsReporting = Number(rowsOf<{ u: number }>(rollupTotal)[0]?.u ?? 0);

  return {
    organizationId: org,
    from: q.from,
    to: q.to,
    days,
    series,
    totals,
    tokens: [...byToken.values()].sort((a, b) => b.total - a.total || a.id - b.id),
  };
}
