/** An i18next instance of a remote's own, for when it runs without the shell: embeds and tests. */
import i18next, { type i18n as I18n } from 'i18next';
import { addNamespace, DEFAULT_LANGUAGE, type NamespaceBundle } from '@fieldwatch/shared';

export interface StandaloneI18nOptions {
  /** namespace → its bundle (lang → keys), e.g. { common, onboarding }. */
  bundles: Record<string, NamespaceBundle>;
  defaultNS: string;
  lng: string;
  fallbackLng?: string;
  /** Languages i18next accepts; default: any. */
  supportedLngs?: readonly string[];
}

export function createStandaloneI18n(options: StandaloneI18nOptions): I18n {
  const { bundles, defaultNS, lng, fallbackLng = DEFAULT_LANGUAGE, supportedLngs } = options;
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng,
    ...(supportedLngs ? { supportedLngs: [...supportedLngs] } : {}),
    ns: Object.keys(bundles),
    defaultNS,
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  for (const [ns, bundle] of Object.entries(bundles)) addNamespace(i18n, ns, bundle);
  return i18n;
}
