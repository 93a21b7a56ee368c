/** GET /api/v3/admin/users, telling "no access" (403) apart from a failure. */
import { isAxiosError } from 'axios';
import { ENDPOINTS, pathFor, type AdminUser, type ApiClient, type Envelope, type Result } from '@fieldwatch/shared';

export type UsersResult = { kind: 'ok'; users: AdminUser[] } | { kind: 'forbidden' };

/**
 * The [data, failed] shape of the API wrapper, so useApiQuery() can drive it; a 403 is data, not a
 * failure: the server answers it to everyone who is not a SuperUser, and it needs its own screen.
 * Goes through the shared axios instance (api.http), so the 401 handling still applies.
 */
export async function loadAdminUsers(api: ApiClient): Promise<Result<UsersResult>> {
  try {
    const res = await api.http.get<Envelope<AdminUser[]>>(pathFor(ENDPOINTS.adminUsers));
    const users = res.data?.data;
    return [{ kind: 'ok', users: Array.isArray(users) ? users : [] }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

/** Case-insensitive match on name, username, email, organisation names and the role's label. */
export function filterUsers(users: readonly AdminUser[], query: string, roleLabel: (u: AdminUser) => string): AdminUser[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((u) => {
    const text = [u.name, u.username, u.email, roleLabel(u), ...u.organizations.map((o) => o.name)].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
