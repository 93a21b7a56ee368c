/**
 * E-mail notifications (issue 17 §3): the profile's notification settings
 * (GET/PUT /api/v3/user/profile/notifications, a Reader edits his own too), the public
 * unsubscribe link of each digest, and the digest job (digest.ts), which runs while the app does
 * when this server can mail (NOTIFY_MAIL; default: SMTP_URL is set).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { Config } from '../../config';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { unsubscribePage } from '../mail/templates';
import { startDigestJob, type DigestJobHandle } from './digest';
import { getNotifyMailSettings, turnMailOff, updateNotifyMailSettings } from './settings';
import { verifyUnsubscribeToken } from './token';
import { auditNotificationSettings } from '../user/audit';

/** Whether this server mails notification digests. */
export function notifyMailOn(config: Config): boolean {
  return config.notifyMail ?? Boolean(config.smtpUrl);
}

/** The request's own origin (honours X-Forwarded-* only with TRUST_PROXY). */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('Bad Host header');
  }
}

/** Where a user's mail links lead: PUBLIC_ORIGIN, else where he saved his settings, else this server. */
export function linkOrigin(config: Config, saved: string | null): string {
  if (config.publicOrigins?.[0]) return config.publicOrigins[0];
  if (saved) return saved;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

export default async function notifyMailPlugin(app: FastifyInstance, { db, config, mail }: ServerContext): Promise<void> {
  const mailAvailable = notifyMailOn(config);

  route(app, ENDPOINTS.notifyMail, async (request) => ({
    data: await getNotifyMailSettings(db, auth(request).userId, mailAvailable),
  }));

  route(app, ENDPOINTS.updateNotifyMail, async (request) => {
    const { userId } = auth(request);
    const before = await getNotifyMailSettings(db, userId, mailAvailable);
    const after = await updateNotifyMailSettings(db, userId, request.body, { mailAvailable, origin: requestOrigin(request) });
    const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    await auditNotificationSettings(db, request, userId, u?.username ?? '', { ...before }, { ...after });
    return { data: after };
  });

  /** The user a link names (null: not one of ours), with what his page needs. */
  async function linkUser(token: string) {
    const userId = await verifyUnsubscribeToken(db, token);
    if (userId === null) return null;
    const [u] = await db
      .select({ id: users.id, username: users.username, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    return u ?? null;
  }

  // GET only asks (a mail scanner opening the link changes nothing); the page's button POSTs.
  route(app, ENDPOINTS.unsubscribePage, async (request, reply) => {
    const u = await linkUser(request.query.token);
    if (!u) return html(reply, 400, unsubscribePage(null, { state: 'invalid' }));
    const action = `${ENDPOINTS.unsubscribe.path}?token=${encodeURIComponent(request.query.token)}`;
    return html(reply, 200, unsubscribePage(u.language, { state: 'ask', username: u.username, action }));
  });

  route(app, ENDPOINTS.unsubscribe, async (request, reply) => {
    const u = await linkUser(request.query.token);
    if (!u) return html(reply, 400, unsubscribePage(null, { state: 'invalid' }));
    await turnMailOff(db, u.id);
    request.log.info({ userId: u.id }, 'e-mail notifications turned off by an unsubscribe link');
    return html(reply, 200, unsubscribePage(u.language, { state: 'done', username: u.username, profileLink: '/profile/notifications' }));
  });

  if (mailAvailable) {
    let job: DigestJobHandle | undefined;
    app.addHook('onReady', async () => {
      job = startDigestJob(db, {
        mail,
        log: app.log,
        originFor: (saved) => linkOrigin(config, saved),
        ...(config.notifyMailTickMs ? { everyMs: config.notifyMailTickMs } : {}),
      });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
