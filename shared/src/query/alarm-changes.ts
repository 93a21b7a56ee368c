/**
 * Alarm state changes in the page's data cache (shared domain/alarm-state.ts): an alarm
 * acknowledged, reset or cleared — pushed by the server (bus 'alarms:changed', forwarded by the
 * shell's push) or answered to this page's own action — is applied in place to every cached unit
 * list (the units' AlarmEvents) and to the cached pages of its units: an acknowledged alarm shows
 * who and when, a cleared one leaves its unit. Changes arriving together (a bulk acknowledge
 * elsewhere) are applied in one pass over the lists.
 *
 * trackAlarmChanges(bus, queryClient) starts this once per page (the shell does it when its push
 * starts; a remote's hooks ask again, which changes nothing), so no change is missed while no
 * alarm screen is open. It also keeps the states learnt since the page opened (AlarmStatusStore),
 * for screens holding alarms the lists do not have yet (an alarm event pushed a moment ago).
 * Only types come from @tanstack/react-query here.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AlarmEventRef, Unit } from '../api/types';
import type { FwEvent } from '../domain/events';
import type { Bus } from '../bus';
import { applyAlarmChanges, patchAlarmEvents, type AlarmStatus } from '../domain/alarm-state';
import { queryKeys } from './keys';

/** How long pushed changes are gathered before one pass over the cached lists. */
export const ALARM_PATCH_DELAY_MS = 100;

/** Applies alarm states to every cached unit list and to the cached pages of their units. */
export function applyAlarmStatusesToCache(queryClient: QueryClient, changes: readonly AlarmStatus[]): void {
  if (changes.length === 0) return;
  queryClient.setQueriesData<Unit[]>({ queryKey: queryKeys.devices([]).slice(0, 1) }, (old) =>
    Array.isArray(old) ? applyAlarmChanges(old, changes) : old,
  );
  const byUnit = new Map<number, Map<number, AlarmStatus>>();
  for (const c of changes) byUnit.set(c.unitId, (byUnit.get(c.unitId) ?? new Map()).set(c.alarmId, c));
  for (const [unitId, mine] of byUnit)
    queryClient.setQueryData<{ AlarmEvents?: Unit['AlarmEvents'] } | null>(queryKeys.unitPart(unitId, 'details'), (old) => {
      if (!old || !Array.isArray(old.AlarmEvents)) return old;
      const next = patchAlarmEvents(old.AlarmEvents, mine);
      return next === old.AlarmEvents ? old : { ...old, AlarmEvents: next };
    });
}

/** The unit list's record of a pushed alarm event; null for events that are not a stored alarm. */
export function alarmRefOfEvent(e: FwEvent): { unitId: number; ref: AlarmEventRef } | null {
  if (e.type !== 'alarm' || e.unitId == null || !e.alarm || e.alarm.id == null) return null;
  return {
    unitId: e.unitId,
    ref: {
      AlarmID: e.alarm.id,
      AlarmType: e.alarm.type,
      AlarmEventText: e.alarm.text,
      AlarmEventTime: e.alarm.time,
      ChannelID: e.alarm.channelId,
    },
  };
}

function withRefs<E extends { AlarmID: number }>(list: readonly E[], refs: readonly AlarmEventRef[]): E[] {
  const seen = new Set(list.map((e) => e.AlarmID));
  const fresh = refs.filter((r) => !seen.has(r.AlarmID) && Boolean(seen.add(r.AlarmID)));
  return fresh.length === 0 ? (list as E[]) : [...list, ...(fresh as unknown as E[])];
}

/**
 * New alarms (pushed events) join their units' AlarmEvents in every cached unit list and unit
 * page, so the alarm list, maps, unit lists and counters show them without a refetch. An alarm
 * already there is left as it is.
 */
export function addAlarmEventsToCache(queryClient: QueryClient, raised: readonly FwEvent[]): void {
  const byUnit = new Map<number, AlarmEventRef[]>();
  for (const e of raised) {
    const r = alarmRefOfEvent(e);
    if (r) byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), r.ref]);
  }
  if (byUnit.size === 0) return;
  queryClient.setQueriesData<Unit[]>({ queryKey: queryKeys.devices([]).slice(0, 1) }, (old) => {
    if (!Array.isArray(old)) return old;
    let out: Unit[] | null = null;
    old.forEach((u, i) => {
      const refs = byUnit.get(u.UnitID);
      if (!refs || !Array.isArray(u.AlarmEvents)) return;
      const next = withRefs(u.AlarmEvents, refs);
      if (next === u.AlarmEvents) return;
      out ??= [...old];
      out[i] = { ...u, AlarmEvents: next };
    });
    return out ?? old;
  });
  for (const [unitId, refs] of byUnit)
    queryClient.setQueryData<{ AlarmEvents?: Unit['AlarmEvents'] } | null>(queryKeys.unitPart(unitId, 'details'), (old) => {
      if (!old || !Array.isArray(old.AlarmEvents)) return old;
      const next = withRefs(old.AlarmEvents, refs);
      return next === old.AlarmEvents ? old : { ...old, AlarmEvents: next };
    });
}

/** The alarm states learnt since the page opened, by alarm id, as immutable snapshots. */
export class AlarmStatusStore {
  /** At most this many are kept (the oldest go first). */
  static readonly MAX = 5000;
  private snapshot: ReadonlyMap<number, AlarmStatus> = new Map();
  private readonly listeners = new Set<() => void>();
  add(list: readonly AlarmStatus[]): void {
    if (list.length === 0) return;
    const next = new Map(this.snapshot);
    for (const c of list) {
      next.delete(c.alarmId);
      next.set(c.alarmId, c);
    }
    while (next.size > AlarmStatusStore.MAX) next.delete(next.keys().next().value as number);
    this.set(next);
  }
  clear(): void {
    if (this.snapshot.size > 0) this.set(new Map());
  }
  private set(next: ReadonlyMap<number, AlarmStatus>) {
    this.snapshot = next;
    for (const l of [...this.listeners]) l();
  }
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  get = (): ReadonlyMap<number, AlarmStatus> => this.snapshot;
}

interface Tracked {
  store: AlarmStatusStore;
  queryClient: QueryClient;
}
const tracked = new WeakMap<Bus, Tracked>();

/**
 * Applies the page's alarm changes to its cache from now on (once per bus; later calls answer the
 * same store). Another session on the page starts with an empty store.
 */
export function trackAlarmChanges(bus: Bus, queryClient: QueryClient): AlarmStatusStore {
  const known = tracked.get(bus);
  if (known) return known.store;
  const store = new AlarmStatusStore();
  tracked.set(bus, { store, queryClient });
  let pending: AlarmStatus[] = [];
  let raised: FwEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const batch = pending;
    const fresh = raised;
    pending = [];
    raised = [];
    // An alarm is raised before it changes: new alarms first, then the changes (which may clear them).
    addAlarmEventsToCache(queryClient, fresh);
    store.add(batch);
    applyAlarmStatusesToCache(queryClient, batch);
  };
  bus.on('alarms:changed', (c) => {
    pending.push(c);
    timer ??= setTimeout(flush, ALARM_PATCH_DELAY_MS);
  });
  bus.on('alarms:raised', (e) => {
    raised.push(e);
    timer ??= setTimeout(flush, ALARM_PATCH_DELAY_MS);
  });
  bus.on('session:changed', () => store.clear());
  bus.on('session:expired', () => store.clear());
  return store;
}

/** The page's own action was answered: its states go into the cache and the store at once. */
export function recordAlarmStatuses(bus: Bus, queryClient: QueryClient, statuses: readonly AlarmStatus[]): void {
  trackAlarmChanges(bus, queryClient).add(statuses);
  applyAlarmStatusesToCache(queryClient, statuses);
}
