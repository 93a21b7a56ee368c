/** GET /api/v3/admin/users, telling "no access" (403) apart from a failure; and the list's filters. */
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  pathFor,
  USER_TYPES,
  type ApiClient,
  type Envelope,
  type ManagedUser,
  type ManagedUserStatus,
  type Result,
} from '@fieldwatch/shared';

export type UsersResult = { kind: 'ok'; users: ManagedUser[] } | { kind: 'forbidden' };

/**
 * The [data, failed] shape of the API wrapper, so useApiQuery() can drive it; a 403 is data, not a
 * failure: the server answers it to everyone who is not a SuperUser, and it needs its own screen.
 * Goes through the shared axios instance (api.http), so the 401 handling still applies.
 * A signed-in user known not to be a SuperUser is not asked at all (`userType`): the answer could
 * only be that 403, a red line in the browser's console on every visit to /admin (issue 20 §7).
 */
export async function loadAdminUsers(api: ApiClient, userType?: number | null): Promise<Result<UsersResult>> {
  if (typeof userType === 'number' && userType !== USER_TYPES.SuperUser) return [{ kind: 'forbidden' }, false];
  try {
    const res = await api.http.get<Envelope<ManagedUser[]>>(pathFor(ENDPOINTS.adminUsers));
    const users = res.data?.data;
    return [{ kind: 'ok', users: Array.isArray(users) ? users.map(withDefaults) : [] }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

/** An entry of an older server (without the management fields) reads as active and not manageable. */
function withDefaults(u: ManagedUser): ManagedUser {
  return {
    ...u,
    title: u.title ?? '',
    phone: u.phone ?? '',
    status: u.status ?? 'active',
    invitedAt: u.invitedAt ?? null,
    deactivatedAt: u.deactivatedAt ?? null,
    manageable: u.manageable ?? false,
  };
}

export interface UserFilters {
  query: string;
  /** '' = any. */
  userType: '' | '0' | '1' | '2';
  status: '' | ManagedUserStatus;
  /** '' = any, else an organisation id. */
  organization: string;
}

export const NO_FILTERS: UserFilters = { query: '', userType: '', status: '', organization: '' };

/** Case-insensitive match on name, username, email, organisation names and the role's label; and the selects. */
export function filterUsers(
  users: readonly ManagedUser[],
  query: string | UserFilters,
  roleLabel: (u: ManagedUser) => string,
): ManagedUser[] {
  const f: UserFilters = typeof query === 'string' ? { ...NO_FILTERS, query } : query;
  const words = f.query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return users.filter((u) => {
    if (f.userType !== '' && String(u.userType) !== f.userType) return false;
    if (f.status !== '' && u.status !== f.status) return false;
    if (f.organization !== '' && !u.organizations.some((o) => String(o.id) === f.organization)) return false;
    if (words.length === 0) return true;
    const text = [u.name, u.username, u.email, roleLabel(u), ...u.organizations.map((o) => o.name)].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The organisations the caller administers: every organisation the list shows (he is in it himself). */
export function organisationsOf(users: readonly ManagedUser[]): Array<{ id: number; name: string }> {
  const byId = new Map<number, string>();
  for (const u of users) for (const o of u.organizations) byId.set(o.id, o.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
