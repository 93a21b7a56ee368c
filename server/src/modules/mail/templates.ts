/**
 * The text of the mails the server sends, in the four languages of the product. Kept here, on the
 * server, because the mail is written without a browser; the browser's own strings live in
 * locales/<lang>/*.json. Plain text only: no markup for a mail client to render.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@fieldwatch/shared';

interface ResetLinkText {
  subject: string;
  body: (p: { username: string; link: string; minutes: number }) => string;
}

const RESET_LINK: Record<Language, ResetLinkText> = {
  en: {
    subject: 'Set a new Fieldwatch password',
    body: ({ username, link, minutes }) =>
      `Hello ${username},\n\nsomeone asked to set a new password for your Fieldwatch account. To choose one, open this link within ${minutes} minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
  },
  da: {
    subject: 'Vælg en ny adgangskode til Fieldwatch',
    body: ({ username, link, minutes }) =>
      `Hej ${username},\n\nder er bedt om en ny adgangskode til din Fieldwatch-konto. Åbn dette link inden for ${minutes} minutter for at vælge en:\n\n${link}\n\nLinket virker én gang. Har du ikke bedt om det, kan du se bort fra denne mail: din adgangskode forbliver uændret.\n`,
  },
  de: {
    subject: 'Neues Fieldwatch-Passwort festlegen',
    body: ({ username, link, minutes }) =>
      `Hallo ${username},\n\nfür Ihr Fieldwatch-Konto wurde ein neues Passwort angefordert. Öffnen Sie diesen Link innerhalb von ${minutes} Minuten, um eines festzulegen:\n\n${link}\n\nDer Link funktioniert einmal. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.\n`,
  },
  sv: {
    subject: 'Välj ett nytt lösenord för Fieldwatch',
    body: ({ username, link, minutes }) =>
      `Hej ${username},\n\nnågon har bett om ett nytt lösenord för ditt Fieldwatch-konto. Öppna den här länken inom ${minutes} minuter för att välja ett:\n\n${link}\n\nLänken fungerar en gång. Om du inte har bett om den kan du bortse från det här mejlet: ditt lösenord förblir oförändrat.\n`,
  },
};

/** The password-link mail in the user's language (English when his profile has none we know). */
export function resetLinkMail(
  language: string | null | undefined,
  p: { username: string; link: string; minutes: number },
): { subject: string; text: string } {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = RESET_LINK[lang];
  return { subject: t.subject, text: t.body(p) };
}
