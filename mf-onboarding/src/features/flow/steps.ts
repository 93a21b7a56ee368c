/**
 * The onboarding flow from an NFC tag (spec §2): identify the device, sign in or register (with a
 * new password or reset link when needed), select the organisation, place the device, accept the
 * terms (version TERMS_VERSION, after reading them), which starts the TRIAL_WEEKS trial.
 */
export const ONBOARDING_STEPS = ['device', 'account', 'organisation', 'placement', 'terms', 'trial'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The signed-in steps that have a page of their own, named in the URL (?step=) so a reload stays on it. */
export const FLOW_PAGES = ['organisation', 'placement', 'terms'] as const;
export type FlowPage = (typeof FLOW_PAGES)[number];

export function isFlowPage(value: unknown): value is FlowPage {
  return typeof value === 'string' && (FLOW_PAGES as readonly string[]).includes(value);
}

/** Tag ids as the server accepts them: letters, digits and dashes, at most 64. */
export const TAG_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export function normaliseTag(raw: string): string {
  return raw.trim().toLowerCase();
}

export function onboardingUrl(tag?: string, step?: FlowPage): string {
  if (!tag) return '/onboarding';
  return `/onboarding?tag=${encodeURIComponent(tag)}${step ? `&step=${step}` : ''}`;
}
