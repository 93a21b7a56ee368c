/** GET /api/v3/admin/tokens, telling "no access" (403) apart from a failure; and the create/revoke calls. */
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  pathFor,
  type ApiClient,
  type ApiTokenCreated,
  type ApiTokenRequest,
  type ApiTokenSummary,
  type Envelope,
  type Result,
} from '@fieldwatch/shared';

export type TokensResult = { kind: 'ok'; tokens: ApiTokenSummary[] } | { kind: 'forbidden' };

export async function loadTokens(api: ApiClient): Promise<Result<TokensResult>> {
  try {
    const res = await api.http.get<Envelope<ApiTokenSummary[]>>(pathFor(ENDPOINTS.apiTokens));
    return [{ kind: 'ok', tokens: Array.isArray(res.data?.data) ? res.data.data : [] }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

export async function createToken(api: ApiClient, body: ApiTokenRequest): Promise<ApiTokenCreated> {
  const res = await api.http.post<Envelope<ApiTokenCreated>>(pathFor(ENDPOINTS.createApiToken), body);
  return res.data.data;
}

export async function revokeToken(api: ApiClient, id: number): Promise<ApiTokenSummary> {
  const res = await api.http.delete<Envelope<ApiTokenSummary>>(pathFor(ENDPOINTS.revokeApiToken, { id }));
  return res.data.data;
}

/** The end of a chosen day (YYYY-MM-DD) in the browser's zone, as an ISO time; null for none. */
export function expiryOf(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The first characters of a token as the list shows them: "fwt_3kPqZr0a…". */
export function maskedPrefix(prefix: string): string {
  return `${prefix}…`;
}
