/**
 * The onboarding flow embedded on a partner's page (issue 19 §2; docs/partners.md).
 *
 * A partner page loads `/onboarding/embed.js` from Fieldwatch, which mounts the flow in a shadow
 * root. The page is on another site, so the browser neither sends nor keeps Fieldwatch's session
 * cookie there (third-party cookies are blocked): the embed signs in through its own door and gets
 * a short-lived token, sent as `Authorization: Bearer fwe_…`, which the server accepts
 * - only on the onboarding calls (EMBED_ENDPOINTS),
 * - only from the partner origin it was issued to (the request's Origin header),
 * - for EMBED_SESSION_MINUTES at most.
 * The server answers CORS for the configured partner origins (PARTNER_ORIGINS) on those calls only.
 *
 * - POST   /api/v3/onboarding/embed/session  username and password → an EmbedSession (public)
 * - DELETE /api/v3/onboarding/embed/session  ends it (the embed's "sign out")
 */
import type { UserProfile } from '../api/types';
import type { ENDPOINTS } from './endpoints';

/** The prefix of an embed token (a session token of its own kind, never a cookie). */
export const EMBED_TOKEN_PREFIX = 'fwe_';

/** How long an embed session lives: long enough to place a device and read the terms, no longer. */
export const EMBED_SESSION_MINUTES = 120;

/** POST /api/v3/onboarding/embed/session: the embed's session; the token exists only in this answer. */
export interface EmbedSession {
  token: string;
  expiresAt: string;
  user: UserProfile;
}

/** The calls an embed token may make (from its own partner origin), and the ones partner pages reach by CORS. */
export const EMBED_ENDPOINTS = [
  'onboardingTag',
  'onboardingFlow',
  'onboardingOrganization',
  'onboardingPlacement',
  'onboardingActivate',
  'onboardingPlaces',
  'config',
  'embedSignOut',
] as const satisfies readonly (keyof typeof ENDPOINTS)[];

/** Calls a partner page makes without a token: CORS answered, and not refused as cross-site writes. */
export const EMBED_PUBLIC_ENDPOINTS = [
  'embedSignIn',
  'register',
  'resendVerification',
] as const satisfies readonly (keyof typeof ENDPOINTS)[];

export const EMBED_ERROR_CODES = {
  /** The account has two-factor authentication: its second step works on Fieldwatch itself only. */
  twoFactor: 'embed_two_factor',
  /** An embed token used from another origin than its own, or on a call it may not make. */
  refused: 'embed_refused',
} as const;

export const EMBED_MESSAGES = {
  twoFactor:
    'This account signs in with a second step (two-factor authentication), which works only on Fieldwatch itself. Continue the activation on Fieldwatch.',
  refused:
    'This sign-in belongs to the activation on a partner page and works only there, for activating a device. Sign in to Fieldwatch for anything else.',
  invalid: 'Your sign-in on this page has ended. Sign in again to continue.',
} as const;

/**
 * The DOM events the embedded flow dispatches on its element (they bubble and cross the shadow
 * root), so the partner page can follow the visitor's progress.
 */
export const EMBED_EVENTS = {
  /** The flow is shown. detail: { tag } */
  ready: 'fieldwatch:ready',
  /** The visitor is on another step. detail: { step } (one of ONBOARDING_STEPS) */
  step: 'fieldwatch:step',
  /** The visitor signed in. detail: { userId } */
  signedIn: 'fieldwatch:signedin',
  /** The device is activated and its trial started. detail: EmbedActivatedDetail */
  activated: 'fieldwatch:activated',
  /** The flow could not be loaded or a call failed for good. detail: { message } */
  error: 'fieldwatch:error',
} as const;
export type EmbedEventName = (typeof EMBED_EVENTS)[keyof typeof EMBED_EVENTS];

export interface EmbedActivatedDetail {
  unitId: number;
  unitName: string;
  tag: string;
  organizationId: number;
  trialEndsAt: string;
  /** The unit's page on Fieldwatch. */
  url: string;
}
