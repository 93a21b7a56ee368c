/**
 * The trial's warning mail (trial.ts), in the recipient's language: texts of the "mail" namespace
 * (locales/<lang>/mail.json, trialEnding), the end date in his time zone and his language's way
 * of writing dates. Plain text only.
 */
import mail from '@fieldwatch/locales/mail';
import type { Language } from '@fieldwatch/shared';
import { languageOf } from '../../i18n/local-text';

const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', da: 'da-DK', de: 'de-DE', sv: 'sv-SE' };

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** "12 March 2026" in the language, on the calendar of `timezone` (UTC when Intl does not know it). */
export function mailDate(at: Date, language: Language, timezone: string): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat(DATE_LOCALE[language], { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  try {
    return format(timezone);
  } catch {
    return format('UTC');
  }
}

export interface TrialMailInput {
  name: string;
  unit: string;
  organization: string;
  endsAt: Date;
  timezone: string;
  /** Whole days left (at least 1). */
  days: number;
  /** The unit's page. */
  link: string;
}

export function trialEndingMail(language: string | null | undefined, p: TrialMailInput): { subject: string; text: string } {
  const lang = languageOf(language);
  const t = mail[lang].trialEnding;
  const values = {
    name: p.name,
    unit: p.unit,
    organization: p.organization,
    days: p.days,
    link: p.link,
    date: mailDate(p.endsAt, lang, p.timezone),
  };
  return { subject: fill(t.subject, values), text: fill(t.body, values) };
}
