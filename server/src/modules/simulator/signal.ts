/**
 * The demo signal model: a pure, deterministic function of (seed, unit, channel, time), so the
 * backfilled history and the live simulator draw the same curves, on every machine. Channels are
 * recognised by the demo fleet's channel names (seed/fleet.ts). Now and then a value crosses the
 * demo alarm limits (DEMO_LIMITS), the battery sags, or the signal drops out (no contact).
 * What a channel reads depends on the unit's type too (spec §3's type codes): the temperature
 * ('PT 1') of an indoor climate or CO2 sensor is a room's 19–24 °C, of a cold store a fridge's; the
 * day's rhythm follows the demo towns' local time (DEFAULT_TIMEZONE, Europe/Stockholm), in which the
 * working day and the parking report's 8–17 are meant.
 */
import { DAY_MS, deviceType, HOUR_MS, isParkingType, type DeviceFamily } from '@fieldwatch/shared';

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

/** Families of sensors mounted indoors, in classrooms and offices. */
const INDOOR: ReadonlySet<DeviceFamily> = new Set(['climate', 'co2']);
const familyOf = (unitType: number): DeviceFamily => deviceType(unitType)?.family ?? 'other';

/** Start and end (epoch ms) of summer time in a year: last Sunday of March/October, 01:00 UTC (EU rule). */
const dstByYear = new Map<number, [number, number]>();
function summerTime(year: number): [number, number] {
  let span = dstByYear.get(year);
  if (!span) {
    const lastSunday = (month: number) => {
      const last = Date.UTC(year, month + 1, 0, 1);
      return last - new Date(last).getUTCDay() * DAY_MS;
    };
    span = [lastSunday(2), lastSunday(9)];
    dstByYear.set(year, span);
  }
  return span;
}

/**
 * Local time of the demo towns (Europe/Stockholm, Copenhagen alike: UTC+1, +2 in summer) as epoch
 * ms shifted so that UTC fields read local ones; closed form (no Intl: the history backfill asks
 * for hundreds of thousands of values).
 */
export function demoLocal(ts: number): number {
  const [from, to] = summerTime(new Date(ts).getUTCFullYear());
  return ts + (ts >= from && ts < to ? 2 : 1) * HOUR_MS;
}

/** Local hour (fractional) and whether it is a working day (Monday–Friday) in the demo towns. */
export function demoClock(ts: number): { hour: number; workday: boolean } {
  const local = demoLocal(ts);
  const weekday = new Date(local).getUTCDay();
  return { hour: (((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS, workday: weekday >= 1 && weekday <= 5 };
}

/**
 * A classroom's or office's temperature (°C), always within 19–24: the heating's night and weekend
 * setback (about 19.5), the morning warm-up from 6, people and sun through the working day (a peak
 * in the early afternoon), each room a little warmer or cooler than the next.
 */
export function indoorTemperature(seed: number, unitId: number, ts: number): number {
  const { hour, workday } = demoClock(ts);
  const room = (hash01(seed ^ 0x7e3a, unitId) - 0.5) * 1.2;
  const noise = hash01(seed ^ 0x7e3b, unitId, Math.floor(ts / 600_000)) - 0.5;
  let t = 19.6 + room * 0.5;
  if (workday) {
    // Heating up from 6 to 8, then people: a smooth hump from 8 to 17, highest at about 14.
    const warm = Math.min(1, Math.max(0, (hour - 6) / 2)) * (hour < 18 ? 1 : Math.max(0, 1 - (hour - 18) / 3));
    const people = hour >= 8 && hour < 17 ? Math.sin((Math.PI * (hour - 8)) / 11) : 0;
    t += 1.4 * warm + 1.8 * people + room;
  } else {
    // Weekends: setback with a little sun in the afternoon.
    t += 0.5 * Math.max(0, Math.sin((Math.PI * (hour - 10)) / 8));
  }
  return round(Math.min(24, Math.max(19, t + 0.3 * noise)), 1);
}

/** A cold store (°C): 3–5 with the compressor's cycle, and a defrost every 6 hours (up to about 7). */
function coldStoreTemperature(seed: number, unitId: number, ts: number): number {
  const phase = hash01(seed ^ 0xc01d, unitId) * 6 * HOUR_MS;
  const inCycle = ((ts + phase) % (6 * HOUR_MS)) / (6 * HOUR_MS);
  const defrost = inCycle < 0.05 ? Math.sin(Math.PI * (inCycle / 0.05)) * 3 : 0;
  const compressor = Math.sin((2 * Math.PI * ts) / (40 * 60_000) + phase);
  return round(4 + 0.6 * compressor + defrost + 0.2 * (hash01(seed, unitId, Math.floor(ts / 600_000)) - 0.5), 1);
}

/** The value of a channel at time `ts` (epoch ms). */
export function signalValue(seed: number, ch: SignalChannel, ts: number): number {
  const family = familyOf(ch.unitType);
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
      if (INDOOR.has(family)) return indoorTemperature(seed, ch.unitId, ts);
      if (family === 'temperature') return coldStoreTemperature(seed, ch.unitId, ts);
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
      // Indoors the electronics sit in the room, a little warmer than it; outdoors the weather's.
      if (INDOOR.has(family)) return round(indoorTemperature(seed, ch.unitId, ts) + 1.5, 1);
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
      // Offices: fresh at night and at weekends, stuffy in the working day, a few polluted afternoons.
      const { hour, workday } = demoClock(ts);
      const occupied = workday && hour >= 7 && hour < 17 ? Math.sin((Math.PI * (hour - 7)) / 10) : 0;
      return Math.round((excursion ? 2100 : 450 + 900 * occupied + 80 * weekly) + 60 * noise);
    }
    case 'Humidity':
      if (INDOOR.has(family)) {
        // Rooms: 30–50 %RH, a little more while people are in.
        const { hour, workday } = demoClock(ts);
        const people = workday && hour >= 8 && hour < 17 ? Math.sin((Math.PI * (hour - 8)) / 9) : 0;
        return round(Math.min(50, Math.max(30, 36 + 6 * people + 3 * weekly + 2 * noise)), 1);
      }
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
 * Occupancy of the demo towns' parking by local hour: a peak through the working day 8–17 (the
 * parking report's default window, spec §9), quiet nights, a lighter midday at weekends.
 */
export function parkingDemand(hour: number, workday: boolean): number {
  if (workday) {
    if (hour >= 8 && hour < 17) return 0.92;
    if (hour >= 7 && hour < 8) return 0.2 + 0.7 * (hour - 7);
    if (hour >= 17 && hour < 19) return 0.9 - 0.3 * (hour - 17);
    return hour >= 19 && hour < 23 ? 0.25 : 0.1;
  }
  return hour >= 10 && hour < 18 ? 0.35 : 0.1;
}

/**
 * A parking bay: occupied or free for stays of 20–90 minutes (each bay its own length and rhythm),
 * the chance of a stay following parkingDemand(); a car's stay starts with the 5–15 minutes in which
 * the last one has left and the next not yet arrived. So the bays change state all through the day,
 * busiest 8–17 local time. Closed form: a stay's state is one hash of (bay, stay number).
 */
export function parkingOccupied(seed: number, unitId: number, ts: number): boolean {
  const stayMs = (20 + Math.floor(hash01(seed ^ 0x9a4d, unitId) * 71)) * 60_000;
  const offset = Math.floor(hash01(seed ^ 0x9a4e, unitId) * stayMs);
  const stay = Math.floor((ts + offset) / stayMs);
  const begun = stay * stayMs - offset;
  const { hour, workday } = demoClock(begun + stayMs / 2);
  if (hash01(seed ^ 0x9a4c, unitId, stay) >= parkingDemand(hour, workday)) return false;
  const changeover = (5 + hash01(seed ^ 0x9a4f, unitId, stay) * 10) * 60_000;
  return ts - begun >= changeover;
}
