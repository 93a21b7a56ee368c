/**
 * Organisation administration (issue 18 §1: General, Customization, Accounts, Security), under
 * /api/v3/admin/organizations, and an organisation's branding (logo, accent colour) that the shell
 * shows: for the signed-in user (GET /api/v3/branding) and on the login page of an account URL
 * (/a/<slug>, GET /api/v3/branding/:slug, public).
 *
 * The rules live here once: the forms check the same schemas the server validates (form.ts), the
 * password policy and the accent colour's contrast are computed by the same functions on both sides.
 */
import * as T from 'typebox';
import { invalidEmail, RIGHTS, SUPPORTED_LANGUAGES } from '../constants';
import { Id, NOT_BLANK, StringEnum } from './common';
import { withTexts } from './form';

// ───────── General (spec §3: contact/billing and company) ─────────

/** Longest text of the organisation's general fields. */
export const ORG_TEXT_MAX = 200;
const EMAIL_OR_EMPTY = '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** An optional detail: left out, it keeps its value; blank, it is cleared. */
const text = (title: string, max = ORG_TEXT_MAX) => T.Optional(T.String({ title, maxLength: max }));
const required = (title: string) => T.String({ title, minLength: 1, maxLength: ORG_TEXT_MAX, pattern: NOT_BLANK });

/** PUT /api/v3/admin/organizations/:id/general: name and defaults always; a detail left out keeps its value. */
export const OrganizationGeneralBody = T.Object(
  {
    name: required('Name'),
    contactName: text('Contact name'),
    contactEmail: T.Optional(
      withTexts(T.String({ title: 'Email', maxLength: 320, pattern: EMAIL_OR_EMPTY }), { pattern: invalidEmail('Email') }),
    ),
    address: text('Address'),
    zip: text('Zip', 20),
    city: text('City'),
    country: text('Country'),
    phone: text('Phone', 50),
    companyName: text('Company name'),
    companyAddress: text('Company address'),
    companyZip: text('Company zip', 20),
    companyCity: text('Company city'),
    /** Optional. */
    customerId: text('Customer id', 100),
    /** Optional. */
    organisationNumber: text('Organisation number', 50),
    /** Language and time zone a new user of the organisation starts with. */
    defaultLanguage: StringEnum(SUPPORTED_LANGUAGES),
    defaultTimezone: T.String({ title: 'Time zone', minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type OrganizationGeneralUpdate = T.Static<typeof OrganizationGeneralBody>;
/** The general fields as stored (every detail present, '' when not given). */
export type OrganizationGeneral = Required<OrganizationGeneralUpdate>;
export const ORGANIZATION_GENERAL_FIELDS = Object.keys(OrganizationGeneralBody.properties) as Array<keyof OrganizationGeneral>;

// ───────── Customization: logo, accent colour, account URL ─────────

/** Largest logo upload (the decoded file). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Logo types accepted: raster only. An SVG can carry script, so it is refused. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The stored logo: re-encoded PNG, at most this big (fit inside, aspect kept). */
export const LOGO_BOX = { width: 480, height: 120 } as const;

/** An account URL: /a/<slug>. */
export const ACCOUNT_URL_PREFIX = '/a/';
export const SLUG_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$';
/** Spec §9: the old account URL keeps leading to the organisation this long after a change. */
export const ACCOUNT_URL_REDIRECT_DAYS = 30;
const HEX = '^#[0-9a-fA-F]{6}$';

/** PUT /api/v3/admin/organizations/:id/customization: only the fields sent change. */
export const OrganizationCustomizationBody = T.Object(
  {
    /** #rrggbb, or null for the product's own colour. */
    accent: T.Optional(T.Union([T.String({ title: 'Accent colour', pattern: HEX }), T.Null()])),
    /** A data URL of a PNG, JPEG or WebP picture, or null to remove the logo. */
    logo: T.Optional(T.Union([T.String({ maxLength: Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 100 }), T.Null()])),
    /** The account URL's name (lower-case letters, digits, hyphens), or null for none. */
    slug: T.Optional(T.Union([T.String({ title: 'Account URL', maxLength: 40, pattern: SLUG_PATTERN }), T.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrganizationCustomization = T.Static<typeof OrganizationCustomizationBody>;

/** The theme backgrounds an accent colour must stand out from (shared/src/theme/tokens.css --fw-bg, --fw-surface). */
export const THEME_BACKGROUNDS = {
  dark: ['#0d1117', '#151b23'],
  bright: ['#f3f5f8', '#ffffff'],
} as const;
/**
 * WCAG 2.1 AA for the accent: 3:1 against the page (SC 1.4.11 non-text contrast and large text —
 * the accent marks buttons, focus rings, the header's logo mark). 4.5:1 against both a black and
 * a white page is impossible for any colour, so normal text never uses the accent alone.
 */
export const ACCENT_MIN_CONTRAST = 3;

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
/** Relative luminance (WCAG) of #rrggbb. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
/** WCAG contrast ratio of two #rrggbb colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
export interface AccentCheck {
  /** The lowest ratio against each theme's backgrounds. */
  dark: number;
  bright: number;
  ok: boolean;
  /** Text colour on the accent (buttons): white or near-black, whichever contrasts more. */
  onAccent: '#ffffff' | '#0d1117';
}
export function checkAccent(hex: string): AccentCheck {
  const dark = Math.min(...THEME_BACKGROUNDS.dark.map((bg) => contrastRatio(hex, bg)));
  const bright = Math.min(...THEME_BACKGROUNDS.bright.map((bg) => contrastRatio(hex, bg)));
  const onAccent = contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#0d1117') ? '#ffffff' : '#0d1117';
  return { dark, bright, ok: dark >= ACCENT_MIN_CONTRAST && bright >= ACCENT_MIN_CONTRAST, onAccent };
}
export const accentContrastMessage = (c: AccentCheck) =>
  `The accent colour has too little contrast (dark theme ${c.dark.toFixed(1)}:1, light theme ${c.bright.toFixed(1)}:1; at least ${ACCENT_MIN_CONTRAST}:1 is needed in both). Choose a mid-tone colour.`;

/** What the shell shows for an organisation. */
export interface Branding {
  organizationId: number;
  name: string;
  /** Data URL of the re-encoded PNG, or null. */
  logo: string | null;
  accent: string | null;
  slug: string | null;
  /** Sign-in methods the organisation allows (the login page of its account URL offers these). */
  signInMethods: SignInMethod[];
  /** An old account URL answered: the address to use now. */
  movedTo?: string;
}

// ───────── Security ─────────

export const SIGN_IN_METHODS = ['password', 'bankid'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/** The error code of a sign-in refused because the user's organisations do not allow its method. */
export const SIGN_IN_METHOD_REFUSED_CODE = 'sign_in_method_refused';
/** Spec §9: the cookie lives 28 days; an organisation may only shorten sessions. */
export const SESSION_LIFETIME_MAX_HOURS = 28 * 24;
/** Spec §7: at least six characters. */
export const POLICY_MIN_LENGTH = 6;
export const POLICY_MAX_LENGTH = 128;

export const PasswordPolicy = T.Object(
  {
    minLength: T.Integer({ minimum: POLICY_MIN_LENGTH, maximum: POLICY_MAX_LENGTH }),
    requireDigit: T.Boolean(),
    requireMixedCase: T.Boolean(),
    requireSymbol: T.Boolean(),
  },
  { additionalProperties: false },
);
export type PasswordPolicy = T.Static<typeof PasswordPolicy>;

/** PUT /api/v3/admin/organizations/:id/security. */
export const OrganizationSecurityBody = T.Object(
  {
    passwordPolicy: PasswordPolicy,
    sessionLifetimeHours: T.Integer({ minimum: 1, maximum: SESSION_LIFETIME_MAX_HOURS }),
    signInMethods: T.Array(StringEnum(SIGN_IN_METHODS), { minItems: 1, maxItems: SIGN_IN_METHODS.length, uniqueItems: true }),
    /** SuperUsers must use two-factor authentication (TOTP); left out: unchanged. */
    requireTwoFactorSuperUsers: T.Optional(T.Boolean()),
  },
  { additionalProperties: false },
);
export type OrganizationSecurity = T.Static<typeof OrganizationSecurityBody>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: POLICY_MIN_LENGTH,
  requireDigit: false,
  requireMixedCase: false,
  requireSymbol: false,
};

/** The strictest of several policies (a user of several organisations meets all of them). */
export function strictestPolicy(policies: readonly PasswordPolicy[]): PasswordPolicy {
  return policies.reduce<PasswordPolicy>(
    (a, p) => ({
      minLength: Math.max(a.minLength, p.minLength),
      requireDigit: a.requireDigit || p.requireDigit,
      requireMixedCase: a.requireMixedCase || p.requireMixedCase,
      requireSymbol: a.requireSymbol || p.requireSymbol,
    }),
    DEFAULT_PASSWORD_POLICY,
  );
}

export type PolicyRule = 'minLength' | 'digit' | 'mixedCase' | 'symbol';
/** The rules a password breaks, in order; empty when it passes. */
export function passwordPolicyProblems(password: string, policy: PasswordPolicy): PolicyRule[] {
  const out: PolicyRule[] = [];
  if ([...password].length < policy.minLength) out.push('minLength');
  if (policy.requireDigit && !/\p{Nd}/u.test(password)) out.push('digit');
  if (policy.requireMixedCase && !(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) out.push('mixedCase');
  if (policy.requireSymbol && !/[^\p{L}\p{Nd}\s]/u.test(password)) out.push('symbol');
  return out;
}
/** The server's message for a password the policy refuses (English; forms translate the rules). */
export function passwordPolicyMessage(policy: PasswordPolicy, problems: readonly PolicyRule[]): string {
  const parts = problems.map((r) =>
    r === 'minLength'
      ? `at least ${policy.minLength} characters`
      : r === 'digit'
        ? 'a digit'
        : r === 'mixedCase'
          ? 'both upper- and lower-case letters'
          : 'a symbol',
  );
  return `Your organisation's password policy requires ${parts.join(', ')}. Choose another password.`;
}

// ───────── Accounts ─────────

/** An organisation as the admin area lists it. */
export interface AdminOrganization {
  id: number;
  name: string;
  /** The main account it is under, or null. */
  parentId: number | null;
  rights: number[];
  users: number;
  slug: string | null;
}

/** Everything of one organisation the General, Customization and Security pages edit. */
export interface OrganizationSettings extends OrganizationGeneral, OrganizationSecurity {
  id: number;
  requireTwoFactorSuperUsers: boolean;
  parentId: number | null;
  rights: number[];
  accent: string | null;
  logo: string | null;
  slug: string | null;
  /** Old account URLs that still redirect, with when they stop. */
  slugRedirects: Array<{ slug: string; until: string }>;
}

const Right = T.Union([T.Literal(RIGHTS.GIS), T.Literal(RIGHTS.AWG), T.Literal(RIGHTS.Parking)]);
export const Rights = T.Array(Right, { maxItems: 3, uniqueItems: true });

/** POST /api/v3/admin/organizations: a customer account under a main account. */
export const CreateOrganizationBody = T.Object(
  { name: required('Name'), parentId: Id, rights: Rights },
  { additionalProperties: false },
);
export type CreateOrganizationBody = T.Static<typeof CreateOrganizationBody>;

/** PUT /api/v3/admin/organizations/:id/rights. */
export const OrganizationRightsBody = T.Object({ rights: Rights }, { additionalProperties: false });

/** POST /api/v3/admin/organizations/:id/users: move users from another account into this one. */
export const MoveUsersBody = T.Object(
  { userIds: T.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }), fromId: Id },
  { additionalProperties: false },
);
export type MoveUsersBody = T.Static<typeof MoveUsersBody>;

export interface OrganizationMember {
  id: number;
  username: string;
  name: string;
  userType: number;
}

export const SlugParams = T.Object({ slug: T.String({ minLength: 1, maxLength: 60 }) });
