/**
 * The signed-in steps of an NFC onboarding (contract/onboarding.ts): a record per (user, tag) holds
 * the organisation chosen — one of his, or the details of a new one — and the placement, so that
 * each step survives a reload. Nothing else is written before the activation (activate.ts).
 *
 * Refusals, each with its code: a tag nobody has (404), a unit of a type this Fieldwatch does not
 * know ("Device not supported", 409), a unit already activated (409), a Reader (403), an
 * organisation that is not the user's (404, exactly as for one that does not exist), a location
 * or group not of the chosen organisation (404), a position off the map (400).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  normalisePlacement,
  ONBOARDING_ERROR_CODES,
  ONBOARDING_MESSAGES,
  placementProblem,
  TERMS_VERSION,
  USER_TYPES,
  type ChooseOrganizationBody,
  type ContainerReference,
  type NewOrganization,
  type OnboardingChosenOrganization,
  type OnboardingFlow,
  type OnboardingLocationOption,
  type OnboardingOption,
  type OnboardingPlacement,
  type OnboardingTagInfo,
  type PlacementBody,
  type PlacementProblem,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { containers, onboardings, organizations } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { tagInfo } from '../nfc/service';
import { activationOf } from './trial';

type Code = keyof typeof ONBOARDING_ERROR_CODES;

/** A refusal of the onboarding: its status, the English text and the code the browser translates by. */
export function refusal(status: number, code: Code, message?: string): HttpError {
  const text = message ?? (ONBOARDING_MESSAGES as Record<string, unknown>)[code];
  return new HttpError(status, typeof text === 'string' ? text : ONBOARDING_MESSAGES.unknownTag, ONBOARDING_ERROR_CODES[code]);
}

const PLACEMENT_REFUSALS: Record<PlacementProblem, Code> = {
  coordinates: 'coordinates',
  locationMissing: 'locationMissing',
  locationBoth: 'locationBoth',
  groupBoth: 'groupBoth',
};

export type FlowRow = typeof onboardings.$inferSelect;

/** The tag's answer, or 404 (unknownTag). */
export async function requireTag(db: Db, uuid: string): Promise<OnboardingTagInfo> {
  const info = await tagInfo(db, uuid.toLowerCase());
  if (!info) throw refusal(404, 'unknownTag');
  return info;
}

/** A tag whose unit may still be activated: supported and not activated yet (else 409). */
export function requireActivatable(info: OnboardingTagInfo): void {
  if (!info.supported) throw refusal(409, 'notSupported');
  if (info.activated) throw refusal(409, 'alreadyActivated');
}

/** Readers read; activating a unit is a write (403). */
export function requireActivator(a: AuthContext): void {
  if (a.userType === USER_TYPES.Reader || a.apiToken) throw refusal(403, 'readOnly');
}

export async function flowRow(db: Db, userId: number, uuid: string): Promise<FlowRow | null> {
  const [row] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.userId, userId), eq(onboardings.tagUuid, uuid)))
    .limit(1);
  return row ?? null;
}

async function organizationsOf(db: Db, ids: readonly number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** Who may make a new organisation here: a SuperUser, or someone of no organisation yet (registered just now). */
export function mayCreateOrganization(a: AuthContext, mine: readonly number[]): boolean {
  if (a.userType === USER_TYPES.Reader || a.apiToken) return false;
  return a.userType === USER_TYPES.SuperUser || mine.length === 0;
}

/** The locations (with the groups holding each) and groups of an organisation. */
export async function containersOf(
  db: Db,
  organizationId: number,
): Promise<{ locations: OnboardingLocationOption[]; groups: OnboardingOption[] }> {
  const rows = await db
    .select({ id: containers.id, kind: containers.kind, name: containers.name, content: containers.content })
    .from(containers)
    .where(eq(containers.organizationId, organizationId))
    .orderBy(asc(containers.name), asc(containers.id));
  const groups = rows.filter((r) => r.kind === 'group');
  const locations = rows
    .filter((r) => r.kind === 'location')
    .map((l) => ({
      id: l.id,
      name: l.name,
      groupIds: groups
        .filter((g) => (g.content as ContainerReference[]).some((ref) => ref.type === 'location' && ref.target === l.id))
        .map((g) => g.id),
    }));
  return { locations, groups: groups.map((g) => ({ id: g.id, name: g.name })) };
}

/** The placement as stored, if it is one (a partial one keeps what the form had). */
function storedPlacement(value: unknown): OnboardingPlacement | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Partial<OnboardingPlacement>;
  if (typeof p.name !== 'string' || typeof p.lat !== 'number' || typeof p.lon !== 'number') return null;
  return {
    name: p.name,
    lat: p.lat,
    lon: p.lon,
    address: typeof p.address === 'string' ? p.address : '',
    ...(typeof p.locationId === 'string' ? { locationId: p.locationId } : {}),
    ...(typeof p.locationName === 'string' ? { locationName: p.locationName } : {}),
    ...(typeof p.groupId === 'string' ? { groupId: p.groupId } : {}),
    ...(typeof p.groupName === 'string' ? { groupName: p.groupName } : {}),
  };
}

/** Whether a stored placement can be activated as it is: a location, and its containers still there. */
export function placementComplete(
  p: OnboardingPlacement | null,
  options: { locations: readonly OnboardingOption[]; groups: readonly OnboardingOption[] },
): p is OnboardingPlacement {
  if (!p) return false;
  if (placementProblem(p) !== null) return false;
  if (p.locationId && !options.locations.some((l) => l.id === p.locationId)) return false;
  if (p.groupId && !options.groups.some((g) => g.id === p.groupId)) return false;
  return true;
}

/** The organisation a flow record names, if it still may: one of the user's, or a new one's details. */
function chosenOrganization(
  row: FlowRow | null,
  mine: ReadonlyArray<{ id: number; name: string }>,
  mayCreate: boolean,
): OnboardingChosenOrganization | null {
  if (!row) return null;
  if (row.organizationId !== null) {
    const org = mine.find((o) => o.id === row.organizationId);
    return org ? { id: org.id, name: org.name } : null;
  }
  if (row.newOrganization && mayCreate) {
    const details = row.newOrganization as unknown as NewOrganization;
    return { id: null, name: details.companyName, details };
  }
  return null;
}

/** GET …/flow/:uuid: where the user is with this tag (nothing is written). */
export async function loadFlow(db: Db, a: AuthContext, uuid: string): Promise<OnboardingFlow> {
  const tag = await requireTag(db, uuid);
  const row = await flowRow(db, a.userId, tag.tagUuid);
  const mineIds = await userOrgIds(db, a.userId);
  const mine = await organizationsOf(db, mineIds);
  const mayCreate = mayCreateOrganization(a, mineIds);
  const activation = row?.unitId && row.activatedAt ? await activationOf(db, row.unitId) : null;
  const organization = chosenOrganization(row, mine, mayCreate);
  const options = organization?.id ? await containersOf(db, organization.id) : { locations: [], groups: [] };
  const placement = storedPlacement(row?.placement);
  const next = activation
    ? 'done'
    : !organization
      ? 'organisation'
      : !placementComplete(placement, options)
        ? 'placement'
        : 'terms';
  return {
    tag,
    organizations: mine,
    canActivate: a.userType !== USER_TYPES.Reader && !a.apiToken,
    canCreateOrganization: mayCreate,
    organization,
    locations: options.locations,
    groups: options.groups,
    placement,
    next,
    termsVersion: TERMS_VERSION,
    activation,
  };
}

/** Trims a new organisation's texts; blank optional ones are left out. */
function trimmedOrganization(o: NewOrganization): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
}

/** Keeps a placement's name, position and address when the organisation changes (its containers do not carry over). */
function placementWithoutContainers(value: unknown): Record<string, unknown> | null {
  const p = storedPlacement(value);
  return p ? { name: p.name, lat: p.lat, lon: p.lon, address: p.address } : null;
}

/** PUT …/organization: one of the user's organisations, or a new one's details (made at activation). */
export async function chooseOrganization(db: Db, a: AuthContext, uuid: string, body: ChooseOrganizationBody): Promise<OnboardingFlow> {
  requireActivator(a);
  const tag = await requireTag(db, uuid);
  requireActivatable(tag);
  if (body.organizationId !== undefined && body.newOrganization !== undefined) {
    throw new HttpError(400, ONBOARDING_MESSAGES.organizationBoth, 'validation');
  }
  const mine = await userOrgIds(db, a.userId);
  let set: { organizationId: number | null; newOrganization: Record<string, string> | null };
  if (body.organizationId !== undefined) {
    if (!mine.includes(body.organizationId)) throw refusal(404, 'notYourOrganization');
    set = { organizationId: body.organizationId, newOrganization: null };
  } else {
    if (!mayCreateOrganization(a, mine)) throw refusal(403, 'cannotCreate');
    set = { organizationId: null, newOrganization: trimmedOrganization(body.newOrganization!) };
  }
  const row = await flowRow(db, a.userId, tag.tagUuid);
  const sameOrg =
    row !== null &&
    row.organizationId === set.organizationId &&
    (set.organizationId !== null || row.newOrganization !== null);
  const placement = sameOrg ? (row.placement ?? null) : placementWithoutContainers(row?.placement);
  const now = new Date();
  await db
    .insert(onboardings)
    .values({ userId: a.userId, tagUuid: tag.tagUuid, ...set, placement, updatedAt: now })
    .onConflictDoUpdate({ target: [onboardings.userId, onboardings.tagUuid], set: { ...set, placement, updatedAt: now } });
  return loadFlow(db, a, tag.tagUuid);
}

/** PUT …/placement: the name, the position, the address, the location and group (new ones by name). */
export async function savePlacement(db: Db, a: AuthContext, uuid: string, body: PlacementBody): Promise<OnboardingFlow> {
  requireActivator(a);
  const tag = await requireTag(db, uuid);
  requireActivatable(tag);
  const problem = placementProblem(body);
  if (problem) throw refusal(400, PLACEMENT_REFUSALS[problem]);
  const row = await flowRow(db, a.userId, tag.tagUuid);
  const mineIds = await userOrgIds(db, a.userId);
  const organization = chosenOrganization(row, await organizationsOf(db, mineIds), mayCreateOrganization(a, mineIds));
  if (!row || !organization) throw refusal(409, 'organizationFirst');
  const options = organization.id !== null ? await containersOf(db, organization.id) : { locations: [], groups: [] };
  // A location or group of another organisation answers exactly as one that does not exist.
  if (body.locationId && !options.locations.some((l) => l.id === body.locationId)) throw refusal(404, 'locationNotFound');
  if (body.groupId && !options.groups.some((g) => g.id === body.groupId)) throw refusal(404, 'groupNotFound');
  await db
    .update(onboardings)
    .set({ placement: { ...normalisePlacement(body) }, updatedAt: new Date() })
    .where(and(eq(onboardings.userId, a.userId), eq(onboardings.tagUuid, tag.tagUuid)));
  return loadFlow(db, a, tag.tagUuid);
}
