/**
 * The demo simulator: every `intervalSec` (default 60 s) one measurement per channel of every
 * installed demo unit, from the deterministic signal model, written through the same
 * ingestMeasurements() as the HTTP ingestion (so rollups and the alarm hooks see it exactly like
 * device data). Units whose signal drops out send nothing for those hours, so the communication
 * watchdog (alarms/watchdog.ts) raises their alarm 19; limit and battery alarms come from the
 * seeded DEMO_LIMITS through limit evaluation. The alarms active when it started are standing faults
 * (standing-faults.ts): their condition stays until a person resets them. Started with the app when
 * DEMO is on and SIMULATOR is not off; stopped when the app closes.
 */
import { eq, not, sql } from 'drizzle-orm';
import { INACTIVE_UNIT_MARKER, isParkingType } from '@fieldwatch/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { channels, units } from '../../db/schema';
import { DEMO_SEED } from '../../seed/fleet';
import type { MeasurementHooks } from '../ingestion/hooks';
import { ingestMeasurements, type IngestPoint } from '../ingestion/service';
import type { IngestResult } from '@fieldwatch/shared';
import { ensureDemoHistory } from './history';
import { NO_SIGNAL_DBM, SIGNAL_CHANNEL, signalValue } from './signal';
import { standingFaults, withStandingFaults } from './standing-faults';

export const DEFAULT_SIMULATOR_INTERVAL_SEC = 60;

/** On with DEMO unless SIMULATOR=0 (the tests' configuration turns it off). */
export function simulatorEnabled(config: Config): boolean {
  return config.demo && (config.simulator ?? true);
}

/** The points of one tick at time `at` (pure apart from reading the channel list). */
export async function simulatedPoints(db: Db, at: Date, seed = DEMO_SEED): Promise<IngestPoint[]> {
  const rows = await db
    .select({
      unitId: channels.unitId,
      channelNo: channels.channelNo,
      name: channels.name,
      unitType: units.type,
    })
    .from(channels)
    .innerJoin(units, eq(units.id, channels.unitId))
    .where(not(sql`${units.name} ilike ${`%${INACTIVE_UNIT_MARKER}%`}`));
  const ts = Math.floor(at.getTime() / 1000) * 1000;
  // A unit whose signal has dropped out (the model's -120 dBm) sends nothing at all, as a real unit
  // out of coverage would: after COMM_TIMEOUT_MIN the watchdog raises its communication error.
  const silent = new Set(
    rows
      .filter((c) => c.name === SIGNAL_CHANNEL && signalValue(seed, c, ts) <= NO_SIGNAL_DBM)
      .map((c) => c.unitId),
  );
  return rows
    .filter((c) => !silent.has(c.unitId))
    .map((c) => ({
      unitId: c.unitId,
      channel: c.channelNo,
      ts: new Date(ts),
      value: signalValue(seed, c, ts),
    }));
}

/** One simulator tick: writes the points through the ingestion service. */
export async function simulatorTick(
  db: Db,
  at = new Date(),
  opts: {
    seed?: number;
    hooks?: MeasurementHooks;
    log?: (err: unknown) => void;
    /** When the simulator started: alarms raised before it and still active are standing faults. */
    startedAt?: Date;
  } = {},
): Promise<IngestResult> {
  let points = await simulatedPoints(db, at, opts.seed ?? DEMO_SEED);
  if (opts.startedAt) points = withStandingFaults(points, await standingFaults(db, opts.startedAt));
  return ingestMeasurements(db, points, { now: at, hooks: opts.hooks, log: opts.log });
}

export interface SimulatorHandle {
  stop(): Promise<void>;
}

export interface SimulatorOptions {
  intervalSec?: number;
  seed?: number;
  /** The app's measurement hooks, told of every tick's points (the alarm pipeline). */
  hooks?: MeasurementHooks;
  /** Backfill every installed unit's year of history in the background (default true). */
  backfill?: boolean;
  /** Pause between two units of the background backfill, so requests get through (ms). */
  backfillPauseMs?: number;
  log?: (msg: string, err?: unknown) => void;
}

/** Channels of installed demo units, parking sensors first (the parking report reads them). */
async function backfillOrder(db: Db): Promise<Array<{ unitId: number; channelNo: number }>> {
  const rows = await db
    .select({ unitId: channels.unitId, channelNo: channels.channelNo, type: units.type })
    .from(channels)
    .innerJoin(units, eq(units.id, channels.unitId))
    .where(not(sql`${units.name} ilike ${`%${INACTIVE_UNIT_MARKER}%`}`))
    .orderBy(channels.unitId, channels.channelNo);
  return [...rows.filter((r) => isParkingType(r.type)), ...rows.filter((r) => !isParkingType(r.type))];
}

export function startSimulator(db: Db, opts: SimulatorOptions = {}): SimulatorHandle {
  const intervalMs = (opts.intervalSec ?? DEFAULT_SIMULATOR_INTERVAL_SEC) * 1000;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const startedAt = new Date();
  const tick = () => {
    if (stopped) return;
    running = simulatorTick(db, new Date(), {
      startedAt,
      seed: opts.seed,
      hooks: opts.hooks,
      log: (err) => opts.log?.('measurement subscriber failed', err),
    }).catch((err) => opts.log?.('simulator tick failed', err));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();

  // One channel at a time with a pause between (PGlite has one connection, and a request should
  // never wait behind more than one short transaction): the demo fleet's year is there within
  // minutes, and a unit charted before its turn is backfilled on demand.
  let backfilling: Promise<void> = Promise.resolve();
  if (opts.backfill !== false) {
    const pause = opts.backfillPauseMs ?? 100;
    backfilling = (async () => {
      try {
        for (const { unitId, channelNo } of await backfillOrder(db)) {
          if (stopped) return;
          await ensureDemoHistory(db, unitId, new Date(), opts.seed ?? DEMO_SEED, channelNo);
          await new Promise((r) => setTimeout(r, pause));
        }
      } catch (err) {
        if (!stopped) opts.log?.('history backfill failed', err);
      }
    })();
  }
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await backfilling;
    },
  };
}
