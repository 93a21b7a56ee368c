/**
 * Data plumbing of the KPI widgets: a load hook that refetches on the widget's refreshKey and keeps
 * the last answer while reloading (auto refresh never flashes a spinner over good data), and the
 * latest-value call (xrequest GetUnitsShowValue) that answers many units in one request.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import moment from 'moment';
import { API_DATE_FORMAT, type ApiClient, type Result } from '@fieldwatch/shared';

export interface DataState<T> {
  status: 'loading' | 'error' | 'ready';
  /** The last good answer (also while reloading or after a failed reload). */
  data: T | undefined;
  reload(): void;
}

/**
 * Runs `load` now and whenever a dep changes; a throw is the error state. The request starts in a
 * layout effect: right after the widget's DOM is committed, before the browser paints the
 * dashboard, instead of in a passive effect that waits for that paint and whatever tasks queue
 * behind it (~0.2-0.7 s on a busy first load).
 */
export function useWidgetData<T>(load: () => Promise<T>, deps: readonly unknown[]): DataState<T> {
  const [state, setState] = useState<{ status: DataState<T>['status']; data: T | undefined }>({
    status: 'loading',
    data: undefined,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useLayoutEffect(() => {
    let live = true;
    setState((s) => (s.status === 'loading' ? s : { status: 'loading', data: s.data }));
    loadRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState((s) => ({ status: 'error', data: s.data })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/** The data of an API wrapper result, or a throw when the call failed. */
export async function must<T>(call: Promise<Result<T>>): Promise<T> {
  const [data, failed] = await call;
  if (failed || data === undefined) throw new Error('request failed');
  return data;
}

/** One row of GetUnitsShowValue: the latest value of one channel of one unit. */
export interface LatestValue {
  UnitID: number;
  ChannelID: number;
  ChannelName: string;
  ChannelKind: string;
  UnitOfMeasure: string;
  Value: number;
  /** API date format, UTC. */
  MeasureTime: string;
}

/**
 * The most units whose latest values one widget asks for: one GetUnitsShowValue request (the API
 * client's id chunk). Widgets say so when a fleet is larger.
 */
export const LATEST_MAX_UNITS = 4000;

/** Latest values of every channel of `unitIds` (at most LATEST_MAX_UNITS are asked for). */
export async function fetchLatest(api: ApiClient, unitIds: readonly number[]): Promise<LatestValue[]> {
  if (unitIds.length === 0) return [];
  const rows = await api.legacy<LatestValue>('GetUnitsShowValue', {}, unitIds.slice(0, LATEST_MAX_UNITS));
  return (rows ?? []).filter((r) => r && typeof r.UnitID === 'number' && Number.isFinite(Number(r.Value)));
}

/** The rows of each unit. */
export function byUnit(rows: readonly LatestValue[]): Map<number, LatestValue[]> {
  const out = new Map<number, LatestValue[]>();
  for (const r of rows) {
    const list = out.get(r.UnitID);
    if (list) list.push(r);
    else out.set(r.UnitID, [r]);
  }
  return out;
}

/** The first channel of a unit that `test` accepts, in the order of the tests (most specific first). */
export function pickChannel(
  rows: readonly LatestValue[] | undefined,
  ...tests: Array<(r: LatestValue) => boolean>
): LatestValue | undefined {
  if (!rows) return undefined;
  for (const test of tests) {
    const hit = rows.find(test);
    if (hit) return hit;
  }
  return undefined;
}

/** An API date (UTC) as epoch ms. */
export function apiDateMs(value: string): number {
  return moment.utc(value, API_DATE_FORMAT).valueOf();
}

/** A short, stable key of an id list (for effect deps without joining 4,000 ids). */
export function idsKey(ids: readonly number[]): string {
  let h = 0;
  for (const id of ids) h = (Math.imul(h, 31) + id) | 0;
  return `${ids.length}:${h}`;
}
