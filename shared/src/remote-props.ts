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
