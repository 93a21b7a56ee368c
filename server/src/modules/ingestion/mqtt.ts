/**
 * Measurements over MQTT (issue 22 §5), what device fleets speak: with MQTT_URL set the server
 * subscribes to `<prefix>/<organisation id>/<unit id>/points` with QoS 1 and stores each message
 * through the same write path as POST /api/v3/ingest (ingestMeasurements: the same scaling,
 * checks, idempotency on unit, channel and time, alarm evaluation).
 *
 * - Payload: the HTTP ingestion's body, `{ "points": [{ "channel", "ts", "value" }] }`; a point's
 *   `unitId` may be left out (the topic names the unit) and, when given, must be the topic's.
 * - Acknowledged only after the write: the PUBACK goes out once the points are committed. A write
 *   that fails (the database away) is not acknowledged: the client drops the connection and the
 *   broker delivers the message again when it reconnects (a persistent session: MQTT_CLIENT_ID,
 *   clean = false). A message that can never be stored (not JSON, wrong shape, a unit outside the
 *   topic's organisation) is acknowledged and counted as rejected: sending it again cannot help.
 * - Messages are handled one at a time per connection (mqtt.js's handleMessage): the broker holds
 *   the rest, so a burst never piles up in the server's memory.
 * - Replicas share the subscription (`$share/fieldwatch/…`): each message is stored by one of them.
 * - Trust: the broker authenticates the devices and lets each publish only under its own
 *   organisation's topics (an ACL, docs/deploy.md); the server stores a unit's points only when the
 *   unit belongs to the topic's organisation, as an API token's organisation limits HTTP ingestion.
 */
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { Value } from 'typebox/value';
import * as T from 'typebox';
import { ChannelNo, Id, INGEST_MAX_BATCH, type IngestResult } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import type { MeasurementHooks } from './hooks';
import { ingestMeasurements, type IngestPoint } from './service';

/** A message's payload (see above). */
export const MqttIngestMessage = T.Object(
  {
    points: T.Array(
      T.Object(
        {
          unitId: T.Optional(Id),
          channel: ChannelNo,
          ts: T.String({ format: 'date-time' }),
          value: T.Number(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: INGEST_MAX_BATCH },
    ),
  },
  { additionalProperties: false },
);
export type MqttIngestMessage = T.Static<typeof MqttIngestMessage>;

/** The subscription: every organisation's and unit's points, shared between replicas. */
export function subscriptionOf(prefix: string): string {
  return `$share/fieldwatch/${prefix}/+/+/points`;
}

/** The organisation and unit a topic names, or null when it is not a measurement topic. */
export function topicTarget(
  prefix: string,
  topic: string,
): { organizationId: number; unitId: number } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== prefix || parts[3] !== 'points') return null;
  const [org, unit] = [parts[1]!, parts[2]!];
  if (!/^[1-9]\d{0,9}$/.test(org) || !/^[1-9]\d{0,9}$/.test(unit)) return null;
  const [organizationId, unitId] = [Number(org), Number(unit)];
  return organizationId <= 2_147_483_647 && unitId <= 2_147_483_647 ? { organizationId, unitId } : null;
}

/** Why a message can never be stored, or its points. */
export function pointsOf(
  target: { unitId: number },
  payload: Buffer,
): { points: IngestPoint[] } | { refused: string } {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { refused: 'the payload is not JSON' };
  }
  if (!Value.Check(MqttIngestMessage, body))
    return {
      refused: `the payload is not { "points": [{ "channel", "ts", "value" }] } of 1-${INGEST_MAX_BATCH} points`,
    };
  const points: IngestPoint[] = [];
  for (const p of body.points) {
    if (p.unitId !== undefined && p.unitId !== target.unitId)
      return { refused: 'a point names another unit than the topic' };
    const ts = new Date(p.ts);
    if (Number.isNaN(ts.getTime())) return { refused: 'ts must be an ISO 8601 time' };
    points.push({ unitId: target.unitId, channel: p.channel, ts, value: p.value });
  }
  return { points };
}

export interface MqttIngestionOptions {
  url: string;
  prefix: string;
  clientId: string;
  db: Db;
  hooks: MeasurementHooks;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** What the subscriber has done since it started (for the log and the tests). */
export interface MqttIngestionStats {
  messages: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  refusedMessages: number;
  failedWrites: number;
}

export interface MqttIngestion {
  readonly client: MqttClient;
  readonly stats: MqttIngestionStats;
  /** Resolves once subscribed (rejects if the first connection fails). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Where the broker is, for the log: never its credentials. */
function brokerOf(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

export function startMqttIngestion(opts: MqttIngestionOptions): MqttIngestion {
  const stats: MqttIngestionStats = {
    messages: 0,
    accepted: 0,
    duplicate: 0,
    rejected: 0,
    refusedMessages: 0,
    failedWrites: 0,
  };
  const broker = brokerOf(opts.url);
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });

  /** Stores one message; resolves when it may be acknowledged, rejects when it must come again. */
  async function store(packet: IPublishPacket): Promise<void> {
    const target = topicTarget(opts.prefix, packet.topic);
    stats.messages += 1;
    if (!target) {
      stats.refusedMessages += 1;
      opts.log.warn(
        { topic: packet.topic },
        'MQTT message on a topic that is not <prefix>/<organisation>/<unit>/points: dropped',
      );
      return;
    }
    const parsed = pointsOf(target, packet.payload as Buffer);
    if ('refused' in parsed) {
      stats.refusedMessages += 1;
      opts.log.warn({ topic: packet.topic, reason: parsed.refused }, 'MQTT measurement message refused');
      return;
    }
    let result: IngestResult;
    try {
      result = await ingestMeasurements(opts.db, parsed.points, {
        orgIds: [target.organizationId],
        hooks: opts.hooks,
        log: (err) => opts.log.error({ err }, 'measurement subscriber failed'),
      });
    } catch (err) {
      stats.failedWrites += 1;
      throw err;
    }
    stats.accepted += result.accepted;
    stats.duplicate += result.duplicate;
    stats.rejected += result.rejected;
    if (result.rejected > 0)
      opts.log.warn(
        {
          topic: packet.topic,
          rejected: result.rejected,
          reasons: [...new Set(result.rejections.map((r) => r.reason))],
        },
        'MQTT measurement points rejected',
      );
  }

  // mqtt.js calls handleMessage for each incoming PUBLISH, one at a time, and sends the PUBACK
  // when its callback is called without an error.
  client.handleMessage = (packet, callback) => {
    if (packet.cmd !== 'publish') return callback();
    store(packet as IPublishPacket).then(
      () => callback(),
      (err: unknown) => {
        opts.log.error(
          { err, topic: (packet as IPublishPacket).topic },
          'MQTT measurements not stored: the broker will deliver them again',
        );
        // No acknowledgement, and a new connection: the broker sends the message again.
        client.reconnect();
      },
    );
  };

  let subscribed = false;
  const ready = new Promise<void>((resolve, reject) => {
    client.on('connect', (connack) => {
      // A persistent session keeps the subscription; subscribing again is harmless.
      client.subscribe(subscriptionOf(opts.prefix), { qos: 1 }, (err) => {
        if (err) {
          opts.log.error({ err, broker }, 'MQTT subscription refused');
          if (!subscribed) reject(err);
          return;
        }
        if (!subscribed)
          opts.log.info(
            { broker, topics: `${opts.prefix}/+/+/points`, sessionPresent: connack.sessionPresent },
            'MQTT ingestion subscribed',
          );
        subscribed = true;
        resolve();
      });
    });
    client.on('error', (err) => {
      opts.log.error({ err: { message: err.message }, broker }, 'MQTT connection error');
      if (!subscribed) reject(err);
    });
  });
  ready.catch(() => undefined);

  return {
    client,
    stats,
    ready: () => ready,
    close: () => client.endAsync().then(() => undefined),
  };
}
