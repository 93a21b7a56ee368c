import '@fieldwatch/shared/theme.css';
import { createRoot } from 'react-dom/client';
import { start, triggerAppChange } from 'single-spa';
import { sessionStore } from './platform';
import { createI18n } from './features/i18n/i18n';
import './features/theme/theme';
import { initReporting } from './features/errors/reporting';
import { fetchRemotes, registerAll } from './features/remotes/registry';
import { firstAreaOfPage } from '@fieldwatch/shared';
import { preloadArea, registerAreas } from './features/remotes/applications';
import { REMOTE_ERROR_EVENT } from './features/remotes/runtime-plugin';
import { loadSession } from './features/session/session';
import { App } from './App';

async function main() {
  initReporting();
  window.addEventListener(REMOTE_ERROR_EVENT, (e) => console.warn('Fieldwatch: remote failed to load', (e as CustomEvent).detail));
  const i18n = createI18n();
  registerAll(await fetchRemotes());
  registerAreas(i18n);

  const rootEl = document.getElementById('root');
  if (!rootEl) throw new Error('index.html has no #root');
  createRoot(rootEl).render(<App i18n={i18n} />);

  // Areas depend on the session: re-evaluate which are active whenever it starts or ends.
  let lastStatus = sessionStore.getState().status;
  sessionStore.subscribe((s) => {
    if (s.status !== lastStatus) {
      lastStatus = s.status;
      void triggerAppChange();
    }
  });
  start({ urlRerouteOnly: true });
  // The area of the address loads while the session does; "/" and the login page lead to the
  // overview, so the dashboard's code is fetched then (on the login page once it has drawn).
  const path = window.location.pathname;
  const area = firstAreaOfPage(path);
  if (area) preloadArea(area);
  else if (path === '/login') setTimeout(() => preloadArea('dashboard'), 1000);
  await loadSession(i18n);
}

void main();
