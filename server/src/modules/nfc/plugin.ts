/** GET /api/v1/nfc/tag?unit=<id>: the NFC tag of one of the user's units ({ tag_uuid: '' } when none). */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { unitOrganization } from '../devices/service';
import { tagOfUnit } from './service';
import { ENDPOINTS } from '@fieldwatch/shared';

export default async function nfcPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.nfcTag, async (request) => {
    const org = await unitOrganization(db, request.query.unit);
    // A unit of another organisation answers exactly like a missing one.
    if (org === null || !(await userOrgIds(db, auth(request).userId)).includes(org)) throw notFound();
    return { tag_uuid: await tagOfUnit(db, request.query.unit) };
  });
}
