/**
 * The mail the e2e server sends: it writes each message as an .eml file to MAIL_DIR (see
 * playwright.config.ts), where the journeys read the links a person would click.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3137);
/** Where the e2e server writes its mail (MAIL_DIR of playwright.config.ts). */
export const MAIL_DIR = path.join(__dirname, '..', 'test-results', `mail-${port}`);

/** The mail files there now, oldest first (take them before the action that sends). */
export const emls = () => {
  try {
    return readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
};

/** The first new mail to `to`: its subject and the link in it (quoted-printable decoded). */
export async function mailTo(
  before: string[],
  to: string,
): Promise<{ subject: string; text: string; link: string }> {
  let found = { subject: '', text: '', link: '' };
  await expect
    .poll(
      () => {
        for (const f of emls().filter((n) => !before.includes(n))) {
          const raw = readFileSync(path.join(MAIL_DIR, f), 'utf8');
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm').test(raw)) continue;
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
          const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
          if (link) found = { subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', text, link };
          return found.link;
        }
        return '';
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}
