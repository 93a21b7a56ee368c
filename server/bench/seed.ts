/**
 * Bench data, written with set-based SQL (unnest of whole columns, generate_series, INSERT …
 * SELECT) so that 100,000 units and ten million measurements load in minutes, not hours:
 *
 * - one organisation (rights GIS, AWG, Parking) and one SuperUser in it;
 * - `units` units with the demo fleet's type mix, names, towns and channel layout (both taken from
 *   generateDemoData, so they follow seed/fleet.ts), ~5% not installed (the inactive marker in the
 *   name), the others with a last contact in the past hour;
 * - the demo's level-1 alarm limits (DEMO_LIMITS) on every installed unit's channels;
 * - active alarms on ~4% of the installed units (a quarter of them with a second one), unique per
 *   unit, channel and type as alarms_one_active_idx wants, plus a year of acknowledged ones;
 * - for `historyUnits` installed units spread over the fleet, `historyDays` of measurements every
 *   5 minutes on `historyChannels` channels, with their hour and day rollups aggregated in SQL
 *   exactly as rollupRows() folds them (UTC buckets; min, max, sum, count, last, last_ts).
 */
import { sql } from 'drizzle-orm';
import {
  deviceType,
  INACTIVE_UNIT_MARKER,
  RIGHTS,
  SESSION_COOKIE_NAME,
  USER_TYPES,
  type ChannelKind,
} from '@fieldwatch/shared';
import type { Db } from '../src/db/client';
import { organizations, userOrganizations, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { DEMO_LIMITS } from '../src/modules/simulator/signal';
import { generateDemoData } from '../src/seed/fleet';
import { TOWNS } from '../src/seed/places';
import { timedRequest } from './http';

export const BENCH_USER = 'bench.super';
export const BENCH_PASSWORD = 'fieldwatch-bench';
/** Measurements of the history units are this far apart. */
/** Signs the bench user in on the app at `base`; the session cookie (`name=value`). */
export async function signInBenchUser(base: string): Promise<string> {
  const login = await timedRequest({
    method: 'POST',
    url: `${base}/api/v2/auth/login`,
    // Sign-ins are writes: the cross-site guard wants the browser's same-origin marker.
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ username: BENCH_USER, password: BENCH_PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

export const HISTORY_STEP_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
const CHUNK = 10_000;

export interface SeedOptions {
  units: number;
  historyUnits: number;
  historyChannels: number;
  historyDays: number;
  /** End of the history (exclusive), on a 5-minute boundary. */
  now: Date;
  log: (line: string) => void;
}

export interface ChannelLayoutEntry {
  channelNo: number;
  kind: ChannelKind;
  name: string;
  unitOfMeasure: string;
}

export interface SeedResult {
  organizationId: number;
  /** Seconds per phase. */
  timings: Record<string, number>;
  historyUnitIds: number[];
  historyChannelNos: number[];
  historyFrom: Date;
  /** Every unit's channel layout: base, and base + extras for resistance sensors. */
  layout: { base: ChannelLayoutEntry[]; resistance: ChannelLayoutEntry[] };
}

/** Deterministic PRNG (mulberry32): the same bench data on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A PostgreSQL array literal: one bound parameter for a whole column (texts quoted and escaped). */
export function pgArray(values: ReadonlyArray<number | string | null>): string {
  const item = (v: number | string | null) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(item).join(',')}}`;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

async function timed<T>(
  timings: Record<string, number>,
  name: string,
  log: (l: string) => void,
  fn: () => Promise<T>,
): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  timings[name] = Math.round(performance.now() - t0) / 1000;
  log(`  ${name}: ${timings[name]} s`);
  return out;
}

/** The demo fleet's channel layout and type mix (generateDemoData, seed/fleet.ts). */
function demoShape(now: Date) {
  const demo = generateDemoData(undefined, now);
  const channelsOf = (unitId: number): ChannelLayoutEntry[] =>
    demo.channels
      .filter((c) => c.unitId === unitId)
      .sort((a, b) => a.channelNo - b.channelNo)
      .map((c) => ({ channelNo: c.channelNo, kind: c.kind, name: c.name, unitOfMeasure: c.unitOfMeasure }));
  const isResistance = (type: number) => deviceType(type)?.family === 'resistance';
  const plain = demo.units.find((u) => !isResistance(u.type));
  const resist = demo.units.find((u) => isResistance(u.type));
  if (!plain || !resist) throw new Error('the demo fleet has no plain or no resistance unit');
  const base = channelsOf(plain.id);
  const resistance = channelsOf(resist.id);
  if (resistance.slice(0, base.length).some((c, i) => c.name !== base[i]!.name))
    throw new Error('unexpected demo channel layout: resistance units do not extend the base channels');
  const types = demo.units.map((u) => u.type);
  const names = demo.units.map((u) =>
    u.name.replace(`${INACTIVE_UNIT_MARKER} – `, '').replace(/\s+\d+$/, ''),
  );
  return { base, resistance, types, names };
}

export async function seedBench(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const { log } = opts;
  const timings: Record<string, number> = {};
  const random = rng(0x0be4c4);
  const now = opts.now;
  const shape = demoShape(now);

  // ── organisation and user ──
  const organizationId = await timed(timings, 'organisationAndUser', log, async () => {
    const [org] = await db
      .insert(organizations)
      .values({ name: 'Bench Utilities', rights: [RIGHTS.GIS, RIGHTS.AWG, RIGHTS.Parking] })
      .returning({ id: organizations.id });
    const [user] = await db
      .insert(users)
      .values({
        username: BENCH_USER,
        passwordHash: await hashPassword(BENCH_PASSWORD),
        name: 'Bench SuperUser',
        userType: USER_TYPES.SuperUser,
      })
      .returning({ id: users.id });
    await db.insert(userOrganizations).values({ userId: user!.id, organizationId: org!.id });
    return org!.id;
  });

  // ── units ──
  const installedIds: number[] = [];
  await timed(timings, 'units', log, async () => {
    const townWeights = TOWNS.map((t) => t.units);
    const townTotal = townWeights.reduce((a, b) => a + b, 0);
    const pickTown = () => {
      let r = random() * townTotal;
      for (const t of TOWNS) if ((r -= t.units) < 0) return t;
      return TOWNS[TOWNS.length - 1]!;
    };
    const counters = new Map<string, number>();
    for (let start = 0; start < opts.units; start += CHUNK) {
      const n = Math.min(CHUNK, opts.units - start);
      const name: string[] = [];
      const location: string[] = [];
      const type: number[] = [];
      const lat: number[] = [];
      const lon: number[] = [];
      const contact: Array<string | null> = [];
      for (let i = 0; i < n; i++) {
        const k = Math.floor(random() * shape.types.length);
        const base = shape.names[k]!;
        const no = (counters.get(base) ?? 0) + 1;
        counters.set(base, no);
        const installed = random() >= 0.05;
        const town = pickTown();
        name.push(installed ? `${base} ${no}` : `${INACTIVE_UNIT_MARKER} – ${base} ${no}`);
        location.push(
          `${town.streets[Math.floor(random() * town.streets.length)]} ${1 + Math.floor(random() * 140)}, ${town.name}`,
        );
        type.push(shape.types[k]!);
        // Spread over ~±0.4° around the town centres (a city region each).
        lat.push(Math.round((town.lat + (random() - 0.5) * 0.8) * 1e6) / 1e6);
        lon.push(Math.round((town.lon + (random() - 0.5) * 1.2) * 1e6) / 1e6);
        contact.push(
          installed ? new Date(now.getTime() - Math.floor(random() * 3_600_000)).toISOString() : null,
        );
      }
      const res = await db.execute(sql`
        insert into units (organization_id, name, location, type, lat, lon, last_contact_at)
        select ${organizationId}, n, l, t, la, lo, c from unnest(
          ${pgArray(name)}::text[], ${pgArray(location)}::text[], ${pgArray(type)}::int[],
          ${pgArray(lat)}::float8[], ${pgArray(lon)}::float8[], ${pgArray(contact)}::timestamptz[]
        ) with ordinality as x(n, l, t, la, lo, c, o)
        order by o
        returning id, last_contact_at is not null as installed`);
      for (const r of rowsOf<{ id: number; installed: boolean }>(res))
        if (r.installed) installedIds.push(Number(r.id));
    }
    installedIds.sort((a, b) => a - b);
  });

  // ── channels: every unit the demo's base layout, resistance sensors the extras too ──
  const resistanceTypes = [...new Set(shape.types.filter((t) => deviceType(t)?.family === 'resistance'))];
  await timed(timings, 'channels', log, async () => {
    const l = shape.resistance;
    await db.execute(sql`
      insert into channels (unit_id, channel_no, kind, name, unit_of_measure)
      select u.id, l.no, l.kind, l.name, l.uom
      from units u
      cross join unnest(
        ${pgArray(l.map((c) => c.channelNo))}::int[], ${pgArray(l.map((c) => c.kind))}::text[],
        ${pgArray(l.map((c) => c.name))}::text[], ${pgArray(l.map((c) => c.unitOfMeasure))}::text[]
      ) as l(no, kind, name, uom)
      where u.organization_id = ${organizationId}
        and (l.no <= ${shape.base.length} or u.type = any(${pgArray(resistanceTypes)}::int[]))
      order by u.id, l.no`);
  });

  // ── the demo's level-1 limits on installed units ──
  await timed(timings, 'alarmLimits', log, async () => {
    const names = Object.keys(DEMO_LIMITS);
    await db.execute(sql`
      insert into alarm_limits (unit_id, channel_no, level, low, high, enabled)
      select c.unit_id, c.channel_no, 1, l.low, l.high, true
      from channels c
      join units u on u.id = c.unit_id
      join unnest(
        ${pgArray(names)}::text[],
        ${pgArray(names.map((n) => DEMO_LIMITS[n]!.low))}::float8[],
        ${pgArray(names.map((n) => DEMO_LIMITS[n]!.high))}::float8[]
      ) as l(name, low, high) on l.name = c.name
      where u.organization_id = ${organizationId} and u.last_contact_at is not null
      order by c.unit_id, c.channel_no`);
  });

  // ── alarms: active ones (unique per unit, channel, type) and a year of acknowledged ones ──
  await timed(timings, 'alarms', log, async () => {
    const specs: Array<(r: () => number) => [number, number, string]> = [
      (r) => [28, 5, `Battery voltage ${(2.9 + r() * 0.35).toFixed(2)} V below limit 3.30 V`],
      (r) => [
        19,
        0,
        `No contact since ${new Date(now.getTime() - (6 + Math.floor(r() * 42)) * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      ],
      (r) => [34, 8, ['Lid opened', 'Cabinet door opened', 'Tamper switch triggered'][Math.floor(r() * 3)]!],
      (r) => [11, 1, `Level ${(18 + r() * 4).toFixed(2)} mA above limit 18.00 mA`],
      (r) => [10, 1, `Level ${(2 + r() * 1.9).toFixed(2)} mA below limit 4.00 mA`],
      (r) => [39, 2, `Level ${(90 + r() * 9).toFixed(1)} % above formula level 1 limit 90 %`],
      (r) => [21, 3, `Temperature ${(60 + r() * 6).toFixed(1)} °C above limit 60 °C`],
      () => [29, 4, 'Level switch 1 activated'],
    ];
    const unit: number[] = [];
    const channel: number[] = [];
    const type: number[] = [];
    const text: string[] = [];
    const time: string[] = [];
    const active: number[] = [];
    for (const id of installedIds) {
      if (random() >= 0.04) continue;
      const count = random() < 0.25 ? 2 : 1;
      const seen = new Set<string>();
      for (let c = 0; c < count; c++) {
        const [t, ch, txt] = specs[Math.floor(random() * specs.length)]!(random);
        if (seen.has(`${ch}:${t}`)) continue;
        seen.add(`${ch}:${t}`);
        unit.push(id);
        channel.push(ch);
        type.push(t);
        text.push(txt);
        time.push(new Date(now.getTime() - Math.floor(random() * 72 * 3_600_000)).toISOString());
        active.push(1);
      }
    }
    // Acknowledged alarms: ~0.4 per installed unit over the past year.
    const history = Math.round(installedIds.length * 0.4);
    for (let i = 0; i < history; i++) {
      const [t, ch, txt] = specs[Math.floor(random() * specs.length)]!(random);
      unit.push(installedIds[Math.floor(random() * installedIds.length)]!);
      channel.push(ch);
      type.push(t);
      text.push(txt);
      time.push(new Date(now.getTime() - 72 * 3_600_000 - Math.floor(random() * 362 * DAY_MS)).toISOString());
      active.push(0);
    }
    for (let i = 0; i < unit.length; i += CHUNK) {
      const s = (a: Array<number | string>) => pgArray(a.slice(i, i + CHUNK));
      await db.execute(sql`
        insert into alarms (unit_id, channel_id, alarm_type, text, event_time, active)
        select u, c, t, x, e, a = 1 from unnest(
          ${s(unit)}::int[], ${s(channel)}::int[], ${s(type)}::int[], ${s(text)}::text[],
          ${s(time)}::timestamptz[], ${s(active)}::int[]
        ) as x(u, c, t, x, e, a)
        order by e`);
    }
  });

  // ── a year of 5-minute measurements for the history units, and their rollups ──
  const historyCount = Math.min(opts.historyUnits, installedIds.length);
  const historyUnitIds = Array.from(
    { length: historyCount },
    (_, i) => installedIds[Math.floor((i * installedIds.length) / historyCount)]!,
  );
  const historyChannelNos = shape.base.slice(0, opts.historyChannels).map((c) => c.channelNo);
  const historyFrom = new Date(now.getTime() - opts.historyDays * DAY_MS);
  const perStatement = Math.max(
    1,
    Math.floor(600_000 / Math.max(1, (opts.historyDays * DAY_MS) / HISTORY_STEP_MS)),
  );
  const epoch = sql.raw(`timestamptz '1970-01-01 00:00:00+00'`);
  await timed(timings, 'measurements', log, async () => {
    for (let i = 0; i < historyUnitIds.length; i += perStatement) {
      const ids = historyUnitIds.slice(i, i + perStatement);
      // A daily cycle, a slow seasonal drift and noise, per unit and channel; 4–20 mA-like values.
      // generate_series' order (unit, channel, time) is the primary key's: appends to the index.
      await db.execute(sql`
        insert into measurements (unit_id, channel_no, ts, value)
        select u, ch, t,
          round(1000 * (11 + 3 * sin(2 * pi() * e / 86400 + u) + 2 * sin(2 * pi() * e / 31536000 + ch) + 2 * random())) / 1000
        from unnest(${pgArray(ids)}::int[]) as u
        cross join unnest(${pgArray(historyChannelNos)}::int[]) as ch
        cross join generate_series(${historyFrom.toISOString()}::timestamptz,
          ${new Date(now.getTime() - HISTORY_STEP_MS).toISOString()}::timestamptz, interval '5 minutes') as t
        cross join lateral (select extract(epoch from t)::float8 as e) x`);
      if ((i / perStatement) % 10 === 9) log(`    ${i + ids.length}/${historyUnitIds.length} units`);
    }
  });
  await timed(timings, 'rollups', log, async () => {
    for (let i = 0; i < historyUnitIds.length; i += perStatement * 2) {
      const ids = historyUnitIds.slice(i, i + perStatement * 2);
      const units = pgArray(ids);
      const chans = pgArray(historyChannelNos);
      // Hours from the raw points; days from the hours (the same folds: min, max, sum, count, last).
      await db.execute(sql`
        insert into measurement_rollups (unit_id, channel_no, granularity, bucket, min, max, sum, count, last, last_ts)
        select unit_id, channel_no, 'hour', date_bin('1 hour', ts, ${epoch}) as bucket,
          min(value), max(value), sum(value), count(*)::int, (array_agg(value order by ts desc))[1], max(ts)
        from measurements
        where unit_id = any(${units}::int[]) and channel_no = any(${chans}::int[])
        group by unit_id, channel_no, bucket
        order by unit_id, channel_no, bucket`);
      await db.execute(sql`
        insert into measurement_rollups (unit_id, channel_no, granularity, bucket, min, max, sum, count, last, last_ts)
        select unit_id, channel_no, 'day', date_bin('1 day', bucket, ${epoch}) as day,
          min(min), max(max), sum(sum), sum(count)::int, (array_agg(last order by last_ts desc))[1], max(last_ts)
        from measurement_rollups
        where granularity = 'hour' and unit_id = any(${units}::int[]) and channel_no = any(${chans}::int[])
        group by unit_id, channel_no, day
        order by unit_id, channel_no, day`);
    }
  });

  // Bulk loaded: PostgreSQL's autovacuum would now vacuum and analyse; PGlite has no autovacuum, so
  // the bench does it on both (fresh statistics and visibility map, as a settled database has).
  await timed(timings, 'vacuumAnalyze', log, async () => {
    await db.execute(sql`vacuum analyze`);
  });

  return {
    organizationId,
    timings,
    historyUnitIds,
    historyChannelNos,
    historyFrom,
    layout: { base: shape.base, resistance: shape.resistance },
  };
}

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const res = await db.execute(sql`
    select
      (select count(*) from units)::int as units,
      (select count(*) from units where last_contact_at is not null)::int as "installedUnits",
      (select count(*) from channels)::int as channels,
      (select count(*) from alarm_limits)::int as "alarmLimits",
      (select count(*) from alarms)::int as alarms,
      (select count(*) from alarms where active)::int as "activeAlarms",
      (select count(*) from measurements)::int as measurements,
      (select count(*) from measurement_rollups where granularity = 'hour')::int as "hourRollups",
      (select count(*) from measurement_rollups where granularity = 'day')::int as "dayRollups",
      (select count(*) from events)::int as events,
      (select count(*) from tasks)::int as tasks`);
  const row = rowsOf<Record<string, number>>(res)[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
