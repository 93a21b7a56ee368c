import '@fieldwatch/shared/theme.css';
import { createRoot } from 'react-dom/client';
import { start, triggerAppChange } from 'single-spa';
import { sessionStore } from './platform';
import { createI18n } from './features/i18n/i18n';
import './features/theme/theme';
import { initReporting } from './features/errors/reporting';
import { fetchRemotes, registerAll } from './features/remotes/registry';
import { registerAreas } from './features/remotes/applications';
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
  await loadSession(i18n);
}

void main();
