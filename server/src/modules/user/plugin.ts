/**
 * /api/v3/user: session (access response and customer selection), profile, avatar, password,
 * restore links, organisation and client preferences.
 *
 * A Reader may edit his own profile, password and preferences: personal settings are not
 * operational data, so these routes do not call requireWriter.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  isLanguage,
  MESSAGES,
  PASSWORD_MESSAGES,
  SUPPORTED_LANGUAGES,
  type ChangePasswordBody,
  type ClientPreferences,
  type CreateRestoreTokenBody,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { parseIdList } from '../../http/params';
import { auth } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { setSelectedCustomers } from '../auth/sessions';
import {
  avatarDataUrl,
  changePassword,
  changePasswordWithToken,
  createRestoreToken,
  organizationOf,
  PASSWORD_MAX_LENGTH,
  setAvatar,
  updateProfile,
  verifyRestoreToken,
} from './account';
import { getPreferences, preferencesSchema, setPreferences } from './preferences';
import { getProfile, sessionResponse, setLanguage } from './service';

const PASSWORD = { type: 'string', maxLength: PASSWORD_MAX_LENGTH } as const;
const TOKEN = { type: 'string', minLength: 1, maxLength: 200 } as const;
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** The request's own origin (honours X-Forwarded-* only with TRUST_PROXY). */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('Bad Host header');
  }
}

const selectSchema = {
  querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 2000 } } },
} as const;
const languageSchema = {
  querystring: {
    type: 'object',
    required: ['language'],
    properties: { language: { type: 'string', maxLength: 20 } },
  },
} as const;

export default async function userPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get('/api/v3/user/session', async (request) => {
    return { data: await sessionResponse(db, auth(request)) };
  });

  /** Selects the customers (organisations) that scope devices, alarms and KPIs: ?id=1,2 */
  app.put<{ Querystring: { id: string } }>(
    '/api/v3/user/session/current_organization',
    { schema: selectSchema },
    async (request) => {
      const a = auth(request);
      const ids = parseIdList(request.query.id, 'id');
      const mine = new Set(await userOrgIds(db, a.userId));
      const foreign = ids.filter((id) => !mine.has(id));
      if (foreign.length) throw notFound(`Organisation not found: ${foreign.join(', ')}`);
      await setSelectedCustomers(db, a.sessionId, ids);
      return { data: await sessionResponse(db, { ...a, selectedCustomers: ids }) };
    },
  );

  app.get('/api/v3/user/profile', async (request) => {
    return { data: await getProfile(db, auth(request).userId) };
  });

  app.put<{ Querystring: { language: string } }>(
    '/api/v3/user/profile/language',
    { schema: languageSchema },
    async (request) => {
      const a = auth(request);
      const { language } = request.query;
      if (!isLanguage(language)) {
        throw badRequest(`Unsupported language "${language}"; use one of ${SUPPORTED_LANGUAGES.join(', ')}`);
      }
      await setLanguage(db, a.userId, language);
      return { data: await getProfile(db, a.userId) };
    },
  );

  /** Only the fields of PROFILE_FIELDS; an unknown one is logged and nothing is saved (400). */
  app.put<{ Body: Record<string, unknown> }>(
    '/api/v3/user/profile',
    { schema: { body: { type: 'object', maxProperties: 50 } } },
    async (request) => {
      const a = auth(request);
      return { data: await updateProfile(db, a.userId, request.body, request.log) };
    },
  );

  // The avatar upload's body is the image itself. Read here with our own limit, so that a too
  // large one answers "Image size exceeded" (413) whatever its size, and is never kept in memory.
  app.addContentTypeParser([...AVATAR_CONTENT_TYPES], (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    payload.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > AVATAR_MAX_BYTES) finish(new HttpError(413, AVATAR_TOO_LARGE, 'too_large'));
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (err) => finish(err));
  });

  app.post('/api/v3/user/profile/avatar', async (request) => {
    const a = auth(request);
    const body = request.body;
    if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
      throw badRequest(MESSAGES.missingParameters);
    }
    if (!Buffer.isBuffer(body)) {
      throw new HttpError(415, `The avatar must be sent as the image itself (${AVATAR_CONTENT_TYPES.join(', ')})`, 'unsupported_media_type');
    }
    const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    return { data: await setAvatar(db, a.userId, avatarDataUrl(type, body)) };
  });

  app.delete('/api/v3/user/profile/avatar', async (request) => {
    return { data: await setAvatar(db, auth(request).userId, null) };
  });

  /** PUT /password?oldPassword&newPassword (spec §7): the user's other sessions end. */
  app.put<{ Querystring: { oldPassword: string; newPassword: string } }>(
    '/api/v3/user/password',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['oldPassword', 'newPassword'],
          properties: { oldPassword: PASSWORD, newPassword: PASSWORD },
        },
      },
    },
    async (request) => {
      await changePassword(db, auth(request), request.query.oldPassword, request.query.newPassword);
      return { data: { message: PASSWORD_MESSAGES.changed } };
    },
  );

  /**
   * A restore link for a user (himself, or as SuperUser one of his organisations' users). No mail
   * is sent: the answer carries what would be emailed. baseUrl must be on this server's origin.
   */
  app.post<{ Body: CreateRestoreTokenBody }>(
    '/api/v3/user/createRestorePasswordToken',
    {
      schema: {
        body: {
          type: 'object',
          required: ['userId', 'baseUrl'],
          additionalProperties: false,
          properties: { userId: ID, baseUrl: { type: 'string', minLength: 1, maxLength: 2000 } },
        },
      },
    },
    async (request) => {
      const { userId, baseUrl } = request.body;
      return { data: await createRestoreToken(db, auth(request), userId, baseUrl, requestOrigin(request)) };
    },
  );

  // The two calls a restore link leads to are reachable without a session (the token is the key).
  app.get<{ Params: { token: string } }>(
    '/api/v3/user/verifyChangePasswordToken/:token',
    {
      config: { public: true },
      schema: { params: { type: 'object', required: ['token'], properties: { token: TOKEN } } },
    },
    async (request) => ({ data: await verifyRestoreToken(db, request.params.token) }),
  );

  app.post<{ Body: ChangePasswordBody }>(
    '/api/v3/user/changePassword',
    {
      config: { public: true },
      schema: {
        body: {
          type: 'object',
          required: ['token', 'newPassword'],
          additionalProperties: false,
          properties: { token: TOKEN, newPassword: PASSWORD },
        },
      },
    },
    async (request) => {
      await changePasswordWithToken(db, request.body.token, request.body.newPassword);
      return { data: { message: PASSWORD_MESSAGES.changed } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v3/user/organization/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: ID } } } },
    async (request) => ({ data: await organizationOf(db, auth(request).userId, request.params.id) }),
  );

  app.get('/api/v3/user/preferences', async (request) => ({
    data: await getPreferences(db, auth(request).userId),
  }));

  app.put<{ Body: Partial<ClientPreferences> }>(
    '/api/v3/user/preferences',
    { schema: { body: preferencesSchema } },
    async (request) => ({ data: await setPreferences(db, auth(request).userId, request.body) }),
  );
}
