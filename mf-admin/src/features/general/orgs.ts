/** The organisations the SuperUser administers, one organisation's settings, and the server's answers. */
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  pathFor,
  type AdminOrganization,
  type ApiClient,
  type Envelope,
  type OrganizationSettings,
  type Result,
} from '@fieldwatch/shared';

export type OrgsResult = { kind: 'ok'; orgs: AdminOrganization[] } | { kind: 'forbidden' };

/** GET /api/v3/admin/organizations; a 403 (not a SuperUser) is data: it has its own screen. */
export async function loadOrganizations(api: ApiClient): Promise<Result<OrgsResult>> {
  try {
    const res = await api.http.get<Envelope<AdminOrganization[]>>(pathFor(ENDPOINTS.adminOrganizations));
    return [{ kind: 'ok', orgs: Array.isArray(res.data?.data) ? res.data.data : [] }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

export async function loadOrganization(api: ApiClient, id: number): Promise<Result<OrganizationSettings>> {
  try {
    const res = await api.http.get<Envelope<OrganizationSettings>>(pathFor(ENDPOINTS.adminOrganization, { id }));
    return [res.data.data, false];
  } catch {
    return [undefined, true];
  }
}

/** The server's message of a refused write (its texts say what happened and what to do), or null. */
export function serverMessage(err: unknown): string | null {
  if (!isAxiosError(err) || !err.response) return null;
  const status = err.response.status;
  if (status >= 500) return null;
  const m = (err.response.data as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m ? m : null;
}
