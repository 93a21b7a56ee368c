/**
 * A unit's NFC tag, the write:
 * - PUT /api/v3/device/devices/{id}/nfc/tag   body { tagUuid } ('' removes it) → { data: { tag_uuid } };
 *   a malformed id 400, a tag of another unit 409 (nfc/service.ts). The read is GET /api/v1/nfc/tag.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { unitAccess } from '../access';
import { setUnitTag } from './service';

export default async function unitNfcPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  const { writableUnitOf } = unitAccess(db);
  route(app, ENDPOINTS.setNfcTag, async (req) => {
    const unit = await writableUnitOf(req, req.params.id);
    return { data: await setUnitTag(db, auth(req).userId, unit, req.body.tagUuid) };
  });
}
