/**
 * './embed': the onboarding flow on a partner page, in a shadow root so neither page's CSS leaks
 * into the other. `mount(element, options)` renders into `element` and returns `unmount`.
 *
 * For now this shows the first step (identify the device from its tag, sign in or register). It
 * runs anonymously: API calls go to `apiBase` without cookies, and links (sign in, device
 * management) open the Fieldwatch app at `apiBase`.
 */
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import {
  createApiClient,
  createBus,
  DEFAULT_LANGUAGE,
  isLanguage,
  isTheme,
  QUERY_DEFAULTS,
  sessionStore,
  SUPPORTED_LANGUAGES,
  type Language,
  type RemoteProps,
  type Theme,
} from '@fieldwatch/shared';
import { createStandaloneI18n, RemoteProviders } from '@fieldwatch/shared/remote';
import common from '@fieldwatch/locales/common';
import bundle from '@fieldwatch/locales/onboarding';
import themeTokens from '!!css-loader?exportType=string!@fieldwatch/shared/theme.css';
import { OnboardingEnvContext } from './features/flow/env';
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
 * The app's CSS Modules are injected into the page's <head> by style-loader when the modules load;
 * styles do not cross into a shadow root, so they are copied in. Each module is one <style> that
 * starts with one of its own prefixed classes ("fw-<app>-"); the partner's styles stay out.
 */
function copyAppStyles(): HTMLStyleElement[] {
  return Array.from(document.querySelectorAll('style'))
    .filter((s) => /^\s*\.fw-[a-z]+-[\w-]+\s*[,{.:[ >]/.test(s.textContent ?? ''))
    .map((s) => {
      const copy = document.createElement('style');
      copy.textContent = s.textContent;
      return copy;
    });
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

  const bus = createBus();
  const api = createApiClient({ bus, baseURL: origin, isSignedIn: () => false });
  // Anonymous: the first step only calls public endpoints, and no cookie crosses origins.
  api.http.defaults.withCredentials = false;

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
    // Never written here: an embedded visitor has no session, so user stays null.
    session: sessionStore,
    // No shell on a partner page: the embed has a data cache of its own.
    queryClient: new QueryClient({ defaultOptions: QUERY_DEFAULTS }),
  };

  const tag = options.tag?.trim().toLowerCase();
  const root = createRoot(container);
  root.render(
    <RemoteProviders props={props} namespace="onboarding">
      <OnboardingEnvContext.Provider value={{ origin, embedded: true }}>
        <MemoryRouter initialEntries={[onboardingUrl(tag)]}>
          <Root />
        </MemoryRouter>
      </OnboardingEnvContext.Provider>
    </RemoteProviders>,
  );

  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    shadow.replaceChildren();
  };
}
