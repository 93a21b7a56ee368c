/**
 * One rule for a parking bay (issue 20): occupied, free or unknown. The parking list, the parking
 * map and the parking statistics all count bays with it, so their numbers agree.
 *
 * - unknown: the unit is not installed (inactive) or has a problem (communication error), or it
 *   has no parking reading, or its newest reading is older than PARKING_READING_MAX_AGE_MS;
 * - otherwise occupied when the parking switch reads 1 (≥ 0.5), free when it reads 0.
 * A bay in alarm still has a known state: the alarm is shown beside it, not instead of it.
 */
import { apiDateMs } from '../contract/api-date';
import type { UnitStatus } from './status';
import { HOUR_MS } from './telemetry';

export type ParkingBayState = 'occupied' | 'free' | 'unknown';
export const PARKING_BAY_STATES: readonly ParkingBayState[] = ['occupied', 'free', 'unknown'];

/** A reading older than this says nothing about the bay now. */
export const PARKING_READING_MAX_AGE_MS = 24 * HOUR_MS;

/** A bay's newest parking reading: the switch value and when it was measured (epoch ms). */
export interface ParkingReading {
  value: number;
  at: number;
}

/** A latest-value row as GetUnitsShowValue answers it (the fields the rule reads). */
export interface ParkingValueRow {
  ChannelKind?: string;
  ChannelName?: string;
  Value?: number | null;
  MeasureTime?: string;
}

const PARKING_CHANNEL_NAME = /park|occup|belag|optaget|upptag/i;

/** The parking row among a unit's latest values: its switch channel, else one named like parking. */
export function parkingReadingRow<T extends ParkingValueRow>(rows: readonly T[] | undefined): T | undefined {
  if (!rows) return undefined;
  const usable = rows.filter((r) => typeof r.Value === 'number' && Number.isFinite(r.Value));
  return usable.find((r) => r.ChannelKind === 'switch') ?? usable.find((r) => PARKING_CHANNEL_NAME.test(r.ChannelName ?? ''));
}

/** The parking reading among a unit's latest values (see parkingReadingRow). */
export function parkingReadingOf(rows: readonly ParkingValueRow[] | undefined): ParkingReading | undefined {
  const row = parkingReadingRow(rows);
  return row ? { value: row.Value as number, at: apiDateMs(row.MeasureTime) } : undefined;
}

/** The state of one bay now. */
export function parkingBayState(
  reading: ParkingReading | undefined,
  status: UnitStatus,
  now: number = Date.now(),
): ParkingBayState {
  if (status === 'inactive' || status === 'problem') return 'unknown';
  if (!reading || !Number.isFinite(reading.at) || now - reading.at > PARKING_READING_MAX_AGE_MS) return 'unknown';
  return reading.value >= 0.5 ? 'occupied' : 'free';
}

/** How many bays are in each state. */
export function countParkingBays(states: Iterable<ParkingBayState>): Record<ParkingBayState, number> {
  const out: Record<ParkingBayState, number> = { occupied: 0, free: 0, unknown: 0 };
  for (const s of states) out[s] += 1;
  return out;
}

/** How far back the parking list looks for a bay's last change of state. */
export const PARKING_SINCE_WINDOW_MS = PARKING_READING_MAX_AGE_MS;

/** A point of the parking channel's history (a raw reading, or a downsampled bucket with min/max). */
export interface ParkingHistoryPoint {
  ts: string;
  value: number;
  min?: number;
  max?: number;
}

/**
 * When the bay last changed state (epoch ms): the first reading of the newest run of readings in
 * the bay's present state, or the bucket in which the state changed. When the history shows no
 * change: the first reading, if the history starts well inside the window (a bay installed, or a
 * server started, since: in this state since its first reading), else null (so for the whole
 * window). null for an empty history.
 */
export function parkingStateSince(points: readonly ParkingHistoryPoint[], windowStart?: number): number | null {
  const sorted = points
    .map((p) => ({ ...p, at: Date.parse(p.ts) }))
    .filter((p) => Number.isFinite(p.at) && Number.isFinite(p.value))
    .sort((a, b) => a.at - b.at);
  const last = sorted.at(-1);
  if (!last) return null;
  const occupied = (v: number) => v >= 0.5;
  const now = occupied(last.value);
  let since: number | null = null;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    const mixed = p.min !== undefined && p.max !== undefined && occupied(p.min) !== occupied(p.max);
    if (mixed) return p.at;
    if (occupied(p.value) !== now) return since;
    since = p.at;
  }
  const first = sorted[0]!.at;
  return windowStart !== undefined && first - windowStart > HOUR_MS ? first : null;
}
