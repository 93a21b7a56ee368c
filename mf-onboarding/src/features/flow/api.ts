/**
 * The signed-in steps' calls (contract/onboarding.ts) and what a refusal says: the translation of
 * its code when it is one of the onboarding's, else the server's words; no answer at all says so.
 */
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  onboardingErrorOf,
  pathFor,
  type ActivateBody,
  type ApiClient,
  type ChooseOrganizationBody,
  type Envelope,
  type OnboardingActivation,
  type OnboardingFlow,
  type OnboardingPlace,
  type PlacementBody,
  type Result,
} from '@fieldwatch/shared';

type T = (key: string, options?: Record<string, unknown>) => string;

export function loadFlow(api: ApiClient, tag: string): Promise<Result<OnboardingFlow>> {
  return api.get<OnboardingFlow>(pathFor(ENDPOINTS.onboardingFlow, { uuid: tag }));
}

export async function chooseOrganization(api: ApiClient, tag: string, body: ChooseOrganizationBody): Promise<OnboardingFlow> {
  const res = await api.http.put<Envelope<OnboardingFlow>>(pathFor(ENDPOINTS.onboardingOrganization, { uuid: tag }), body);
  return res.data.data;
}

export async function savePlacement(api: ApiClient, tag: string, body: PlacementBody): Promise<OnboardingFlow> {
  const res = await api.http.put<Envelope<OnboardingFlow>>(pathFor(ENDPOINTS.onboardingPlacement, { uuid: tag }), body);
  return res.data.data;
}

export async function activate(api: ApiClient, tag: string, body: ActivateBody): Promise<OnboardingActivation> {
  const res = await api.http.post<Envelope<OnboardingActivation>>(pathFor(ENDPOINTS.onboardingActivate, { uuid: tag }), body);
  return res.data.data;
}

export async function searchPlaces(api: ApiClient, q: string, organization?: number): Promise<OnboardingPlace[]> {
  const res = await api.http.get<Envelope<OnboardingPlace[]>>(pathFor(ENDPOINTS.onboardingPlaces), {
    params: { q, ...(organization ? { organization } : {}) },
  });
  return res.data.data;
}

/** What went wrong, in the reader's language, and what to do (onboarding namespace). */
export function problemText(err: unknown, t: T): string {
  if (isAxiosError(err)) {
    if (!err.response) return t('errors.network');
    const body = err.response.data as { code?: unknown; message?: unknown } | undefined;
    const known = onboardingErrorOf(body?.code);
    if (known) return t(`errors.${known}`);
    if (typeof body?.message === 'string' && body.message) return t('errors.other', { message: body.message });
    return t('errors.network');
  }
  return t('errors.other', { message: err instanceof Error ? err.message : String(err) });
}

/** The refusal's onboarding code, if it has one (a step may react: a tag activated meanwhile). */
export function problemCode(err: unknown) {
  if (!isAxiosError(err)) return null;
  return onboardingErrorOf((err.response?.data as { code?: unknown } | undefined)?.code);
}
