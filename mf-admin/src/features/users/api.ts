/**
 * The writes of user management (/api/v3/admin/users…). Each answers { ok, data } or { ok: false }
 * with what the page says about it: a refusal the page knows by its code (translated), else the
 * server's own text, else a generic failure.
 */
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  LAST_SUPERUSER_CODE,
  pathFor,
  PERSONAL_NUMBER_TAKEN_CODE,
  TWO_FACTOR_ERROR_CODES,
  type ApiClient,
  type CreateUserBody,
  type Envelope,
  type InviteUserBody,
  type ManagedUser,
  type ManagedUserDeleted,
  type ManagedUserSessions,
  type UpdateUserBody,
  type UsersSessionsEnded,
} from '@fieldwatch/shared';

/** Why a write failed, as a translation key of admin.json (users.errors.*) or the server's text. */
export type Failure = { key: string } | { text: string };
export type Outcome<T> = { ok: true; data: T } | { ok: false; failure: Failure };

/** The page the mailed link leads to: the shell's password page on this origin. */
export const linkBaseUrl = () => `${window.location.origin}/reset-password`;

export function failureOf(err: unknown): Failure {
  if (!isAxiosError(err) || !err.response) return { key: 'network' };
  const { status } = err.response;
  const body = err.response.data as { message?: unknown; code?: unknown } | undefined;
  if (body?.code === LAST_SUPERUSER_CODE) return { key: 'lastSuperUser' };
  if (body?.code === 'username_taken') return { key: 'usernameTaken' };
  if (body?.code === 'mail_failed') return { key: 'mailFailed' };
  if (body?.code === PERSONAL_NUMBER_TAKEN_CODE) return { key: 'personalNumberTaken' };
  // The caller's organisation requires two-factor authentication and he has not turned it on.
  if (body?.code === TWO_FACTOR_ERROR_CODES.setupRequired) return { key: 'twoFactorSetupRequired' };
  if (status === 403) return { key: 'forbidden' };
  if (status === 404) return { key: 'notFound' };
  if (status === 400 && typeof body?.message === 'string') return { text: body.message };
  return { key: 'failed' };
}

async function send<T>(api: ApiClient, method: string, url: string, data?: unknown): Promise<Outcome<T>> {
  try {
    const res = await api.http.request<Envelope<T>>({ method, url, ...(data !== undefined ? { data } : {}) });
    return { ok: true, data: res.data.data };
  } catch (err) {
    return { ok: false, failure: failureOf(err) };
  }
}

export type NewUserFields = Omit<InviteUserBody, 'baseUrl'>;

export const inviteUser = (api: ApiClient, body: NewUserFields) =>
  send<ManagedUser>(api, 'POST', pathFor(ENDPOINTS.inviteUser), { ...body, baseUrl: linkBaseUrl() });

export const createUser = (api: ApiClient, body: Omit<CreateUserBody, 'baseUrl'>) =>
  send<ManagedUser>(api, 'POST', pathFor(ENDPOINTS.createUser), { ...body, baseUrl: linkBaseUrl() });

export const updateUser = (api: ApiClient, id: number, body: UpdateUserBody) =>
  send<ManagedUser>(api, 'PUT', pathFor(ENDPOINTS.updateUser, { id }), body);

export const setActive = (api: ApiClient, id: number, active: boolean) =>
  send<ManagedUser>(api, 'POST', pathFor(active ? ENDPOINTS.reactivateUser : ENDPOINTS.deactivateUser, { id }));

export const deleteUser = (api: ApiClient, id: number, reassignTo: number | null) =>
  send<ManagedUserDeleted>(
    api,
    'DELETE',
    `${pathFor(ENDPOINTS.deleteUser, { id })}?${reassignTo === null ? 'tasks=unassign' : `tasks=reassign&reassignTo=${reassignTo}`}`,
  );

export const sendResetLink = (api: ApiClient, id: number) =>
  send<{ message: string }>(api, 'POST', pathFor(ENDPOINTS.userResetLink, { id }), { baseUrl: linkBaseUrl() });

export const loadUserSessions = (api: ApiClient, id: number) =>
  send<ManagedUserSessions>(api, 'GET', pathFor(ENDPOINTS.userSessions, { id }));

export const endUserSessions = (api: ApiClient, id: number) =>
  send<UsersSessionsEnded>(api, 'DELETE', pathFor(ENDPOINTS.endUserSessions, { id }));

/** Turns his two-factor authentication off (he lost his phone and his recovery codes). */
export const resetTwoFactor = (api: ApiClient, id: number) =>
  send<ManagedUser>(api, 'DELETE', pathFor(ENDPOINTS.resetUserTwoFactor, { id }));
