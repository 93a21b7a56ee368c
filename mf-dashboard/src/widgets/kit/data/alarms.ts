/**
 * Alarms for the widgets: the active alarms the units already carry (units[].AlarmEvents — no
 * request), and the alarm history from the server (xrequest GetAlarms for the selected customers,
 * the alarms of given units), newest first. Shared: the map widgets may import it.
 */
import {
  ALARM_FETCH_DEFAULT_ROWS,
  alarmEventStatus,
  alarmStateOf,
  type AlarmState,
  type AlarmStatus,
  type AlarmRecord,
  type AnswerOf,
  type ApiClient,
  apiDateMs,
  type BodyOf,
  ENDPOINTS,
  isCriticalAlarm,
  pathFor,
  type Unit,
  type UnitStatus,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { type DataState, idsKey, useWidgetQuery } from './widget-query';

/** One alarm as the widgets show it. */
export interface AlarmRow {
  /** AlarmID (unique per alarm). */
  id: number;
  unitId: number;
  unitName: string;
  unitLocation: string;
  unitType: number;
  type: number;
  text: string;
  /** The API time as sent (UTC, "YYYY-MM-DD HH:mm:ss"). */
  time: string;
  /** Epoch ms of `time` (NaN when unreadable: sorted last). */
  ms: number;
  channelId: number;
  active: boolean;
  /** alarm, or problem for a communication error. */
  status: UnitStatus;
  critical: boolean;
  /** Active/cleared × unacknowledged/acknowledged (shared domain/alarm-state.ts). */
  state: AlarmState;
  /** Who acknowledged it and when (API date); null: nobody yet. */
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
}

/**
 * A row with the alarm's state as the page learnt it since (pushed, or answered to an action):
 * the same row when nothing is known or nothing changed.
 */
export function withStatus<R extends AlarmRow>(row: R, status: AlarmStatus | undefined): R {
  if (!status || status.alarmId !== row.id) return row;
  const active = status.state === 'activeUnacknowledged' || status.state === 'activeAcknowledged';
  if (row.state === status.state && row.acknowledgedAt === status.acknowledgedAt) return row;
  return { ...row, state: status.state, active, acknowledgedBy: status.acknowledgedBy, acknowledgedAt: status.acknowledgedAt };
}

/** Newest first; unreadable times last; ties by id descending. */
export function byNewest(a: AlarmRow, b: AlarmRow): number {
  const am = Number.isFinite(a.ms) ? a.ms : -Infinity;
  const bm = Number.isFinite(b.ms) ? b.ms : -Infinity;
  return bm - am || b.id - a.id;
}

/** The active alarms carried by the units, newest first. One pass; fine for 100,000 units. */
export function activeAlarmsOf(units: readonly Unit[]): AlarmRow[] {
  const out: AlarmRow[] = [];
  for (const u of units) {
    const events = u.AlarmEvents;
    if (!events || events.length === 0) continue;
    for (const e of events) {
      const type = Number(e.AlarmType);
      if (!Number.isFinite(type) || type < 0) continue;
      out.push({
        id: e.AlarmID,
        unitId: u.UnitID,
        unitName: u.UnitName,
        unitLocation: u.UnitLocation ?? '',
        unitType: u.UnitType,
        type,
        text: e.AlarmEventText ?? '',
        time: e.AlarmEventTime,
        ms: apiDateMs(e.AlarmEventTime),
        channelId: e.ChannelID,
        active: true,
        status: alarmEventStatus(type),
        critical: isCriticalAlarm(type),
        state: alarmStateOf({ active: true, acknowledgedAt: e.AcknowledgedAt ?? null }),
        acknowledgedBy: e.AcknowledgedAt ? (e.AcknowledgedBy ?? null) : null,
        acknowledgedAt: e.AcknowledgedAt ?? null,
      });
    }
  }
  return out.sort(byNewest);
}

/** A server alarm record as a row (location from the units when known). */
export function rowOfRecord(r: AlarmRecord, unitsById?: ReadonlyMap<number, Unit>): AlarmRow {
  const type = Number(r.AlarmType);
  return {
    id: r.AlarmID,
    unitId: r.UnitID,
    unitName: r.UnitName ?? unitsById?.get(r.UnitID)?.UnitName ?? String(r.UnitID),
    unitLocation: unitsById?.get(r.UnitID)?.UnitLocation ?? '',
    unitType: r.UnitType,
    type,
    text: r.AlarmEventText ?? '',
    time: r.AlarmEventTime,
    ms: apiDateMs(r.AlarmEventTime),
    channelId: r.ChannelID,
    active: Boolean(r.Active),
    status: alarmEventStatus(type),
    critical: isCriticalAlarm(type),
    state: r.State ?? alarmStateOf({ active: Boolean(r.Active), acknowledgedAt: r.AcknowledgedAt ?? null }),
    acknowledgedBy: r.AcknowledgedBy ?? null,
    acknowledgedAt: r.AcknowledgedAt ?? null,
  };
}

export interface AlarmQuery {
  /** Only these units (the alarms-of-devices endpoint); none: every unit of the selected customers (GetAlarms). */
  unitIds?: readonly number[];
  /** Only active alarms. */
  active?: boolean;
  /** At most this many (GetAlarms; default ALARM_FETCH_DEFAULT_ROWS). */
  rows?: number;
  /** Only these alarm types (GetAlarms). */
  types?: readonly number[];
}

/** Fetches alarm records, newest first; throws when the call fails. */
export async function fetchAlarms(api: ApiClient, q: AlarmQuery = {}): Promise<AlarmRecord[]> {
  let list: AlarmRecord[];
  if (q.unitIds && q.unitIds.length > 0) {
    const body: BodyOf<typeof ENDPOINTS.alarmsOfDevices> = {
      devices: [...q.unitIds],
      ...(q.active !== undefined ? { active: q.active } : {}),
    };
    const [data, failed] = await api.request<AnswerOf<typeof ENDPOINTS.alarmsOfDevices>>({
      method: ENDPOINTS.alarmsOfDevices.method,
      url: pathFor(ENDPOINTS.alarmsOfDevices),
      data: body,
    });
    if (failed || !Array.isArray(data)) throw new Error('alarms request failed');
    list = data;
  } else {
    const params: Record<string, unknown> = { Rows: q.rows ?? ALARM_FETCH_DEFAULT_ROWS };
    if (q.active !== undefined) params.Active = q.active;
    if (q.types && q.types.length > 0) params.AlarmTypes = q.types.join(',');
    list = await api.legacy<AlarmRecord>('GetAlarms', params);
  }
  return list.filter((r) => r && typeof r.AlarmID === 'number');
}

/**
 * The alarms of the query as rows, newest first; refetches when the query or `refreshKey` changes
 * and keeps the last answer while reloading. `enabled: false` fetches nothing (status stays loading).
 */
export function useAlarms(
  q: AlarmQuery & { enabled?: boolean; units?: readonly Unit[] },
  refreshKey: number,
): DataState<AlarmRow[]> {
  const { api } = useRemote();
  const unitsKey = q.unitIds ? idsKey(q.unitIds) : 'all';
  const typesKey = q.types ? q.types.join(',') : '';
  const enabled = q.enabled ?? true;
  return useWidgetQuery<AlarmRow[]>(
    ['alarms', unitsKey, q.active ?? null, q.rows ?? null, typesKey],
    async () => {
      const records = await fetchAlarms(api, q);
      const byId = q.units ? new Map(q.units.map((u) => [u.UnitID, u])) : undefined;
      return records.map((r) => rowOfRecord(r, byId)).sort(byNewest);
    },
    refreshKey,
    { enabled },
  );
}

/** The alarm types present in rows, with their counts (most frequent first, then by type). */
export function alarmTypeCounts(rows: readonly AlarmRow[]): Array<{ type: number; count: number }> {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  return [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type - b.type);
}
