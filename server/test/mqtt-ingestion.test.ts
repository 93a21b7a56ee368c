/**
 * Measurements over MQTT (issue 22 §5) through the local Mosquitto: the server subscribes to
 * <prefix>/<organisation>/<unit>/points, stores a message through the HTTP ingestion's write path
 * and acknowledges it to the broker only after the write: a write that fails is not acknowledged
 * and the broker delivers the message again.
 * Duplicates are stored once; a unit outside the topic's organisation, a payload of another shape
 * or a point naming another unit are refused and store nothing.
 *
 * Needs the broker at MQTT_TEST_URL (default mqtt://127.0.0.1:1883); without it the suite fails.
 */
import { and, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { channels, measurements, units } from '../src/db/schema';
import type { Db } from '../src/db/client';
import { MeasurementHooks, type StoredMeasurement } from '../src/modules/ingestion/hooks';
import { pointsOf, startMqttIngestion, topicTarget } from '../src/modules/ingestion/mqtt';
import { mqttIngestionOf } from '../src/modules/ingestion/plugin';
import { DRIVERS, startServer, type TestServer } from './helpers';

const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Asks until the answer passes (the broker delivers to the server a moment after it took the message). */
async function until<T>(ask: () => Promise<T>, passes: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await ask();
    if (passes(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('topics and payloads', () => {
  it('reads the organisation and unit of a measurement topic, and nothing else', () => {
    expect(topicTarget('fw', 'fw/3/17/points')).toEqual({ organizationId: 3, unitId: 17 });
    for (const topic of [
      'fw/3/17',
      'fw/3/17/points/x',
      'other/3/17/points',
      'fw/0/17/points',
      'fw/a/17/points',
      'fw/3/99999999999/points',
      'fw/3/017/points',
    ])
      expect(topicTarget('fw', topic)).toBeNull();
  });

  it('takes the HTTP body with or without unitId, and refuses another shape or another unit', () => {
    const ts = '2026-11-27T10:00:00.000Z';
    const ok = pointsOf(
      { unitId: 17 },
      Buffer.from(
        JSON.stringify({
          points: [
            { channel: 1, ts, value: 2.5 },
            { unitId: 17, channel: 2, ts, value: 1 },
          ],
        }),
      ),
    );
    expect(ok).toEqual({
      points: [
        { unitId: 17, channel: 1, ts: new Date(ts), value: 2.5 },
        { unitId: 17, channel: 2, ts: new Date(ts), value: 1 },
      ],
    });
    expect(pointsOf({ unitId: 17 }, Buffer.from('{nope'))).toEqual({ refused: 'the payload is not JSON' });
    expect(pointsOf({ unitId: 17 }, Buffer.from(JSON.stringify({ points: [] })))).toHaveProperty('refused');
    expect(
      pointsOf(
        { unitId: 17 },
        Buffer.from(JSON.stringify({ points: [{ channel: 1, ts: 'yesterday', value: 1 }] })),
      ),
    ).toHaveProperty('refused');
    expect(
      pointsOf({ unitId: 17 }, Buffer.from(JSON.stringify({ points: [{ channel: 1, ts, value: '1' }] }))),
    ).toHaveProperty('refused');
    expect(
      pointsOf(
        { unitId: 17 },
        Buffer.from(JSON.stringify({ points: [{ unitId: 18, channel: 1, ts, value: 1 }] })),
      ),
    ).toEqual({
      refused: 'a point names another unit than the topic',
    });
  });
});

describe.each(DRIVERS)('MQTT ingestion on %s', (driver) => {
  const prefix = `fwtest${process.pid}${driver}${Math.random().toString(36).slice(2, 8)}`;
  let s: TestServer;
  let publisher: MqttClient;
  let unit: { id: number; org: number; channel: number };
  let foreignUnit: number;

  beforeAll(async () => {
    s = await startServer(driver, {
      mqttUrl: BROKER,
      mqttTopicPrefix: prefix,
      mqttClientId: `${prefix}-server`,
    });
    await mqttIngestionOf(s.db.db)!.ready();
    const [u] = await s.db.db
      .select({ id: units.id, org: units.organizationId, channel: channels.channelNo })
      .from(units)
      .innerJoin(channels, eq(channels.unitId, units.id))
      .where(sql`${units.type} < 200 and ${channels.channelNo} = 1`)
      .orderBy(units.id)
      .limit(1);
    unit = u!;
    const [f] = await s.db.db
      .select({ id: units.id })
      .from(units)
      .where(sql`${units.organizationId} <> ${unit.org}`)
      .limit(1);
    foreignUnit = f!.id;
    publisher = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-device` });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await s?.close();
  });

  const stored = async (unitId: number, ts: Date) =>
    (
      await s.db.db
        .select({ value: measurements.value })
        .from(measurements)
        .where(and(eq(measurements.unitId, unitId), eq(measurements.ts, ts)))
    ).map((r) => r.value);

  it('stores a message through the ingestion’s write path, and a duplicate once', async () => {
    const ts = new Date(Date.now() - 60_000);
    ts.setMilliseconds(0);
    const topic = `${prefix}/${unit.org}/${unit.id}/points`;
    const payload = JSON.stringify({
      points: [{ channel: unit.channel, ts: ts.toISOString(), value: 41.5 }],
    });
    const stats = mqttIngestionOf(s.db.db)!.stats;
    await publisher.publishAsync(topic, payload, { qos: 1 });
    expect(
      await until(
        () => stored(unit.id, ts),
        (v) => v.length > 0,
      ),
    ).toEqual([41.5]);
    await publisher.publishAsync(topic, payload, { qos: 1 });
    expect(
      await until(
        async () => stats.duplicate,
        (d) => d > 0,
      ),
    ).toBe(1);
    expect(await stored(unit.id, ts)).toEqual([41.5]);
  });

  it('stores nothing for a unit outside the topic’s organisation or a payload it cannot read', async () => {
    const ts = new Date(Date.now() - 120_000);
    ts.setMilliseconds(0);
    const stats = mqttIngestionOf(s.db.db)!.stats;
    const before = { rejected: stats.rejected, refused: stats.refusedMessages, messages: stats.messages };
    const point = { channel: 1, ts: ts.toISOString(), value: 7 };
    // Unit of another organisation under this organisation's topic: rejected like an HTTP point.
    await publisher.publishAsync(
      `${prefix}/${unit.org}/${foreignUnit}/points`,
      JSON.stringify({ points: [point] }),
      { qos: 1 },
    );
    // Not JSON; a point naming another unit than the topic.
    await publisher.publishAsync(`${prefix}/${unit.org}/${unit.id}/points`, 'not json', { qos: 1 });
    await publisher.publishAsync(
      `${prefix}/${unit.org}/${unit.id}/points`,
      JSON.stringify({ points: [{ ...point, unitId: foreignUnit }] }),
      { qos: 1 },
    );
    await until(
      async () => stats.messages - before.messages,
      (n) => n === 3,
    );
    expect(await stored(foreignUnit, ts)).toEqual([]);
    expect(await stored(unit.id, ts)).toEqual([]);
    expect(stats.rejected - before.rejected).toBe(1);
    expect(stats.refusedMessages - before.refused).toBe(2);
  });

  it('does not acknowledge a write that failed: the broker delivers the message again', async () => {
    // A second subscriber on its own prefix whose first write fails (the database "away"): the
    // ingestion's first statement reads the units, its second writes the points.
    const own = `${prefix}x`;
    let statements = 0;
    const flaky = new Proxy(s.db.db, {
      get(target, key, receiver) {
        const real = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'execute' || typeof real !== 'function') return real;
        return (...args: unknown[]) => {
          statements += 1;
          if (statements === 2) return Promise.reject(new Error('database away'));
          return (real as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const seen: StoredMeasurement[] = [];
    const hooks = new MeasurementHooks();
    hooks.subscribe((points) => void seen.push(...points));
    const sub = startMqttIngestion({
      url: BROKER,
      prefix: own,
      clientId: `${own}-server`,
      db: flaky,
      hooks,
      log: quiet,
    });
    try {
      await sub.ready();
      const ts = new Date(Date.now() - 180_000);
      ts.setMilliseconds(0);
      const payload = JSON.stringify({ points: [{ channel: unit.channel, ts: ts.toISOString(), value: 3 }] });
      await publisher.publishAsync(`${own}/${unit.org}/${unit.id}/points`, payload, { qos: 1 });
      expect(
        await until(
          () => stored(unit.id, ts),
          (v) => v.length > 0,
        ),
      ).toEqual([3]);
      expect(sub.stats.failedWrites).toBe(1);
      expect(sub.stats.messages).toBe(2); // the failed delivery, then the broker's second one
      // The alarm pipeline's hooks saw the stored point once.
      expect(seen.filter((p) => p.ts.getTime() === ts.getTime())).toHaveLength(1);
    } finally {
      await sub.close();
    }
  }, 30_000);
});
