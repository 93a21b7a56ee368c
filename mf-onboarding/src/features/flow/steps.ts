/**
 * The onboarding flow from an NFC tag (spec §2): identify the device, sign in or register (with a
 * new password or reset link when needed), select the organisation, place the device, accept the
 * terms (version TERMS_VERSION, after reading them), which starts the TRIAL_WEEKS trial.
 */
export const ONBOARDING_STEPS = ['device', 'account', 'organisation', 'placement', 'terms'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Tag ids as the server accepts them: letters, digits and dashes, at most 64. */
export const TAG_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export function normaliseTag(raw: string): string {
  return raw.trim().toLowerCase();
}

export function onboardingUrl(tag?: string): string {
  return tag ? `/onboarding?tag=${encodeURIComponent(tag)}` : '/onboarding';
}
