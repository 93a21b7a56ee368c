/**
 * './embed': the whole onboarding flow on a partner page (issue 19 §2; docs/partners.md), in a
 * shadow root so neither page's CSS leaks into the other. `mount(element, options)` renders into
 * `element` and returns `unmount`. The loader (/onboarding/embed.js, src/loader) calls it for each
 * <fieldwatch-onboarding> element.
 *
 * No cookie crosses sites: calls go to `apiBase` without credentials, and once the visitor signs in
 * here (POST …/onboarding/embed/session) with a short-lived token bound to the partner's origin
 * (contract/onboarding-embed.ts). The token is kept in the tab's sessionStorage until it expires,
 * so a reload of the partner's page resumes the flow; where the visitor is comes from the server.
 * Links to Fieldwatch (a new password, the unit after activation) open it in a new tab. Progress is
 * told to the page by DOM events on `element` (EMBED_EVENTS).
 */
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import {
  createApiClient,
  createBus,
  DEFAULT_LANGUAGE,
  EMBED_EVENTS,
  ENDPOINTS,
  pathFor,
  isLanguage,
  isTheme,
  QUERY_DEFAULTS,
  sessionStore,
  SUPPORTED_LANGUAGES,
  type EmbedEventName,
  type EmbedSession,
  type Language,
  type RemoteProps,
  type Theme,
} from '@fieldwatch/shared';
import { createStandaloneI18n, RemoteProviders } from '@fieldwatch/shared/remote';
import common from '@fieldwatch/locales/common';
import bundle from '@fieldwatch/locales/onboarding';
import themeTokens from '!!css-loader?exportType=string!@fieldwatch/shared/theme.css';
import { OnboardingEnvContext, type EmbedControls } from './features/flow/env';
import { onboardingUrl } from './features/flow/steps';
import { Root } from './Root';

export interface EmbedOptions {
  /** Origin of the Fieldwatch server, e.g. "https://app.fieldwatch.example". Default: where this script came from. */
  apiBase?: string;
  /** The NFC tag id; without it the visitor is asked for the code printed on the device. */
  tag?: string;
  /** en, da, de or sv; default: the browser's language if supported, else English. */
  language?: string;
  /** dark (default) or bright. */
  theme?: Theme;
}

declare const __webpack_public_path__: string | undefined;

/** The origin the remote was loaded from (webpack's 'auto' public path), or '' when unknown. */
function scriptOrigin(): string {
  try {
    const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
    return /^https?:\/\//.test(base) ? new URL(base).origin : '';
  } catch {
    return '';
  }
}

function pickLanguage(wanted?: string): Language {
  if (isLanguage(wanted)) return wanted;
  const browser = typeof navigator !== 'undefined' ? navigator.language?.slice(0, 2) : undefined;
  return isLanguage(browser) ? browser : DEFAULT_LANGUAGE;
}

/** Frame of the embedded flow; colours only from the theme tokens. */
const FRAME_CSS = `
.fw-embed { background: var(--fw-bg); color: var(--fw-text); font-family: var(--fw-font); font-size: 14px; line-height: 1.45; padding: 20px 16px; border-radius: var(--fw-radius); }
.fw-embed :focus-visible { outline: 2px solid var(--fw-focus); outline-offset: 2px; }
`;

/**
 * The app's CSS is injected into the page's <head> by style-loader when its modules load — at
 * mount, and later for chunks loaded on the way (the placement's map and Leaflet's CSS); styles do
 * not cross into a shadow root, so they are copied in, now and as they arrive. Each CSS Module is
 * one <style> that starts with one of its own prefixed classes ("fw-<app>-"), Leaflet's with
 * ".leaflet-"; the partner's styles stay out.
 */
const APP_STYLE = /^\s*\.(?:fw-[a-z]+-[\w-]+|leaflet-[\w-]+)\s*[,{.:[ >]/;

function copyOf(style: HTMLStyleElement): HTMLStyleElement {
  const copy = document.createElement('style');
  copy.textContent = style.textContent;
  return copy;
}

function copyAppStyles(): HTMLStyleElement[] {
  return Array.from(document.querySelectorAll('style'))
    .filter((s) => APP_STYLE.test(s.textContent ?? ''))
    .map(copyOf);
}

/** Copies the app's styles added to the page from now on into `shadow`, before its content. */
function followAppStyles(shadow: ShadowRoot, before: Node): MutationObserver {
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const node of Array.from(r.addedNodes))
        if (node instanceof HTMLStyleElement && APP_STYLE.test(node.textContent ?? '')) shadow.insertBefore(copyOf(node), before);
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

/** Where the embed keeps its session in the tab (sessionStorage of the partner's page), per Fieldwatch origin. */
const storageKey = (origin: string) => `fieldwatch-onboarding:${origin}`;

function storedSession(origin: string): EmbedSession | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(origin));
    const s = raw ? (JSON.parse(raw) as EmbedSession) : null;
    return s && typeof s.token === 'string' && Date.parse(s.expiresAt) > Date.now() ? s : null;
  } catch {
    return null; // storage blocked or garbage: sign in again
  }
}

function storeSession(origin: string, s: EmbedSession | null): void {
  try {
    if (s) window.sessionStorage.setItem(storageKey(origin), JSON.stringify(s));
    else window.sessionStorage.removeItem(storageKey(origin));
  } catch {
    // storage blocked: the session lasts until the page is left
  }
}

export function mount(element: HTMLElement, options: EmbedOptions = {}): () => void {
  const origin = (options.apiBase ?? scriptOrigin()).replace(/\/+$/, '');
  const theme: Theme = isTheme(options.theme) ? options.theme : 'dark';

  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const tokens = document.createElement('style');
  // Inside a shadow root :root matches nothing; the tokens belong to the host instead.
  tokens.textContent = (typeof themeTokens === 'string' ? themeTokens : '').replace(/:root/g, ':host') + FRAME_CSS;
  const container = document.createElement('div');
  container.className = 'fw-embed';
  container.setAttribute('data-theme', theme);
  shadow.replaceChildren(tokens, ...copyAppStyles(), container);
  const styles = followAppStyles(shadow, container);

  let lastStep = '';
  const emit = (name: EmbedEventName, detail: object) => {
    // A step is told once when reached (its panels may render more than once on the way).
    if (name === EMBED_EVENTS.step) {
      const step = (detail as { step?: string }).step ?? '';
      if (step === lastStep) return;
      lastStep = step;
    }
    element.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
  };

  const bus = createBus();
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  let rerender: () => void = () => undefined;
  let expired = false;
  const api = createApiClient({
    bus,
    baseURL: origin,
    isSignedIn: () => sessionStore.getState().user !== null,
    // The token ended (expired, revoked): back to the account step, which says so.
    onUnauthorized: () => {
      expired = true;
      setEmbedSession(null);
    },
  });
  // No cookie crosses sites: the embed's own token (Authorization) instead, once signed in.
  api.http.defaults.withCredentials = false;

  function setEmbedSession(s: EmbedSession | null) {
    storeSession(origin, s);
    if (s) {
      api.http.defaults.headers.common.Authorization = `Bearer ${s.token}`;
      sessionStore.setState({ status: 'signedIn', user: s.user });
      api.armUnauthorized();
    } else {
      delete api.http.defaults.headers.common.Authorization;
      sessionStore.getState().clear();
    }
    // The flow's data was this visitor's: none of it stays for the next one.
    queryClient.removeQueries({ predicate: (q) => !(q.queryKey[0] === 'onboarding' && q.queryKey[1] === 'tag') });
    rerender();
  }

  const i18n = createStandaloneI18n({
    bundles: { common, onboarding: bundle },
    defaultNS: 'onboarding',
    lng: pickLanguage(options.language),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
  });

  const props: RemoteProps = {
    basename: '/onboarding',
    navigate: (path) => window.location.assign(`${origin}${path}`),
    api,
    bus,
    i18n,
    theme,
    // The embed's visitor (user) once signed in here; no organisations or units are loaded.
    session: sessionStore,
    // No shell on a partner page: the embed has a data cache of its own.
    queryClient,
  };

  const tag = options.tag?.trim().toLowerCase();
  const root = createRoot(container);
  const render = () => {
    const embed: EmbedControls = {
      signIn: (s) => {
        expired = false;
        setEmbedSession(s);
        emit(EMBED_EVENTS.signedIn, { userId: s.user.id });
      },
      signOut: () => {
        // Ended on the server too; the visitor is signed out here whatever it answers.
        void api.http.delete(pathFor(ENDPOINTS.embedSignOut)).catch(() => undefined);
        setEmbedSession(null);
      },
      expired,
      emit,
    };
    root.render(
      <RemoteProviders props={props} namespace="onboarding">
        <OnboardingEnvContext.Provider value={{ origin, embedded: true, embed }}>
          <MemoryRouter initialEntries={[onboardingUrl(tag)]}>
            <Root />
          </MemoryRouter>
        </OnboardingEnvContext.Provider>
      </RemoteProviders>,
    );
  };
  rerender = render;
  const saved = storedSession(origin);
  if (saved) setEmbedSession(saved);
  else render();
  emit(EMBED_EVENTS.ready, { tag: tag ?? null });

  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    styles.disconnect();
    root.unmount();
    shadow.replaceChildren();
  };
}
