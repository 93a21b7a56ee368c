/** What the shell passes to every remote as single-spa custom props. */
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './api/client';
import type { Bus } from './bus';
import type { Theme } from './constants';
import type { SessionStore } from './session/store';

export interface RemoteProps {
  /** The route prefix the area lives under, e.g. "/dashboard" or "/admin". */
  basename: string;
  /** Navigate within the whole product (shell routing), e.g. navigate('/taskmanagement'). */
  navigate: (path: string, options?: { replace?: boolean }) => void;
  api: ApiClient;
  bus: Bus;
  i18n: I18n;
  theme: Theme;
  session: SessionStore;
}

/** Names of the remotes as they appear in /remotes.json and in Module Federation. */
export const REMOTE_NAMES = ['dashboard', 'devices', 'tasks', 'admin', 'onboarding'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Shape of GET /remotes.json: remote name → URL of its mf-manifest.json. */
export type RemotesMap = Partial<Record<RemoteName, string>>;

/** Routes each area owns (spec §2); the shell activates the area on these prefixes. */
export const AREA_ROUTES: Record<RemoteName, readonly string[]> = {
  dashboard: ['/dashboard'],
  devices: ['/devicemanagement', '/groupmanagement', '/locationmanagement'],
  tasks: ['/taskmanagement', '/notifications'],
  admin: ['/admin', '/profile'],
  onboarding: ['/onboarding'],
};

/** Areas a visitor may open without a session (onboarding starts from an NFC tag, before login). */
export const PUBLIC_AREAS: readonly RemoteName[] = ['onboarding'];

/** Whether `pathname` is one of the area's routes (a prefix followed by nothing or "/"). */
export function isAreaPath(name: RemoteName, pathname: string): boolean {
  return AREA_ROUTES[name].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The area that owns `pathname`, if any. */
export function areaForPath(pathname: string): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => isAreaPath(name, pathname));
}

/**
 * The area a page load at `pathname` shows first: its own, or the dashboards for "/" (the shell
 * sends "/" to the overview). The shell fetches its code early; the server names its files in a
 * Link header so that the browser fetches them while the shell's own code loads.
 */
export function firstAreaOfPage(pathname: string): RemoteName | undefined {
  return pathname === '/' ? 'dashboard' : areaForPath(pathname);
}
