/**
 * The mails the server sends, in the user's language. Their texts are translation keys of the
 * "mail" namespace (locales/<lang>/mail.json, checked like every catalogue), filled in here
 * because a mail is written without a browser. Plain text only: no markup for a mail client.
 */
import mail from '@fieldwatch/locales/mail';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@fieldwatch/shared';

/** i18next's {{name}} placeholders, filled with the values given (a missing one stays visible). */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The password-link mail in the user's language (English when his profile has none we know). */
export function resetLinkMail(
  language: string | null | undefined,
  p: { username: string; link: string; minutes: number },
): { subject: string; text: string } {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = mail[lang].resetLink;
  return { subject: t.subject, text: fill(t.body, p) };
}
