/** GET /api/v3/onboarding/tag/<uuid> (public), telling an unknown tag apart from a failure. */
import { isAxiosError } from 'axios';
import { ENDPOINTS, pathFor, type ApiClient, type Envelope, type OnboardingTagInfo, type Result } from '@fieldwatch/shared';

export type TagResult = { kind: 'ok'; info: OnboardingTagInfo } | { kind: 'unknown' };

/**
 * In the [data, failed] shape of the API wrapper so useApiQuery() can drive it. 404 (no such tag) and
 * 400 (not a tag id the server accepts) are answers, shown as "unknown tag"; anything else failed.
 */
export async function loadTag(api: ApiClient, tag: string): Promise<Result<TagResult>> {
  try {
    const res = await api.http.get<Envelope<OnboardingTagInfo>>(pathFor(ENDPOINTS.onboardingTag, { uuid: tag }));
    const info = res.data?.data;
    if (!info || typeof info !== 'object') return [undefined, true];
    return [{ kind: 'ok', info }, false];
  } catch (err) {
    const status = isAxiosError(err) ? err.response?.status : undefined;
    if (status === 404 || status === 400) return [{ kind: 'unknown' }, false];
    return [undefined, true];
  }
}
