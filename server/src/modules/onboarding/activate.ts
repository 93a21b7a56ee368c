/**
 * POST /api/v3/onboarding/flow/:uuid/activate — the last step: the general terms accepted, one
 * transaction
 * 1. makes the organisation when a new one was chosen (its company, contact and billing details;
 *    the user its member — and its SuperUser when he had no organisation before, so that someone
 *    administers it);
 * 2. makes the location and group when new ones were named (the containers service, their one
 *    write door), and puts the location into the group;
 * 3. claims the unit the tag names into the organisation and location, with its name (the devices
 *    module's addUnit, as "Add new device" by NFC tag does), and gives it its position and address;
 * 4. starts the trial (TRIAL_DAYS from now) and stores the terms' acceptance (version, time, user,
 *    organisation, unit, the language they were shown in);
 * 5. adds the organisation to the session's selected customers, so the unit is in the fleet at once.
 * Any refusal on the way (a location gone meanwhile, the tag claimed by someone else a moment
 * earlier) leaves nothing behind.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_TIMEZONE,
  isLanguage,
  RIGHTS,
  TERMS_VERSION,
  TRIAL_DAYS,
  USER_TYPES,
  type ActivateBody,
  type ContainerReference,
  type NewOrganization,
  type OnboardingActivation,
} from '@fieldwatch/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import {
  containers,
  onboardings,
  organizations,
  organizationSettings,
  sessions,
  termsAcceptances,
  units,
  unitTrials,
  userOrganizations,
  users,
} from '../../db/schema';
import { recordAudit } from '../audit/record';
import { auth, type AuthContext } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { createContainer, updateContainer } from '../containers/service';
import { addUnit } from '../devices/units/write';
import { flowRow, loadFlow, placementComplete, refusal, requireActivatable, requireActivator, requireTag } from './flow';
import { activationOf } from './trial';
import { sessionCache } from '../auth/session-cache';

const DAY_MS = 86_400_000;

/** The billing address is the company's when none was given. */
function organizationDetails(o: NewOrganization): Record<string, string> {
  const billing = [o.address, o.zip, o.city, o.country].some((v) => (v ?? '').trim() !== '');
  const details: Record<string, string> = {
    companyName: o.companyName,
    companyAddress: o.companyAddress,
    companyZip: o.companyZip,
    companyCity: o.companyCity,
    customerId: o.customerId ?? '',
    organisationNumber: o.organisationNumber ?? '',
    contactName: o.contactName,
    contactEmail: o.contactEmail,
    phone: o.phone ?? '',
    address: billing ? (o.address ?? '') : o.companyAddress,
    zip: billing ? (o.zip ?? '') : o.companyZip,
    city: billing ? (o.city ?? '') : o.companyCity,
    country: o.country ?? '',
  };
  return details;
}

export async function activate(
  db: Db,
  request: FastifyRequest,
  uuid: string,
  body: ActivateBody,
  opts: { origin: string; now?: Date },
): Promise<OnboardingActivation> {
  const a: AuthContext = auth(request);
  requireActivator(a);
  const tag = await requireTag(db, uuid);
  requireActivatable(tag);
  if (body.acceptTerms !== true) throw refusal(400, 'termsNotAccepted');
  const flow = await loadFlow(db, a, tag.tagUuid);
  if (body.termsVersion !== TERMS_VERSION) {
    throw refusal(409, 'termsVersion', `The general terms have changed. Read version ${TERMS_VERSION} to the end and accept it.`);
  }
  const chosen = flow.organization;
  if (!chosen) throw refusal(409, 'organizationFirst');
  const placement = flow.placement;
  if (!placementComplete(placement, flow)) throw refusal(409, 'placementFirst');
  const row = await flowRow(db, a.userId, tag.tagUuid);
  if (!row) throw refusal(409, 'organizationFirst');

  const now = opts.now ?? new Date();
  const [me] = await db
    .select({ username: users.username, language: users.language, userType: users.userType })
    .from(users)
    .where(eq(users.id, a.userId))
    .limit(1);
  if (!me) throw refusal(403, 'readOnly');
  const language = body.language ?? (isLanguage(me.language) ? me.language : 'en');
  const created: { org: { id: number; name: string } | null } = { org: null };

  const unitId = await db.transaction(async (tx) => {
    // 1. The organisation.
    let orgId: number;
    // The caller as he acts inside the transaction (promoted when he makes his first organisation).
    let actor: AuthContext = a;
    if (chosen.id !== null) {
      orgId = chosen.id;
    } else {
      const hadNone = (await userOrgIds(tx, a.userId)).length === 0;
      const [org] = await tx
        .insert(organizations)
        .values({ name: chosen.details.companyName, rights: [RIGHTS.GIS] })
        .returning({ id: organizations.id, name: organizations.name });
      orgId = org!.id;
      created.org = org!;
      await tx.insert(organizationSettings).values({
        organizationId: orgId,
        details: organizationDetails(chosen.details),
        defaultLanguage: language,
        defaultTimezone: DEFAULT_TIMEZONE,
      });
      await tx.insert(userOrganizations).values({ userId: a.userId, organizationId: orgId });
      if (hadNone && me.userType !== USER_TYPES.SuperUser) {
        await tx.update(users).set({ userType: USER_TYPES.SuperUser }).where(eq(users.id, a.userId));
        actor = { ...a, userType: USER_TYPES.SuperUser };
      }
    }

    // 2. The location, the group.
    let locationId = placement.locationId;
    let locationName = placement.locationName ?? '';
    if (!locationId) {
      const created = await createContainer(tx, actor, { kind: 'location', name: locationName, organization: orgId });
      locationId = created.id;
    } else {
      locationName = flow.locations.find((l) => l.id === locationId)?.name ?? locationName;
    }
    if (placement.groupName) {
      await createContainer(tx, actor, {
        kind: 'group',
        name: placement.groupName,
        organization: orgId,
        content: [{ type: 'location', name: locationName, target: locationId }],
      });
    } else if (placement.groupId) {
      const [group] = await tx
        .select()
        .from(containers)
        .where(and(eq(containers.id, placement.groupId), eq(containers.organizationId, orgId), eq(containers.kind, 'group')))
        .limit(1);
      if (!group) throw refusal(404, 'groupNotFound');
      const content = group.content as ContainerReference[];
      if (!content.some((r) => r.type === 'location' && r.target === locationId)) {
        await updateContainer(tx, actor, group.id, {
          revision: group.revision,
          content: [...content, { type: 'location', name: locationName, target: locationId }],
        });
      }
    }

    // 3. The unit: claimed from the tag into the organisation and location, then placed.
    const unit = await addUnit(tx, actor, { name: placement.name, tagId: tag.tagUuid, organization: orgId, locationId });
    await tx.update(units).set({ lat: placement.lat, lon: placement.lon, location: placement.address }).where(eq(units.id, unit.UnitID));

    // 4. The trial and the acceptance of the terms.
    await tx
      .insert(unitTrials)
      .values({
        unitId: unit.UnitID,
        activatedBy: a.userId,
        status: 'active',
        startedAt: now,
        endsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        linkOrigin: opts.origin,
      })
      .onConflictDoNothing();
    await tx.insert(termsAcceptances).values({
      version: TERMS_VERSION,
      acceptedAt: now,
      userId: a.userId,
      username: me.username,
      organizationId: orgId,
      unitId: unit.UnitID,
      language,
    });
    await tx
      .update(onboardings)
      .set({ organizationId: orgId, newOrganization: null, unitId: unit.UnitID, activatedAt: now, updatedAt: now })
      .where(and(eq(onboardings.userId, a.userId), eq(onboardings.tagUuid, tag.tagUuid)));

    // 5. The unit shows in the fleet of this session at once.
    if (a.sessionId) {
      await tx
        .update(sessions)
        .set({ selectedCustomers: sql`array_append(${sessions.selectedCustomers}, ${orgId}::integer)` })
        .where(and(eq(sessions.id, a.sessionId), sql`not (${orgId}::integer = any(${sessions.selectedCustomers}))`));
    }
    return unit.UnitID;
  });
  // His session's customers (and maybe his user type) changed: looked up afresh.
  sessionCache(db).forgetUsers([a.userId]);

  const activation = await activationOf(db, unitId);
  const org = created.org;
  if (org) {
    await recordAudit(db, request, {
      action: 'organization.create',
      organizationId: org.id,
      target: { type: 'organization', id: org.id, name: org.name },
      details: { onboarding: true },
    });
  }
  await recordAudit(db, request, {
    action: 'onboarding.activate',
    organizationId: activation!.organizationId,
    target: { type: 'unit', id: unitId, name: activation!.unitName },
    details: { termsVersion: TERMS_VERSION, trialEndsAt: activation!.trial.endsAt },
  });
  return activation!;
}
