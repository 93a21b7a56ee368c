/** The invitation mail of user management, in the invited user's language (locales/<lang>/mail.json). */
import mail from '@fieldwatch/locales/mail';
import { languageOf } from '../../i18n/local-text';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export function invitationMail(
  language: string | null | undefined,
  p: { name: string; username: string; inviter: string; organizations: string; link: string; days: number },
): { subject: string; text: string } {
  const t = mail[languageOf(language)].invitation;
  return { subject: t.subject, text: fill(t.body, p) };
}
