/**
 * E-mail notifications as a Swedish user lives them (issue 17 §3, §6): demo.user (Erik Johansson,
 * Nordic Utilities) reads Fieldwatch in Swedish, turns e-mail notifications on in his profile,
 * a device posts a reading over a limit through the real ingestion API, and a digest in Swedish
 * arrives for him — naming the unit, the alarm type in Swedish, a link to the notifications and
 * to the task — with an unsubscribe link that turns e-mail notifications off again.
 *
 * The e2e server has no SMTP: mail goes to .eml files in MAIL_DIR (playwright.config.ts), and the
 * digest job runs with NOTIFY_MAIL=1 and a short NOTIFY_MAIL_TICK_MS (a user's first digest goes
 * at the next tick; later ones at most once per his interval).
 *
 * Unit 10007 "Pump station 3", channel 1 (4–20 mA, demo level-1 high limit 18 mA): a reading of
 * 30 mA raises alarm type 11 (Analogue high level 1; Swedish "Analog hög nivå 1"). The reading is
 * stamped a few minutes ahead so that the simulator's next reading cannot clear it first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiSession, expectOverview, signIn } from './helpers';
import { emls, MAIL_DIR } from './mail';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'mail-notifications-shots');
const TO = 'erik.johansson@fieldwatch.example';
const UNIT = 10007;
const UNIT_NAME = 'Pump station 3';

/** RFC 2047 encoded words of a header (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
const decodeHeader = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

/** Subject and decoded text of a single-part .eml (quoted-printable or base64). */
function readMail(file: string): { to: string; subject: string; text: string } {
  const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
        : body;
  return { to: header('To'), subject: decodeHeader(header('Subject')), text };
}

test('a Swedish user turns e-mail notifications on in his profile; an alarm arrives as a digest in Swedish', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await page.goto('/login');
  await signIn(page, 'demo.user');
  await expectOverview(page);
  const language = await page.request.put('/api/v3/user/profile/language?language=sv', { headers: { origin } });
  expect(language.status()).toBe(200);

  try {
    // The profile, in Swedish: e-mail notifications on, at most every 5 minutes.
    await page.goto('/profile/notifications');
    const form = page.getByTestId('profile-notifications');
    await expect(form.getByText(`En sammanfattning av dina nya aviseringar, skickad till ${TO}.`)).toBeVisible();
    const email = form.getByRole('switch', { name: 'Aviseringar via e-post' });
    await expect(email).toHaveAttribute('aria-checked', 'false');
    await email.click();
    await expect(email).toHaveAttribute('aria-checked', 'true');
    await expect(form.getByRole('checkbox', { name: 'Kritisk' })).toBeChecked();
    await form.getByLabel('Skicka högst').selectOption('5');
    await page.screenshot({ path: `${SHOTS}/sv-profile-email-on.png`, fullPage: true });
    await form.getByRole('button', { name: 'Spara aviseringsinställningar' }).click();
    await expect(page.getByText('Aviseringsinställningarna har sparats.')).toBeVisible();
    // Saved: after a reload the switch is still on.
    await page.reload();
    await expect(page.getByTestId('profile-notifications').getByRole('switch', { name: 'Aviseringar via e-post' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // A device of Nordic Utilities posts a reading over the limit.
    const before = emls();
    const api = await apiSession(request, baseURL!, 'demo.super');
    const token = await api.post<{ id: number; token: string }>('/api/v3/admin/tokens', {
      name: `e2e mail notifications ${Date.now()}`,
      organizationId: 1,
    });
    try {
      const res = await request.post('/api/v3/ingest', {
        headers: { authorization: `Bearer ${token.token}` },
        data: { points: [{ unitId: UNIT, channel: 1, ts: new Date(Date.now() + 5 * 60_000).toISOString(), value: 30 }] },
      });
      expect(res.status(), await res.text()).toBe(200);
    } finally {
      await api.delete(`/api/v3/admin/tokens/${token.id}`);
    }

    // The digest arrives, in Swedish.
    let mail: ReturnType<typeof readMail> | undefined;
    await expect
      .poll(
        () => {
          mail = emls()
            .filter((f) => !before.includes(f))
            .map(readMail)
            .find((m) => m.to === TO && m.text.includes(UNIT_NAME));
          return Boolean(mail);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(mail!.subject).toMatch(/^Fieldwatch: (1 ny avisering|\d+ nya aviseringar) \(/);
    expect(mail!.text).toContain('Hej Erik Johansson,');
    expect(mail!.text).toContain('de här aviseringarna har kommit i Fieldwatch');
    expect(mail!.text).toContain(`${UNIT_NAME} — Analog hög nivå 1 — Värde 30 mA över övre gräns 18 mA (nivå 1)`);
    expect(mail!.text).toContain(`Alla aviseringar: ${origin}/notifications`);
    expect(mail!.text).toMatch(/Uppgift: http:\/\/\S+\/taskmanagement\/\S+/);
    const unsubscribe = /http:\/\/\S+\/api\/v3\/notify-mail\/unsubscribe\?token=\S+/.exec(mail!.text)?.[0];
    expect(unsubscribe).toBeTruthy();

    // The unsubscribe link: a page in Swedish with one button, which turns e-mail off.
    await page.goto(unsubscribe!);
    const box = page.getByTestId('unsubscribe');
    await expect(box).toContainText('Sluta skicka e-postaviseringar till demo.user?');
    await page.screenshot({ path: `${SHOTS}/sv-unsubscribe.png` });
    await box.getByRole('button', { name: 'Stäng av e-postaviseringar' }).click();
    await expect(page.getByRole('status')).toHaveText('E-postaviseringar är nu avstängda för demo.user. Du kan slå på dem igen i din profil.');
    await page.getByRole('link', { name: 'Öppna aviseringsinställningar' }).click();
    await expect(page.getByTestId('profile-notifications').getByRole('switch', { name: 'Aviseringar via e-post' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  } finally {
    await page.request.put('/api/v3/user/profile/language?language=en', { headers: { origin } });
  }
});
