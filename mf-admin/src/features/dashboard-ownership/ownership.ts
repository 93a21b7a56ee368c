/**
 * What the two ownership pages share: their loads (a 403 is data, "no access"), the server's
 * refusals as translation keys, and the organisation the page works on.
 */
import { useState } from 'react';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  OWNERSHIP_MESSAGES,
  pathFor,
  type ApiClient,
  type DashboardOwnershipView,
  type Envelope,
  type OwnershipOrganization,
  type OwnershipUser,
  type Result,
  type WorkspaceOwnershipView,
} from '@fieldwatch/shared';

export type Loaded<T> = { kind: 'ok'; view: T } | { kind: 'forbidden' };

async function load<T>(api: ApiClient, path: string): Promise<Result<Loaded<T>>> {
  try {
    const res = await api.http.get<Envelope<T>>(path);
    return [{ kind: 'ok', view: res.data.data }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

export const loadDashboardOwnership = (api: ApiClient) =>
  load<DashboardOwnershipView>(api, pathFor(ENDPOINTS.dashboardOwnership));
export const loadWorkspaceOwnership = (api: ApiClient) =>
  load<WorkspaceOwnershipView>(api, pathFor(ENDPOINTS.workspaceOwnership));

/** The translation key (admin namespace) of a refused write: the server's message by its text, else a generic one. */
export function refusalKey(err: unknown): string {
  const message = isAxiosError(err) ? (err.response?.data as { message?: unknown } | undefined)?.message : undefined;
  const known = (Object.keys(OWNERSHIP_MESSAGES) as Array<keyof typeof OWNERSHIP_MESSAGES>).find(
    (k) => OWNERSHIP_MESSAGES[k] === message,
  );
  return known && known !== 'sharedReadOnly' ? `ownership.errors.${known}` : 'ownership.errors.saveFailed';
}

/** A user as the pages name him: his name, else his username. */
export const userLabel = (u: Pick<OwnershipUser, 'name' | 'username'>) => u.name || u.username;

/** The organisation the page shows: the first one until the user picks another. */
export function useOrganisationChoice(orgs: readonly OwnershipOrganization[]): [number | null, (id: number) => void] {
  const [picked, setPicked] = useState<number | null>(null);
  const current = orgs.find((o) => o.id === picked)?.id ?? orgs[0]?.id ?? null;
  return [current, setPicked];
}
