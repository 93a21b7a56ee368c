/**
 * Demo telemetry at seed time, kept small so a fresh start stays fast: one current measurement per
 * channel of every installed unit (through the ingestion service, so rollups exist and the latest
 * values show at once), default settings, relays, two weeks of daily radar scans for radar units,
 * and level-1 alarm limits (DEMO_LIMITS, the values the simulator's excursions cross, so the live
 * demo raises limit and battery alarms). A unit's year of history is written lazily, the first
 * time it is charted (modules/simulator/history.ts).
 */
import { INACTIVE_UNIT_MARKER } from '@fieldwatch/shared';
import type { Db } from '../db/client';
import { alarmLimits, radarScans, relays, unitSettings } from '../db/schema';
import { defaultSettings } from '../modules/devices/settings/service';
import { hasRadar, hasRelay } from '../modules/devices/units/service';
import { ingestMeasurements } from '../modules/ingestion/service';
import { DEMO_LIMITS, hash01, signalValue } from '../modules/simulator/signal';
import type { DemoData } from './fleet';

const BATCH = 500;
const RADAR_DAYS = 14;
const RADAR_BINS = 32;

async function inBatches<T>(rows: readonly T[], insert: (b: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedTelemetry(tx: Db, data: DemoData, now: Date, seed: number): Promise<void> {
  const ts = Math.floor(now.getTime() / 60_000) * 60_000;
  const unitById = new Map(data.units.map((u) => [u.id, u]));
  const installed = (id: number) => !unitById.get(id)!.name.includes(INACTIVE_UNIT_MARKER);

  const points = data.channels
    .filter((c) => installed(c.unitId))
    .map((c) => ({
      unitId: c.unitId,
      channel: c.channelNo,
      ts: new Date(ts),
      value: signalValue(seed, { unitId: c.unitId, unitType: unitById.get(c.unitId)!.type, channelNo: c.channelNo, name: c.name }, ts),
    }));
  await ingestMeasurements(tx, points, { now });

  const limits = data.channels
    .filter((c) => installed(c.unitId) && DEMO_LIMITS[c.name])
    .map((c) => ({ unitId: c.unitId, channelNo: c.channelNo, level: 1, ...DEMO_LIMITS[c.name]!, enabled: true }));
  await inBatches(limits, (b) => tx.insert(alarmLimits).values(b));

  await inBatches(data.units, (b) =>
    tx.insert(unitSettings).values(b.map((u) => ({ unitId: u.id, settings: defaultSettings(u), options: {}, updatedAt: now }))),
  );
  const relayUnits = data.units.filter((u) => hasRelay(u.type));
  await inBatches(relayUnits, (b) =>
    tx.insert(relays).values(b.map((u) => ({ unitId: u.id, state: 'initializing', on: false, updatedAt: now }))),
  );
  const day = 86_400_000;
  const scans = data.units
    .filter((u) => hasRadar(u.type) && installed(u.id))
    .flatMap((u) =>
      Array.from({ length: RADAR_DAYS }, (_, d) => {
        const at = Math.floor(ts / day) * day - d * day + 6 * 3_600_000;
        const peak = Math.floor(hash01(seed, u.id, d) * RADAR_BINS);
        return {
          unitId: u.id,
          channelNo: 1,
          ts: new Date(Math.min(at, ts)),
          data: Array.from({ length: RADAR_BINS }, (_, i) =>
            Math.round(100 * Math.exp(-((i - peak) ** 2) / 8) * (0.8 + 0.2 * hash01(seed, u.id, d, i))),
          ),
        };
      }),
    );
  await inBatches(scans, (b) => tx.insert(radarScans).values(b).onConflictDoNothing());
}
