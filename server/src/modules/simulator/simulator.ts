/**
 * The demo simulator: every `intervalSec` (default 60 s) one measurement per channel of every
 * installed demo unit, from the deterministic signal model, written through the same
 * ingestMeasurements() as the HTTP ingestion (so rollups and the alarm hooks see it exactly like
 * device data). Started by app.ts when DEMO is on and SIMULATOR is not off (never under jest unless
 * a test calls startSimulator itself); stopped when the app closes.
 */
import { eq, not, sql } from 'drizzle-orm';
import { INACTIVE_UNIT_MARKER } from '@fieldwatch/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { channels, units } from '../../db/schema';
import { DEMO_SEED } from '../../seed/fleet';
import { ingestMeasurements, type IngestPoint } from '../ingestion/service';
import type { IngestResult } from '@fieldwatch/shared';
import { signalValue } from './signal';

export const DEFAULT_SIMULATOR_INTERVAL_SEC = 60;

/** On with DEMO unless SIMULATOR=0; off under jest (NODE_ENV=test) unless SIMULATOR=1. */
export function simulatorEnabled(config: Config): boolean {
  return config.demo && (config.simulator ?? process.env.NODE_ENV !== 'test');
}

/** The points of one tick at time `at` (pure apart from reading the channel list). */
export async function simulatedPoints(db: Db, at: Date, seed = DEMO_SEED): Promise<IngestPoint[]> {
  const rows = await db
    .select({ unitId: channels.unitId, channelNo: channels.channelNo, name: channels.name, unitType: units.type })
    .from(channels)
    .innerJoin(units, eq(units.id, channels.unitId))
    .where(not(sql`${units.name} ilike ${`%${INACTIVE_UNIT_MARKER}%`}`));
  const ts = Math.floor(at.getTime() / 1000) * 1000;
  return rows.map((c) => ({ unitId: c.unitId, channel: c.channelNo, ts: new Date(ts), value: signalValue(seed, c, ts) }));
}

/** One simulator tick: writes the points through the ingestion service. */
export async function simulatorTick(
  db: Db,
  at = new Date(),
  opts: { seed?: number; log?: (err: unknown) => void } = {},
): Promise<IngestResult> {
  const points = await simulatedPoints(db, at, opts.seed ?? DEMO_SEED);
  return ingestMeasurements(db, points, { now: at, log: opts.log });
}

export interface SimulatorHandle {
  stop(): Promise<void>;
}

export function startSimulator(
  db: Db,
  opts: { intervalSec?: number; seed?: number; log?: (msg: string, err?: unknown) => void } = {},
): SimulatorHandle {
  const intervalMs = (opts.intervalSec ?? DEFAULT_SIMULATOR_INTERVAL_SEC) * 1000;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = simulatorTick(db, new Date(), {
      seed: opts.seed,
      log: (err) => opts.log?.('measurement subscriber failed', err),
    }).catch((err) => opts.log?.('simulator tick failed', err));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
