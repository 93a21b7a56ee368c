/**
 * A unit's derived status computed by the database, for fleet-wide answers (the KPIs, the map):
 * 100,000 units cannot be loaded row by row in time, least of all into PGlite.
 */
import { sql } from 'drizzle-orm';
import { COMMUNICATION_ERROR_ALARM, INACTIVE_UNIT_MARKER } from '@fieldwatch/shared';

export const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
/** `values` as a comma-separated SQL list of parameters. */
export const inList = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The active alarms of the units of `orgIds`, per unit: its alarm types (distinct, ascending) and
 * the two flags the status depends on. Joined to units (left join: units without alarms get
 * nulls) by unitStatusSql and the fleet-wide queries below.
 */
export const activeAlarmsByUnit = (orgIds: readonly number[]) => sql`
  select a.unit_id,
    array_agg(distinct a.alarm_type order by a.alarm_type) as types,
    bool_or(a.alarm_type = ${COMMUNICATION_ERROR_ALARM}) as comm,
    bool_or(a.alarm_type >= 0) as alarm
  from alarms a join units au on au.id = a.unit_id
  where a.active and au.organization_id in (${inList(orgIds)})
  group by a.unit_id`;

/**
 * unitStatus() of @fieldwatch/shared (domain/status.ts) in SQL, for a unit `u` joined to
 * activeAlarmsByUnit as `a`: inactive when the name contains INACTIVE_UNIT_MARKER (any case), else
 * problem with an active communication error, else alarm with any active alarm (type ≥ 0), else ok.
 * Fleet-wide answers (KPIs, the map) are computed in the database with it: 100,000 units cannot be
 * loaded row by row in time, least of all into PGlite. test/fleet-sql.test.ts keeps it equal to
 * unitStatus().
 */
export const inactiveSql = sql`strpos(lower(u.name), ${INACTIVE_UNIT_MARKER.toLowerCase()}) > 0`;
export const unitStatusSql = sql`case
    when ${inactiveSql} then 'inactive'
    when a.comm then 'problem'
    when a.alarm then 'alarm'
    else 'ok' end`;
