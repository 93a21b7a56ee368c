/**
 * Server-written texts (LocalText, shared domain/local-text.ts) in a given language, for what the
 * server itself sends to a person without a browser: mails. The texts come from the same common
 * catalogues the browsers use (@fieldwatch/locales/common); a key missing in the language falls
 * back to English, a key missing in English to the stored English text.
 */
import common from '@fieldwatch/locales/common';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  renderAlarmText,
  renderLocalText,
  textFunctionOf,
  type Language,
  type LocalText,
  type TextFunction,
} from '@fieldwatch/shared';

const cache = new Map<Language, TextFunction>();

/** The user's language when we know it, else English. */
export function languageOf(language: string | null | undefined): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** t for the common namespace in `language` (English for keys the language lacks). */
export function commonT(language: string | null | undefined): TextFunction {
  const lang = languageOf(language);
  let t = cache.get(lang);
  if (!t) {
    t = textFunctionOf(
      common[lang] as unknown as Record<string, unknown>,
      common[DEFAULT_LANGUAGE] as unknown as Record<string, unknown>,
    );
    cache.set(lang, t);
  }
  return t;
}

/** A LocalText in `language`; `fallback` (the stored English text) when it is missing or unknown. */
export function renderLocalTextIn(
  language: string | null | undefined,
  text: LocalText | undefined | null,
  fallback: string,
): string {
  return renderLocalText(text, fallback, commonT(language));
}

/** An alarm text (alarms.text) in `language` when the server wrote it, else as stored. */
export function renderAlarmTextIn(language: string | null | undefined, text: string): string {
  return renderAlarmText(text, commonT(language));
}
