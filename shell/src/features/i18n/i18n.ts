/** The one i18next instance of the page. Remotes add their namespaces to it at mount. */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import moment from 'moment';
import 'moment/locale/da';
import 'moment/locale/de';
import 'moment/locale/sv';
import { addNamespace, DEFAULT_LANGUAGE, isLanguage, type Language, SUPPORTED_LANGUAGES } from '@fieldwatch/shared';
import common from '@fieldwatch/locales/common';
import shell from '@fieldwatch/locales/shell';

const STORAGE_KEY = 'fw.lang';

export function savedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    /* storage blocked: fall through */
  }
  const fromBrowser = navigator.language?.slice(0, 2);
  return isLanguage(fromBrowser) ? fromBrowser : DEFAULT_LANGUAGE;
}

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: savedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['common', 'shell'],
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    showSupportNotice: false,
  });
  addNamespace(instance, 'common', common);
  addNamespace(instance, 'shell', shell);
  applyLanguage(instance.language as Language);
  instance.on('languageChanged', (lng) => applyLanguage(lng as Language));
  return instance;
}

function applyLanguage(lang: Language) {
  document.documentElement.lang = lang;
  moment.locale(lang === 'en' ? 'en-gb' : lang);
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* not persisted: acceptable */
  }
}
