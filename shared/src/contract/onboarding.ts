/**
 * Onboarding from an NFC tag (spec §2, issue 19 §1). The first step is public (the visitor may have
 * no account yet): GET /api/v3/onboarding/tag/:uuid tells what the tag stands for. The steps after
 * signing in are the signed-in user's own, kept on the server per (user, tag) so that each survives
 * a reload — the organisation, the placement, then the terms, whose acceptance activates:
 *
 * - GET  /api/v3/onboarding/flow/:uuid               where this user is (OnboardingFlow)
 * - PUT  /api/v3/onboarding/flow/:uuid/organization  one of his organisations, or a new one's details
 * - PUT  /api/v3/onboarding/flow/:uuid/placement     name, position, address, location and group
 * - POST /api/v3/onboarding/flow/:uuid/activate      terms accepted: one transaction makes the
 *   organisation (a new one), the location and group (new ones), claims the unit into the
 *   organisation, places it, starts the trial (TRIAL_DAYS) and stores the acceptance (version,
 *   time, user, organisation)
 * - GET  /api/v3/onboarding/places?q=                offline address search: the user's units'
 *   addresses and a built-in list of towns (no map service is asked)
 *
 * Nothing is created before the activation: a flow left half-way leaves no organisation, location
 * or group behind. Refusals say what happened and what to do (ONBOARDING_MESSAGES, in English on
 * the wire; the browser shows its translation by the error code).
 *
 * Trials (a server job warns TRIAL_WARNING_DAYS before the end and ends the trial unless it was
 * converted): GET /api/v3/admin/trials, POST /api/v3/admin/trials/:id/convert (SuperUsers).
 */
import * as T from 'typebox';
import { invalidEmail, SUPPORTED_LANGUAGES } from '../constants';
import type { OnboardingTagInfo } from '../api/types';
import { CONTAINER_NAME_MAX } from '../domain/containers';
import { Id, NOT_BLANK, StringEnum } from './common';
import { ContainerId } from './containers';
import { withTexts } from './form';

/** A tag id as the server accepts it in a path: letters, digits and dashes, at most 64. */
export const TAG_ID_PATTERN = '^[A-Za-z0-9-]{1,64}$';

/** GET /api/v3/onboarding/tag/:uuid (and the flow's paths) — the id printed on (or read from) the tag. */
export const TagParams = T.Object({ uuid: T.String({ pattern: TAG_ID_PATTERN }) });

// ───────── step 3: the organisation ─────────

const ORG_TEXT_MAX = 200;
const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const required = (title: string, max = ORG_TEXT_MAX) => T.String({ title, minLength: 1, maxLength: max, pattern: NOT_BLANK });
const optional = (title: string, max = ORG_TEXT_MAX) => T.Optional(T.String({ title, maxLength: max }));

/**
 * A new organisation (spec §3): the company (name, address, zip, city, optional customer id and
 * organisation number), its contact and the billing address (left out: the company's).
 */
export const NewOrganization = T.Object(
  {
    companyName: required('Company name'),
    companyAddress: required('Address'),
    companyZip: required('Zip', 20),
    companyCity: required('City'),
    /** Optional. */
    customerId: optional('Customer id', 100),
    /** Optional. */
    organisationNumber: optional('Organisation number', 50),
    contactName: required('Contact name'),
    contactEmail: withTexts(T.String({ title: 'Email', minLength: 1, maxLength: 320, pattern: EMAIL }), {
      pattern: invalidEmail('Email'),
    }),
    phone: optional('Phone', 50),
    /** Billing address; all four left out or blank: the company's address. */
    address: optional('Billing address'),
    zip: optional('Billing zip', 20),
    city: optional('Billing city'),
    country: optional('Country', 100),
  },
  { additionalProperties: false },
);
export type NewOrganization = T.Static<typeof NewOrganization>;

/** PUT …/organization: one of the user's organisations, or a new one (created at activation). */
export const ChooseOrganizationBody = T.Object(
  { organizationId: T.Optional(Id), newOrganization: T.Optional(NewOrganization) },
  { additionalProperties: false, minProperties: 1 },
);
export type ChooseOrganizationBody = T.Static<typeof ChooseOrganizationBody>;

// ───────── step 4: the placement ─────────

export const UNIT_NAME_MAX = 100;

/**
 * PUT …/placement: the unit's name, its position (a pin, a found address or the phone's position),
 * the address shown with it, and where it goes in the organisation: an existing location
 * (locationId) or a new one (locationName), and optionally a group, existing or new.
 */
export const PlacementBody = T.Object(
  {
    name: T.String({ title: 'Name', minLength: 1, maxLength: UNIT_NAME_MAX, pattern: NOT_BLANK }),
    /** Degrees; checked by placementProblem (a clear message instead of a schema's). */
    lat: T.Number(),
    lon: T.Number(),
    address: T.Optional(T.String({ title: 'Address', maxLength: 200 })),
    locationId: T.Optional(ContainerId),
    locationName: T.Optional(T.String({ title: 'Location', maxLength: CONTAINER_NAME_MAX })),
    groupId: T.Optional(ContainerId),
    groupName: T.Optional(T.String({ title: 'Group', maxLength: CONTAINER_NAME_MAX })),
  },
  { additionalProperties: false },
);
export type PlacementBody = T.Static<typeof PlacementBody>;

/** The placement as stored and answered: blank names left out, text trimmed. */
export interface OnboardingPlacement {
  name: string;
  lat: number;
  lon: number;
  address: string;
  locationId?: string;
  locationName?: string;
  groupId?: string;
  groupName?: string;
}

export type PlacementProblem = 'coordinates' | 'locationMissing' | 'locationBoth' | 'groupBoth';

export const isLatitude = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= -90 && v <= 90;
export const isLongitude = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= -180 && v <= 180;

/** What the server (and the form, before sending) refuses in a placement beyond its schema. */
export function placementProblem(p: Pick<PlacementBody, 'lat' | 'lon' | 'locationId' | 'locationName' | 'groupId' | 'groupName'>): PlacementProblem | null {
  if (!isLatitude(p.lat) || !isLongitude(p.lon)) return 'coordinates';
  const locName = p.locationName?.trim() ?? '';
  if (p.locationId && locName) return 'locationBoth';
  if (!p.locationId && !locName) return 'locationMissing';
  if (p.groupId && (p.groupName?.trim() ?? '')) return 'groupBoth';
  return null;
}

/** The placement as stored: trimmed, blank names left out. */
export function normalisePlacement(p: PlacementBody): OnboardingPlacement {
  const out: OnboardingPlacement = { name: p.name.trim(), lat: p.lat, lon: p.lon, address: p.address?.trim() ?? '' };
  if (p.locationId) out.locationId = p.locationId;
  else if (p.locationName?.trim()) out.locationName = p.locationName.trim();
  if (p.groupId) out.groupId = p.groupId;
  else if (p.groupName?.trim()) out.groupName = p.groupName.trim();
  return out;
}

// ───────── steps 5 and 6: the terms, the activation, the trial ─────────

/** POST …/activate: the terms the user read and accepted (the version he was shown). */
export const ActivateBody = T.Object(
  {
    termsVersion: T.String({ minLength: 1, maxLength: 20 }),
    acceptTerms: T.Boolean(),
    /** The language the terms were shown in (kept with the acceptance); default the user's. */
    language: T.Optional(StringEnum(SUPPORTED_LANGUAGES)),
  },
  { additionalProperties: false },
);
export type ActivateBody = T.Static<typeof ActivateBody>;

export const TRIAL_STATUSES = ['active', 'ended', 'converted'] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

/** A unit's trial (UnitDetails.Trial, the activation's answer). Times are ISO. */
export interface UnitTrial {
  status: TrialStatus;
  startedAt: string;
  endsAt: string;
  endedAt: string | null;
  convertedAt: string | null;
}

/** The activation: the unit in its organisation, its trial. */
export interface OnboardingActivation {
  unitId: number;
  unitName: string;
  organizationId: number;
  organizationName: string;
  trial: UnitTrial;
}

// ───────── the flow ─────────

/** The step the user is at: the first one not done yet ('done': activated by him). */
export const ONBOARDING_FLOW_STEPS = ['organisation', 'placement', 'terms', 'done'] as const;
export type OnboardingNext = (typeof ONBOARDING_FLOW_STEPS)[number];

export interface OnboardingOption {
  id: string;
  name: string;
}
/** A location of the chosen organisation, with the groups that hold it. */
export interface OnboardingLocationOption extends OnboardingOption {
  groupIds: string[];
}

export type OnboardingChosenOrganization =
  | { id: number; name: string; details?: undefined }
  | { id: null; name: string; details: NewOrganization };

/** GET /api/v3/onboarding/flow/:uuid: where the signed-in user is with this tag. */
export interface OnboardingFlow {
  tag: OnboardingTagInfo;
  /** The user's organisations: the ones he may activate into. */
  organizations: Array<{ id: number; name: string }>;
  /** He may activate devices (a Reader may not: the steps say so at once). */
  canActivate: boolean;
  /** A new organisation is his to create (a SuperUser, or someone of no organisation yet). */
  canCreateOrganization: boolean;
  organization: OnboardingChosenOrganization | null;
  /** Locations and groups of the chosen organisation (none for a new one). */
  locations: OnboardingLocationOption[];
  groups: OnboardingOption[];
  placement: OnboardingPlacement | null;
  next: OnboardingNext;
  termsVersion: string;
  /** The activation, once this user made it. */
  activation: OnboardingActivation | null;
}

/** GET /api/v3/onboarding/places?q=: an address or town, found without any map service. */
export const PlacesQuery = T.Object(
  { q: T.String({ minLength: 2, maxLength: 100 }), organization: T.Optional(Id) },
  { additionalProperties: false },
);
export type PlacesQuery = T.Static<typeof PlacesQuery>;
export const PLACES_MAX = 8;

export interface OnboardingPlace {
  /** What was found: an address of one of the user's units, or a town. */
  kind: 'address' | 'town';
  label: string;
  /** An address: the organisation of the unit there. A town: ''. */
  detail: string;
  /** A town: its country (ISO 3166 code; the browser names it in the reader's language). */
  country?: string;
  lat: number;
  lon: number;
}

// ───────── admin: the trials ─────────

/** GET /api/v3/admin/trials: the trials of the SuperUser's organisations, the ones ending first first. */
export interface AdminTrial extends UnitTrial {
  unitId: number;
  unitName: string;
  organizationId: number;
  organizationName: string;
  /** Username of whoever activated the unit ('' when that account is gone). */
  activatedBy: string;
  warnedAt: string | null;
}

// ───────── refusals ─────────

/** The error codes (`code` of the error body) the browser translates by. */
export const ONBOARDING_ERROR_CODES = {
  unknownTag: 'onboarding_unknown_tag',
  notSupported: 'onboarding_not_supported',
  alreadyActivated: 'onboarding_already_activated',
  readOnly: 'onboarding_read_only',
  notYourOrganization: 'onboarding_not_your_organization',
  cannotCreate: 'onboarding_cannot_create_organization',
  organizationFirst: 'onboarding_organization_first',
  placementFirst: 'onboarding_placement_first',
  coordinates: 'onboarding_coordinates',
  locationMissing: 'onboarding_location_missing',
  locationBoth: 'onboarding_location_both',
  groupBoth: 'onboarding_group_both',
  locationNotFound: 'onboarding_location_not_found',
  groupNotFound: 'onboarding_group_not_found',
  termsNotAccepted: 'onboarding_terms_not_accepted',
  termsVersion: 'onboarding_terms_version',
  trialNotActive: 'trial_not_active',
} as const;
export type OnboardingErrorCode = keyof typeof ONBOARDING_ERROR_CODES;

/** The server's English texts: what happened and what to do. */
export const ONBOARDING_MESSAGES = {
  unknownTag: 'No Fieldwatch device has this tag. Check the code on the device label and scan or enter it again.',
  notSupported:
    'Device not supported: this device cannot be activated online. Contact the supplier of the device and give them the tag code.',
  alreadyActivated:
    'This device is already activated. If it belongs to your organisation, you find it in device management.',
  readOnly: 'Readers cannot activate devices. Ask a user or super user of your organisation to activate it.',
  notYourOrganization: 'This organisation is not one of yours. Choose one of your organisations or create a new one.',
  cannotCreate:
    'Only a super user can create another organisation. Choose one of your organisations, or ask a super user to activate the device.',
  organizationBoth: 'Choose one of your organisations or create a new one, not both.',
  organizationFirst: 'Choose the organisation the device belongs to first.',
  placementFirst: 'Place the device first: give it a name, a position and a location.',
  coordinates:
    'The position is outside the map: the latitude must be between -90 and 90 and the longitude between -180 and 180. Put the pin on the map or correct the numbers.',
  locationMissing: 'Choose a location of the organisation, or give a new location a name.',
  locationBoth: 'Choose an existing location or name a new one, not both.',
  groupBoth: 'Choose an existing group or name a new one, not both.',
  locationNotFound: 'This location is not one of the organisation’s. Choose another location or create a new one.',
  groupNotFound: 'This group is not one of the organisation’s. Choose another group or create a new one.',
  termsNotAccepted: 'Read the general terms to the end and accept them to activate the device.',
  termsVersion: (version: string) => `The general terms have changed. Read version ${version} to the end and accept it.`,
  trialNotActive: 'This trial is not running any more, so there is nothing to convert.',
} as const;

/** The error code of a refusal's body, if it is one of the onboarding's. */
export function onboardingErrorOf(code: unknown): OnboardingErrorCode | null {
  for (const [key, value] of Object.entries(ONBOARDING_ERROR_CODES)) if (value === code) return key as OnboardingErrorCode;
  return null;
}
