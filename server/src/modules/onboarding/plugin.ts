/**
 * Onboarding from an NFC tag (issue 19 §1; contract/onboarding.ts):
 * - GET  /api/v3/onboarding/tag/:uuid                 public: what the tag stands for
 * - GET  /api/v3/onboarding/flow/:uuid                the signed-in user's steps with the tag (flow.ts)
 * - PUT  /api/v3/onboarding/flow/:uuid/organization   step 3
 * - PUT  /api/v3/onboarding/flow/:uuid/placement      step 4
 * - POST /api/v3/onboarding/flow/:uuid/activate       steps 5 and 6: terms accepted → unit activated, trial started (activate.ts)
 * - GET  /api/v3/onboarding/places?q=                 the placement's offline address search (places.ts)
 * - POST/DELETE /api/v3/onboarding/embed/session     the flow embedded on a partner page: its sign-in (embed-session.ts)
 * - GET  /api/v3/admin/trials, POST /api/v3/admin/trials/:id/convert   the trials, for SuperUsers (trial.ts)
 * and the trial job (trial.ts): warns before a trial's end, ends it unless converted. It runs
 * unless under jest, where the tests drive runTrialRound with a clock of their own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { recordAudit } from '../audit/record';
import { auth } from '../auth/guard';
import { requireAdmin } from '../auth/permissions';
import { userOrgIds } from '../auth/scope';
import { tagInfo } from '../nfc/service';
import { linkOrigin } from '../notify-mail/plugin';
import { activate } from './activate';
import { embedSessionRoutes } from './embed-session';
import { chooseOrganization, loadFlow, savePlacement } from './flow';
import { searchPlaces } from './places';
import { convertTrial, listTrials, startTrialJob } from './trial';
import type { PeriodicHandle } from '../../jobs/periodic';

/** The request's own origin (X-Forwarded-* only with TRUST_PROXY): where the trial mail's link leads. */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('Bad Host header');
  }
}

export default async function onboardingPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config, mail } = ctx;
  embedSessionRoutes(app, ctx);

  route(app, ENDPOINTS.onboardingTag, async (request) => {
    const info = await tagInfo(db, request.params.uuid.toLowerCase());
    if (!info) throw notFound();
    return { data: info };
  });

  route(app, ENDPOINTS.onboardingFlow, async (request) => ({
    data: await loadFlow(db, auth(request), request.params.uuid.toLowerCase()),
  }));

  route(app, ENDPOINTS.onboardingOrganization, async (request) => ({
    data: await chooseOrganization(db, auth(request), request.params.uuid.toLowerCase(), request.body),
  }));

  route(app, ENDPOINTS.onboardingPlacement, async (request) => ({
    data: await savePlacement(db, auth(request), request.params.uuid.toLowerCase(), request.body),
  }));

  route(app, ENDPOINTS.onboardingActivate, async (request, reply) => {
    const activation = await activate(db, request, request.params.uuid.toLowerCase(), request.body, {
      origin: requestOrigin(request),
    });
    void reply.code(201);
    return { data: activation };
  });

  route(app, ENDPOINTS.onboardingPlaces, async (request) => {
    const mine = await userOrgIds(db, auth(request).userId);
    const orgs = request.query.organization !== undefined ? mine.filter((o) => o === request.query.organization) : mine;
    return { data: await searchPlaces(db, orgs, request.query.q) };
  });

  /** The SuperUser's organisations; 403 for anyone else. */
  async function adminScope(request: FastifyRequest): Promise<number[]> {
    const a = auth(request);
    requireAdmin(a);
    return userOrgIds(db, a.userId);
  }

  route(app, ENDPOINTS.adminTrials, async (request) => ({ data: await listTrials(db, await adminScope(request)) }));

  route(app, ENDPOINTS.convertTrial, async (request) => {
    const mine = await adminScope(request);
    const trial = await convertTrial(db, mine, request.params.id, auth(request).userId);
    await recordAudit(db, request, {
      action: 'trial.convert',
      organizationId: trial.organizationId,
      target: { type: 'unit', id: trial.unitId, name: trial.unitName },
      details: { endsAt: trial.endsAt },
    });
    return { data: trial };
  });

  if (process.env.NODE_ENV !== 'test') {
    let job: PeriodicHandle | undefined;
    app.addHook('onReady', async () => {
      job = startTrialJob(db, mail, {
        originFor: (saved) => linkOrigin(config, saved),
        log: app.log,
        onError: (err) => app.log.error({ err }, 'trial job failed'),
      });
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
}
