/** /api/v3/user: session (access response and customer selection) and profile. */
import type { FastifyInstance } from 'fastify';
import { isLanguage, SUPPORTED_LANGUAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { parseIdList } from '../../http/params';
import { auth } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { setSelectedCustomers } from '../auth/sessions';
import { getProfile, sessionResponse, setLanguage } from './service';

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
}
