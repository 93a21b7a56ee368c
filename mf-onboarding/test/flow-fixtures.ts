/** A signed-in user's flow as the server answers it, for the step tests. */
import type { OnboardingFlow, OnboardingTagInfo } from '@fieldwatch/shared';

export const TAG = '5e2d0c4b-7a19-4f6e-b3d8-9c0a1e2f3b47';

export const tagInfo: OnboardingTagInfo = {
  tagUuid: TAG,
  unitId: 10018,
  unitName: 'Water tower 4',
  model: 'X4',
  activated: false,
  supported: true,
  trialWeeks: 4,
  termsVersion: '2023_1',
};

export function flowAt(next: OnboardingFlow['next'], over: Partial<OnboardingFlow> = {}): OnboardingFlow {
  const chosen = next !== 'organisation';
  return {
    tag: tagInfo,
    organizations: [
      { id: 1, name: 'Nordic Utilities' },
      { id: 2, name: 'Baltic Water' },
    ],
    canActivate: true,
    canCreateOrganization: true,
    organization: chosen ? { id: 1, name: 'Nordic Utilities' } : null,
    locations: [
      { id: 'loc-1', name: 'Stockholm', groupIds: ['grp-1'] },
      { id: 'loc-2', name: 'Uppsala', groupIds: [] },
    ],
    groups: [{ id: 'grp-1', name: 'Region Stockholm' }],
    placement:
      next === 'terms'
        ? { name: 'Pump station Norra', lat: 59.35, lon: 18.07, address: 'Valhallavägen 41, Stockholm', locationName: 'Onboarding site', groupId: 'grp-1' }
        : null,
    next,
    termsVersion: '2023_1',
    activation: null,
    ...over,
  };
}

/** Answers the tag and the flow; `more` answers the rest (404 otherwise). */
export function server(flow: OnboardingFlow, more?: (method: string, url: string, body?: unknown) => { status: number; body?: unknown } | undefined) {
  return (method: string, url: string, body?: unknown) => {
    const extra = more?.(method, url, body);
    if (extra) return extra;
    if (method === 'GET' && url === `/api/v3/onboarding/tag/${TAG}`) return { status: 200, body: { data: flow.tag } };
    if (method === 'GET' && url === `/api/v3/onboarding/flow/${TAG}`) return { status: 200, body: { data: flow } };
    return { status: 404, body: { message: 'Not found' } };
  };
}
