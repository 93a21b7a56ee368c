/** i18next helpers: the shell owns the instance; each app adds its own namespace at mount. */
import type { i18n as I18n, Resource } from 'i18next';

export type NamespaceBundle = Record<string, Record<string, unknown>>; // lang → keys

/** Adds an app's namespace for every language it ships, without touching other namespaces. */
export function addNamespace(i18n: I18n, ns: string, bundle: NamespaceBundle): void {
  for (const [lang, keys] of Object.entries(bundle)) {
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, keys, true, false);
  }
}

export type { Resource };

/** A wait as the user's language says it: "45 seconds", "15 Minuten" (minutes from one minute on). */
export function formatWait(seconds: number, language: string): string {
  const minutes = seconds >= 60;
  const value = minutes ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds));
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(value);
}
