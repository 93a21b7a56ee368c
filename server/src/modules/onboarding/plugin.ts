/**
 * Onboarding from an NFC tag (public: the visitor has no account yet). Activation, registration
 * and terms acceptance come with the onboarding flow and belong in this module.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { tagInfo } from '../nfc/service';
import { ENDPOINTS } from '@fieldwatch/shared';

export default async function onboardingPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.onboardingTag, async (request) => {
    const info = await tagInfo(db, request.params.uuid.toLowerCase());
    if (!info) throw notFound();
    return { data: info };
  });
}
