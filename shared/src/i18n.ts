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
