/**
 * A remote on its own (issue 21 §1): its own page that signs in against the real server and mounts
 * the area without the shell, for a team that works on its area alone. Each remote's build has it as
 * `standalone.html` (tools/webpack.base.cjs); `npm run dev -- tasks --standalone` makes the server
 * hand it out for every page (DEV_STANDALONE). It is a small host of its own: the page's singletons
 * (bus, API client, data cache, session store, i18next), a sign-in with the second factor when the
 * account has one, the session's lists the shell would load (SESSION_CALLS), and the area as a
 * single-spa application on its routes. What the shell adds around areas (navigation, other areas,
 * the alarm listener, push) is not here.
 */
import { StrictMode, useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { QueryClient } from '@tanstack/react-query';
import { navigateToUrl, registerApplication, start, triggerAppChange, type LifeCycles } from 'single-spa';
import common from '@fieldwatch/locales/common';
import {
  addNamespace,
  areaBasename,
  areaDef,
  createApiClient,
  createBus,
  DEFAULT_LANGUAGE,
  ENDPOINTS,
  isAreaPath,
  isLanguage,
  pathFor,
  QUERY_DEFAULTS,
  sessionStore,
  SUPPORTED_LANGUAGES,
  type Container,
  type DashboardSummary,
  type FwEvent,
  type RemoteName,
  type RemoteProps,
  type SessionResponse,
  type Theme,
} from '..';
import { SESSION_CALLS, SESSION_PATHS } from '../contract/session-paths';
import { Button, ErrorState, LoadingState, TextField } from '../ui';
import '../theme/tokens.css';
import css from './standalone.module.css';

export interface StandaloneOptions {
  name: RemoteName;
  /** The remote's lifecycles (its './app'). */
  load: () => Promise<LifeCycles<RemoteProps>>;
}

function language(): string {
  try {
    const saved = localStorage.getItem('fw.lang');
    if (isLanguage(saved)) return saved;
  } catch {
    /* storage blocked */
  }
  const browser = navigator.language?.slice(0, 2);
  return isLanguage(browser) ? browser : DEFAULT_LANGUAGE;
}

function theme(): Theme {
  try {
    const saved = localStorage.getItem('fw.theme');
    if (saved === 'dark' || saved === 'bright') return saved;
  } catch {
    /* storage blocked */
  }
  return 'dark';
}

/** The lists the shell loads into the session store after the session (the area reads them there). */
async function loadSessionLists(
  api: ReturnType<typeof createApiClient>,
  session: SessionResponse,
): Promise<void> {
  const store = sessionStore.getState();
  // The account's theme, as the shell applies it at sign-in.
  if (session.user.theme === 'dark' || session.user.theme === 'bright')
    document.documentElement.dataset.theme = session.user.theme;
  sessionStore.setState({
    user: session.user,
    customers: session.Customers,
    selectedCustomers: session.selectedCustomers,
  });
  const [[dashboards], [events], [containers]] = await Promise.all([
    api.get<DashboardSummary[]>(SESSION_CALLS.dashboards.url, { ...SESSION_CALLS.dashboards.params }),
    api.get<FwEvent[]>(SESSION_CALLS.events.url, { ...SESSION_CALLS.events.params }),
    api.get<Container[]>(SESSION_CALLS.containers.url, { ...SESSION_CALLS.containers.params }),
  ]);
  if (dashboards) store.setDashboards(dashboards);
  if (events) store.setEvents(events);
  if (containers) store.setContainers(containers);
  store.setSession(session);
}

type Step =
  | { kind: 'loading' }
  | { kind: 'signIn'; code: boolean; error?: string }
  | { kind: 'in' }
  | { kind: 'broken' };
type Api = ReturnType<typeof createApiClient>;

/** Signed in already: the session and its lists into the store (the area mounts then). */
async function enter(api: Api): Promise<boolean> {
  const [session, failed] = await api.get<SessionResponse>(pathFor(ENDPOINTS.session));
  if (failed || !session) return false;
  await loadSessionLists(api, session);
  return true;
}

function Frame({ name, api }: { name: RemoteName; api: Api }) {
  const { t } = useTranslation('common');
  const area = t(`nav.${areaDef(name).labelKey}`);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const user = useStore(sessionStore, (s) => s.user);

  // The session check through the public probe (200 either way: no 401 in the console).
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    void fetch(SESSION_PATHS.sessionProbe, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then((res) =>
        res.ok
          ? (res.json() as Promise<{ data: SessionResponse | null }>)
          : Promise.reject(new Error(String(res.status))),
      )
      .then(async (body) => {
        if (!body.data) return setStep({ kind: 'signIn', code: false });
        setStep((await enter(api)) ? { kind: 'in' } : { kind: 'broken' });
      })
      .catch(() => setStep({ kind: 'broken' }));
  }, [api]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step.kind !== 'signIn') return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      if (!step.code) {
        const res = await api.http.post<{ data: { twoFactorRequired?: boolean } }>(pathFor(ENDPOINTS.login), {
          username: String(form.get('username') ?? ''),
          password: String(form.get('password') ?? ''),
          remember: false,
        });
        if (res.data?.data?.twoFactorRequired === true) {
          setStep({ kind: 'signIn', code: true });
          return;
        }
      } else {
        await api.http.post(pathFor(ENDPOINTS.loginTwoFactor), {
          code: String(form.get('code') ?? '').trim(),
        });
      }
      setStep((await enter(api)) ? { kind: 'in' } : { kind: 'broken' });
    } catch {
      setStep({ ...step, error: t(step.code ? 'standalone.codeFailed' : 'standalone.failed') });
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    await api.http.get(pathFor(ENDPOINTS.logout)).catch(() => undefined);
    window.location.reload();
  };

  return (
    <div className={css.frame} data-testid="standalone-frame">
      <header className={css.bar}>
        <strong>{t('standalone.title', { area })}</strong>
        <span className={css.note}>{t('standalone.note')}</span>
        {step.kind === 'in' && (
          <span className={css.user}>
            {t('standalone.signedInAs', { name: user?.name || user?.username || '' })}
            <Button variant="ghost" size="small" onClick={() => void signOut()}>
              {t('standalone.signOut')}
            </Button>
          </span>
        )}
      </header>
      {step.kind === 'broken' && (
        <ErrorState title={t('errors.somethingWrong')} message={t('standalone.error')} />
      )}
      {step.kind === 'loading' && <LoadingState label={t('standalone.loading')} />}
      {step.kind === 'signIn' && (
        <form className={css.form} onSubmit={(e) => void submit(e)} aria-label={t('standalone.signIn')}>
          {step.code ? (
            <>
              <TextField
                name="code"
                label={t('standalone.code')}
                autoComplete="one-time-code"
                required
                autoFocus
                error={step.error}
              />
              <p className={css.note}>{t('standalone.codeHint')}</p>
            </>
          ) : (
            <>
              <TextField
                name="username"
                label={t('standalone.username')}
                autoComplete="username"
                required
                autoFocus
              />
              <TextField
                name="password"
                type="password"
                label={t('standalone.password')}
                autoComplete="current-password"
                required
                error={step.error}
              />
            </>
          )}
          <Button type="submit" variant="primary" disabled={busy}>
            {t('standalone.signIn')}
          </Button>
        </form>
      )}
    </div>
  );
}

/** Starts the standalone page of a remote. */
export function startStandalone({ name, load }: StandaloneOptions): void {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  addNamespace(i18n, 'common', common);
  document.documentElement.lang = i18n.language;
  const currentTheme = theme();
  document.documentElement.dataset.theme = currentTheme;

  const bus = createBus();
  const api = createApiClient({ bus, isSignedIn: () => sessionStore.getState().status === 'signedIn' });
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

  const host = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  // The area's own element, beside the frame's React root (single-spa mounts a React root of its own there).
  const areaSlot = () => {
    let slot = document.getElementById('standalone-area');
    if (!slot) {
      slot = document.createElement('main');
      slot.id = 'standalone-area';
      slot.className = css.area ?? '';
      document.body.appendChild(slot);
    }
    return slot;
  };
  createRoot(host).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Frame name={name} api={api} />
      </I18nextProvider>
    </StrictMode>,
  );

  // The area: active on its routes once the session is in, as in the shell.
  registerApplication<RemoteProps & Record<string, unknown>>({
    name,
    app: load,
    activeWhen: (location) =>
      isAreaPath(name, location.pathname) && sessionStore.getState().status === 'signedIn',
    customProps: () => ({
      basename: areaBasename(name),
      navigate: (path: string, options?: { replace?: boolean }) => {
        if (options?.replace) window.history.replaceState(window.history.state, '', path);
        else navigateToUrl(path);
      },
      api,
      bus,
      i18n,
      theme: currentTheme,
      session: sessionStore,
      queryClient,
      domElementGetter: () => areaSlot(),
    }),
  });
  // The area becomes active when the session does.
  let last = sessionStore.getState().status;
  sessionStore.subscribe((s) => {
    if (s.status !== last) {
      last = s.status;
      void triggerAppChange();
    }
  });
  // A page outside the area's routes (the site's root): the area's first route.
  if (!isAreaPath(name, window.location.pathname)) window.history.replaceState(null, '', areaBasename(name));
  start({ urlRerouteOnly: true });
}
