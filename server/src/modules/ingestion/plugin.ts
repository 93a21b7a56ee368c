/**
 * POST /api/v3/ingest — device ingestion, authenticated by an API token (Authorization: Bearer
 * <token>), not by a session. Body { points: [{ unitId, channel, ts (ISO), value }] }, at most
 * INGEST_MAX_BATCH (5,000) points. Each point of a unit outside the token's organisation (or of an
 * unknown channel, a time out of range) is rejected with a reason; the others are kept. Idempotent
 * on (unit, channel, ts). Answers { data: { accepted, duplicate, rejected, rejections } }.
 *
 * /api/v3/admin/tokens — SuperUsers create (answered once), list (prefix, never the token) and
 * revoke the API tokens of their organisations (scopes ingest/read, optional expiry; tokens.ts).
 * Creating and revoking are audited (token.create / token.revoke), never with the token.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { requireCapability } from '../auth/permissions';
import { recordAudit } from '../audit/record';
import { userOrgIds } from '../auth/scope';
import { startMqttIngestion, type MqttIngestion } from './mqtt';
import { ingestMeasurements } from './service';
import { authenticateApiToken, bearerToken, createApiToken, listApiTokens, revokeApiToken } from './tokens';

/** Body limit of the ingestion route: 5,000 points of ~100 bytes, with room to spare. */
const INGEST_BODY_LIMIT = 2 * 1024 * 1024;

/** Each app's MQTT subscriber, by the app's database handle (one per app). */
const mqttByDb = new WeakMap<object, MqttIngestion>();

/** The MQTT subscriber (MQTT_URL) of the app on this database, once it has started. */
export function mqttIngestionOf(db: object): MqttIngestion | undefined {
  return mqttByDb.get(db);
}

export default async function ingestionPlugin(
  app: FastifyInstance,
  { db, config, measurements }: ServerContext,
): Promise<void> {
  // Measurements over MQTT (mqtt.ts): started with the app; a broker that is away at start does not
  // stop the server — the client keeps trying and logs why.
  if (config.mqttUrl) {
    const { mqttUrl, mqttTopicPrefix = 'fieldwatch', mqttClientId = 'fieldwatch' } = config;
    app.addHook('onReady', async () => {
      const mqtt = startMqttIngestion({
        url: mqttUrl,
        prefix: mqttTopicPrefix,
        clientId: mqttClientId,
        db,
        hooks: measurements,
        log: app.log,
      });
      mqttByDb.set(db, mqtt);
    });
    app.addHook('onClose', async () => {
      await mqttByDb.get(db)?.close();
    });
  }

  route(app, ENDPOINTS.ingest, { bodyLimit: INGEST_BODY_LIMIT }, async (request) => {
    const token = await authenticateApiToken(db, bearerToken(request.headers.authorization), 'ingest');
    if (token === null)
      throw new HttpError(401, 'Invalid, expired or revoked API token, or one without the ingest scope', 'unauthorized');
    const org = token.organizationId;
    const points = request.body.points.map((p) => ({
      unitId: p.unitId,
      channel: p.channel,
      ts: new Date(p.ts),
      value: p.value,
    }));
    if (points.some((p) => Number.isNaN(p.ts.getTime()))) throw badRequest('ts must be an ISO 8601 time');
    const result = await ingestMeasurements(db, points, {
      orgIds: [org],
      hooks: measurements,
      log: (err) => request.log.error({ err }, 'measurement subscriber failed'),
    });
    return { data: result };
  });

  route(app, ENDPOINTS.createApiToken, async (request, reply) => {
    const a = auth(request);
    requireCapability(a, 'apiTokens');
    const mine = await userOrgIds(db, a.userId);
    if (!mine.includes(request.body.organizationId)) throw notFound();
    const created = await createApiToken(db, {
      name: request.body.name.trim(),
      organizationId: request.body.organizationId,
      createdBy: a.userId,
      scopes: request.body.scopes,
      expiresAt: request.body.expiresAt ?? null,
    });
    // Never the token itself: its name, prefix, scopes and expiry.
    await recordAudit(db, request, {
      action: 'token.create',
      organizationId: created.organizationId,
      target: { type: 'apiToken', id: created.id, name: created.name },
      details: { prefix: created.prefix, scopes: created.scopes, expiresAt: created.expiresAt },
    });
    return reply.code(201).send({ data: created });
  });

  route(app, ENDPOINTS.apiTokens, async (request) => {
    const a = auth(request);
    requireCapability(a, 'apiTokens');
    return { data: await listApiTokens(db, await userOrgIds(db, a.userId)) };
  });

  route(app, ENDPOINTS.revokeApiToken, async (request) => {
    const a = auth(request);
    requireCapability(a, 'apiTokens');
    const { token, changed } = await revokeApiToken(db, request.params.id, await userOrgIds(db, a.userId));
    if (changed)
      await recordAudit(db, request, {
        action: 'token.revoke',
        organizationId: token.organizationId,
        target: { type: 'apiToken', id: token.id, name: token.name },
        details: { prefix: token.prefix },
      });
    return { data: token };
  });
}
