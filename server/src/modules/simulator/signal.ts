/**
 * The demo signal model: a pure, deterministic function of (seed, unit, channel, time), so the
 * backfilled history and the live simulator draw the same curves, on every machine. Channels are
 * recognised by the demo fleet's channel names (seed/fleet.ts). Now and then a value crosses the
 * demo alarm limits (DEMO_LIMITS), the battery sags, or the signal drops out (no contact).
 */
import { DAY_MS, HOUR_MS, isParkingType } from '@fieldwatch/shared';

export interface SignalChannel {
  unitId: number;
  unitType: number;
  channelNo: number;
  name: string;
}

/** Level-1 alarm limits the demo seeds per channel name (low/high; null: no limit). */
export const DEMO_LIMITS: Readonly<Record<string, { low: number | null; high: number | null }>> = {
  'Analogue 1': { low: 4, high: 18 },
  'Level formula 1': { low: null, high: 90 },
  'PT 1': { low: 2, high: 60 },
  'Battery voltage': { low: 3.3, high: null },
  'Resistance 1': { low: 100, high: null },
  'Loop resistance 1': { low: null, high: 150 },
};

/** The channel whose dropouts (NO_SIGNAL_DBM) are the demo's communication errors. */
export const SIGNAL_CHANNEL = 'Signal strength';
export const NO_SIGNAL_DBM = -120;

/** Uniform [0, 1) from integers (a small avalanche hash; no state). */
export function hash01(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The value of a channel at time `ts` (epoch ms). */
export function signalValue(seed: number, ch: SignalChannel, ts: number): number {
  const phase = hash01(seed, ch.unitId, ch.channelNo) * 2 * Math.PI;
  const daily = Math.sin((2 * Math.PI * (ts % DAY_MS)) / DAY_MS + phase);
  const weekly = Math.sin((2 * Math.PI * ts) / (7 * DAY_MS) + phase);
  const tenMin = Math.floor(ts / 600_000);
  const noise = hash01(seed, ch.unitId, ch.channelNo, tenMin) - 0.5;
  // Rare excursions, a few hours long: limit crossings for the alarm pipeline.
  const excursion = hash01(seed ^ 0xa1a2, ch.unitId, ch.channelNo, Math.floor(ts / (6 * HOUR_MS))) < 0.01;

  switch (ch.name) {
    case 'Analogue 1':
      return round(excursion ? 19 + noise * 2 : 12 + 3 * daily + weekly + noise, 2);
    case 'Level formula 1':
      return round(
        Math.min(100, Math.max(0, excursion ? 93 + noise * 4 : 55 + 20 * daily + 5 * weekly + 3 * noise)),
        1,
      );
    case 'PT 1':
      return round(excursion ? 63 + noise * 3 : 35 + 10 * daily + 3 * weekly + noise, 1);
    case 'Level switch 1': {
      if (isParkingType(ch.unitType)) return parkingOccupied(seed, ch.unitId, ts) ? 1 : 0;
      return excursion ? 1 : 0;
    }
    case 'Battery voltage': {
      // Slow discharge over each unit's own battery life (2–5 years, replaced at a different time
      // per unit) from 3.68 V to 3.38 V, sagging below 3.30 V in the cold now and then.
      const life = (2 + 3 * hash01(seed ^ 0xba77, ch.unitId)) * 365 * DAY_MS;
      const age = ((ts + hash01(seed ^ 0xb0a7, ch.unitId) * life) % life) / life;
      return round(excursion ? 3.2 + noise * 0.1 : 3.68 - 0.3 * age + 0.02 * daily + 0.01 * noise, 3);
    }
    case 'Internal temperature':
      return round(8 + 6 * daily + 4 * weekly + noise, 1);
    case 'Signal strength':
      // -120 dBm: no signal, the communication errors of the demo.
      return excursion ? NO_SIGNAL_DBM : round(-85 + 6 * weekly + 4 * noise, 0);
    case 'Intrusion':
      return hash01(seed ^ 0x1d1d, ch.unitId, Math.floor(ts / HOUR_MS)) < 0.002 ? 1 : 0;
    case 'Resistance 1':
      return round(excursion ? 60 + noise * 30 : 800 + 150 * weekly + 40 * noise, 1);
    case 'Loop resistance 1':
      return round(excursion ? 180 + noise * 20 : 90 + 5 * daily + 2 * noise, 1);
    case 'CO2': {
      // Offices: fresh at night, stuffy in the working day, a few polluted afternoons.
      const hour = (ts % DAY_MS) / HOUR_MS;
      const occupied = hour >= 7 && hour < 17 ? Math.sin((Math.PI * (hour - 7)) / 10) : 0;
      return Math.round((excursion ? 2100 : 450 + 900 * occupied + 80 * weekly) + 60 * noise);
    }
    case 'Humidity':
      return round(Math.min(95, Math.max(15, 42 + 8 * daily + 6 * weekly + 3 * noise)), 1);
    case 'Pulse 1':
      return pulseCount(seed, ch.unitId, ts);
    default:
      return round(50 + 10 * daily + noise, 2);
  }
}

/**
 * A pulse meter's counter (m³): it only rises, by a daily use of 2–8 m³ per unit, more in the day.
 * Closed form (no state): whole days of use since the epoch plus today's share so far.
 */
export function pulseCount(seed: number, unitId: number, ts: number): number {
  const perDay = 2 + 6 * hash01(seed ^ 0x5a5a, unitId);
  const days = Math.floor(ts / DAY_MS);
  const frac = (ts % DAY_MS) / DAY_MS;
  // Use within a day follows a smooth S-curve: little at night, most between 6 and 22.
  const today = frac - Math.sin(2 * Math.PI * frac) / (2 * Math.PI);
  return round((days - 19_000) * perDay + today * perDay, 3);
}

/**
 * Parking occupancy: busier in the working day (UTC 7–16), changing at most every 20 minutes.
 */
export function parkingOccupied(seed: number, unitId: number, ts: number): boolean {
  const hour = Math.floor((ts % DAY_MS) / HOUR_MS);
  const weekday = new Date(ts).getUTCDay();
  const busy = weekday >= 1 && weekday <= 5 && hour >= 7 && hour < 16;
  const p = busy ? 0.75 : 0.2;
  return hash01(seed ^ 0x9a4c, unitId, Math.floor(ts / 1_200_000)) < p;
}
