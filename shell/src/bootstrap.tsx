/**
 * The shell after the async boundary: error reporting, i18next, the remote map, the shell's own
 * React tree, the root config (the areas), then the sign-in sequence. What index.ts started early
 * is handed to the page's data cache here.
 */
import '@fieldwatch/shared/theme.css';
import { createRoot } from 'react-dom/client';
import { createI18n } from './features/i18n/i18n';
import './features/theme/theme';
import { initReporting } from './features/errors/reporting';
import { fetchRemotes, registerAll } from './features/remotes/registry';
import { REMOTE_ERROR_EVENT } from './features/remotes/runtime-plugin';
import type { EarlySession } from './features/session/early';
import { seedEarlyAnswers } from './features/session/calls';
import { loadSession } from './features/session/session';
import { startRootConfig } from './root-config';
import { App } from './App';

export async function main(early: { remotes: Promise<Response>; session: EarlySession }) {
  initReporting();
  window.addEventListener(REMOTE_ERROR_EVENT, (e) => console.warn('Fieldwatch: remote failed to load', (e as CustomEvent).detail));
  seedEarlyAnswers(early.session);
  const i18n = createI18n();
  registerAll(await fetchRemotes(early.remotes));

  const rootEl = document.getElementById('root');
  if (!rootEl) throw new Error('index.html has no #root');
  createRoot(rootEl).render(<App i18n={i18n} />);

  startRootConfig(i18n);
  await loadSession(i18n);
}
