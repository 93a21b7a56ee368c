/**
 * The demo's signal model looks like a real fleet (issue 20 §4): rooms read room temperatures with
 * a daily and a weekly rhythm, parking bays change state through the day with the 8–17 peak (local
 * time of the demo towns). Pure: no database.
 */
import { DAY_MS, deviceType, HOUR_MS, isParkingType } from '@fieldwatch/shared';
import { DEMO_SEED, generateDemoData } from '../src/seed/fleet';
import { demoClock, demoLocal, parkingOccupied, signalValue } from '../src/modules/simulator/signal';

const NOW = new Date('2025-06-01T12:00:00Z');
const data = generateDemoData(DEMO_SEED, NOW);
const typeOf = new Map(data.units.map((u) => [u.id, u.type]));
const chOf = (name: string, pick: (type: number) => boolean) =>
  data.channels
    .filter((c) => c.name === name && pick(typeOf.get(c.unitId)!))
    .map((c) => ({ unitId: c.unitId, unitType: typeOf.get(c.unitId)!, channelNo: c.channelNo, name: c.name }));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Epoch ms of a local (Europe/Stockholm) wall-clock time. */
const local = (iso: string) => {
  const asUtc = Date.parse(`${iso}Z`);
  return asUtc - (demoLocal(asUtc) - asUtc);
};

describe('demo clock', () => {
  it('is Stockholm time: UTC+1 in winter, UTC+2 in summer (EU rule)', () => {
    expect(demoClock(Date.parse('2025-01-15T07:00:00Z'))).toEqual({ hour: 8, workday: true });
    expect(demoClock(Date.parse('2025-06-16T06:00:00Z'))).toEqual({ hour: 8, workday: true });
    expect(demoClock(Date.parse('2025-03-30T00:59:00Z')).hour).toBeCloseTo(1 + 59 / 60);
    expect(demoClock(Date.parse('2025-03-30T01:00:00Z')).hour).toBe(3);
    expect(demoClock(Date.parse('2025-10-26T01:00:00Z')).hour).toBe(2);
    expect(demoClock(Date.parse('2025-06-14T10:00:00Z')).workday).toBe(false); // a Saturday
  });
});

describe('indoor climate (classroom and office sensors)', () => {
  const indoor = chOf('PT 1', (t) => ['climate', 'co2'].includes(deviceType(t)?.family ?? ''));
  // A week in winter and one in summer, every 20 minutes.
  const weeks = [local('2025-01-13T00:00:00'), local('2025-06-16T00:00:00')];

  it('reads 19–24 °C, always', () => {
    expect(indoor.length).toBeGreaterThan(10);
    for (const start of weeks)
      for (const ch of indoor)
        for (let t = start; t < start + 7 * DAY_MS; t += 20 * 60_000) {
          const v = signalValue(DEMO_SEED, ch, t);
          expect(v).toBeGreaterThanOrEqual(19);
          expect(v).toBeLessThanOrEqual(24);
        }
  });

  it('has a daily rhythm (warmer in the working day) and a weekly one (setback at the weekend)', () => {
    const at = (ch: (typeof indoor)[number], iso: string) => signalValue(DEMO_SEED, ch, local(iso));
    const night = mean(indoor.map((ch) => at(ch, '2025-01-15T03:00:00')));
    const afternoon = mean(indoor.map((ch) => at(ch, '2025-01-15T14:00:00')));
    const saturday = mean(indoor.map((ch) => at(ch, '2025-01-18T14:00:00')));
    expect(afternoon - night).toBeGreaterThan(1.5);
    expect(afternoon - saturday).toBeGreaterThan(1.5);
    // The rooms differ from each other.
    expect(new Set(indoor.map((ch) => at(ch, '2025-01-15T14:00:00'))).size).toBeGreaterThan(3);
  });

  it('the other temperatures keep their own ranges: a cold store stays cold', () => {
    const cold = chOf('PT 1', (t) => deviceType(t)?.family === 'temperature');
    expect(cold.length).toBeGreaterThan(0);
    for (const ch of cold)
      for (let t = weeks[0]!; t < weeks[0]! + DAY_MS; t += 10 * 60_000) {
        const v = signalValue(DEMO_SEED, ch, t);
        expect(v).toBeGreaterThan(2);
        expect(v).toBeLessThan(8);
      }
  });
});

describe('parking bays', () => {
  const bays = data.units.filter((u) => isParkingType(u.type)).map((u) => u.id);
  /** Share of the bays occupied between two local times of one day, sampled every 5 minutes. */
  const occupancy = (day: string, from: number, to: number) => {
    const start = local(`${day}T00:00:00`);
    const samples: number[] = [];
    for (let t = start + from * HOUR_MS; t < start + to * HOUR_MS; t += 5 * 60_000)
      for (const id of bays) samples.push(parkingOccupied(DEMO_SEED, id, t) ? 1 : 0);
    return mean(samples);
  };

  it('peak 8–17 local time on working days, in summer time too', () => {
    expect(bays.length).toBeGreaterThan(20);
    for (const day of ['2025-01-15', '2025-06-18']) {
      const peak = occupancy(day, 8, 17);
      expect(peak).toBeGreaterThan(0.65);
      expect(occupancy(day, 0, 6)).toBeLessThan(0.2);
      expect(occupancy(day, 20, 24)).toBeLessThan(0.35);
      // The first and the last hour of the window belong to the peak (not UTC's 7–16).
      expect(occupancy(day, 8, 9)).toBeGreaterThan(0.6);
      expect(occupancy(day, 16, 17)).toBeGreaterThan(0.6);
    }
    expect(occupancy('2025-06-21', 8, 17)).toBeLessThan(0.5); // Saturday
  });

  it('every bay changes state during the working day, and stays put for a while between changes', () => {
    const start = local('2025-01-15T08:00:00');
    for (const id of bays) {
      const changes: number[] = [];
      let prev = parkingOccupied(DEMO_SEED, id, start);
      for (let t = start + 60_000; t < start + 9 * HOUR_MS; t += 60_000) {
        const now = parkingOccupied(DEMO_SEED, id, t);
        if (now !== prev) changes.push(t);
        prev = now;
      }
      expect(changes.length).toBeGreaterThanOrEqual(2);
      // No flicker: every state lasts at least 5 minutes.
      for (let i = 1; i < changes.length; i++) expect(changes[i]! - changes[i - 1]!).toBeGreaterThanOrEqual(5 * 60_000);
    }
  });
});
