/** What the shell passes to every remote as single-spa custom props. */
import type { i18n as I18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
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
  /** The page's one cache of server data (TanStack Query), owned by the shell. */
  queryClient: QueryClient;
}
