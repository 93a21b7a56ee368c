/**
 * Reading alarm state (shared domain/alarm-state.ts) from the alarm rows: the status of an alarm,
 * and its latest change as pushed to browsers (push/hub.ts reads it here; writes are in state.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  alarmStateOf,
  formatApiDate,
  SYSTEM_USER,
  type AlarmChange,
  type AlarmHistoryKind,
  type AlarmState,
  type AlarmStatus,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmHistory, alarms, units } from '../../db/schema';

/** The columns of an alarm that its state and its links are made of. */
export const alarmStateColumns = {
  id: alarms.id,
  unitId: alarms.unitId,
  channelId: alarms.channelId,
  alarmType: alarms.alarmType,
  eventTime: alarms.eventTime,
  active: alarms.active,
  acknowledgedAt: alarms.acknowledgedAt,
  acknowledgedBy: alarms.acknowledgedBy,
  clearedAt: alarms.clearedAt,
  clearedBy: alarms.clearedBy,
  eventId: alarms.eventId,
  taskId: alarms.taskId,
  org: units.organizationId,
  unitName: units.name,
};
export interface AlarmStateRow {
  id: number;
  unitId: number;
  channelId: number;
  alarmType: number;
  eventTime: Date;
  active: boolean;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  clearedAt: Date | null;
  clearedBy: string | null;
  eventId: string | null;
  taskId: string | null;
  org: number;
  unitName: string;
}

const apiDate = (d: Date | null) => (d ? formatApiDate(d) : null);

export function stateOfRow(r: Pick<AlarmStateRow, 'active' | 'acknowledgedAt'>): AlarmState {
  return alarmStateOf({ active: r.active, acknowledgedAt: r.acknowledgedAt ? r.acknowledgedAt.toISOString() : null });
}

export function statusOfRow(r: AlarmStateRow): AlarmStatus {
  return {
    alarmId: r.id,
    unitId: r.unitId,
    organizationId: r.org,
    channelId: r.channelId,
    alarmType: r.alarmType,
    state: stateOfRow(r),
    acknowledgedBy: r.acknowledgedAt ? (r.acknowledgedBy ?? SYSTEM_USER) : null,
    acknowledgedAt: apiDate(r.acknowledgedAt),
    clearedBy: r.active ? null : r.clearedBy,
    clearedAt: r.active ? null : apiDate(r.clearedAt),
  };
}

/** Alarms of `orgIds` by id, locked for the rest of the transaction when `lock` (for a change). */
export async function loadAlarmRows(
  db: Db,
  ids: readonly number[],
  orgIds?: readonly number[],
  lock = false,
): Promise<AlarmStateRow[]> {
  if (ids.length === 0 || orgIds?.length === 0) return [];
  const where = orgIds
    ? and(inArray(alarms.id, [...ids]), inArray(units.organizationId, [...orgIds]))
    : inArray(alarms.id, [...ids]);
  const q = db.select(alarmStateColumns).from(alarms).innerJoin(units, eq(units.id, alarms.unitId)).where(where);
  return lock ? q.orderBy(alarms.id).for('update', { of: alarms }) : q.orderBy(alarms.id);
}

/** The latest change of each alarm as pushed to browsers (alarms without a recorded change are left out). */
export async function loadAlarmChanges(db: Db, ids: readonly number[]): Promise<AlarmChange[]> {
  const rows = await loadAlarmRows(db, ids);
  if (rows.length === 0) return [];
  const latest = await db
    .selectDistinctOn([alarmHistory.alarmId], {
      alarmId: alarmHistory.alarmId,
      kind: alarmHistory.kind,
      by: alarmHistory.by,
      at: alarmHistory.at,
    })
    .from(alarmHistory)
    .where(inArray(alarmHistory.alarmId, rows.map((r) => r.id)))
    .orderBy(alarmHistory.alarmId, desc(alarmHistory.at), desc(alarmHistory.id));
  const byId = new Map(latest.map((l) => [l.alarmId, l]));
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .filter((r) => byId.has(r.id))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((r) => {
      const h = byId.get(r.id)!;
      return { ...statusOfRow(r), kind: h.kind as AlarmHistoryKind, by: h.by, at: formatApiDate(h.at) };
    });
}
