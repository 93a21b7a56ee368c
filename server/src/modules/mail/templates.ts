/**
 * The mails the server sends, in the user's language. Their texts are translation keys of the
 * "mail" namespace (locales/<lang>/mail.json, checked like every catalogue), filled in here
 * because a mail is written without a browser. Plain text only: no markup for a mail client.
 */
import mail from '@fieldwatch/locales/mail';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  NOTIFY_MAIL_MAX_LISTED,
  renderAlarmType,
  type Language,
  type NotificationPriority,
} from '@fieldwatch/shared';
import { commonT, languageOf } from '../../i18n/local-text';

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

/** The mail of a new account's verification link (registration), in the language he registered in. */
export function verifyEmailMail(
  language: string | null | undefined,
  p: { name: string; username: string; link: string; hours: number },
): { subject: string; text: string } {
  const t = mail[languageOf(language)].verifyEmail;
  return { subject: t.subject, text: fill(t.body, p) };
}

/** One notification of a digest, as the job found it. */
export interface DigestItem {
  created: Date;
  priority: NotificationPriority;
  unitName: string | null;
  /** Alarm type number, or null for a notification that is not of an alarm. */
  alarmType: number | null;
  /** The alarm's text or the notification's message, already in the user's language. */
  text: string;
  /** A reminder of an alarm still new (1, 2, …). */
  repeat?: number;
  /** Absolute link to the notification's task, when it has one. */
  taskLink?: string;
}

export interface DigestMailInput {
  username: string;
  name: string;
  timezone: string;
  timeFormat: string;
  items: readonly DigestItem[];
  notificationsLink: string;
  settingsLink: string;
  unsubscribeLink: string;
}

const PRIORITY_RANK: Record<NotificationPriority, number> = { low: 0, normal: 1, high: 2, critical: 3 };

/** Highest priority first, then oldest first: the order of a digest's lines. */
export function digestOrder(a: DigestItem, b: DigestItem): number {
  return PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || a.created.getTime() - b.created.getTime();
}

/** "2026-11-26 20:31" in the user's time zone (UTC when his is not one Intl knows). */
function localTime(at: Date, timezone: string, twelveHour: boolean): string {
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: twelveHour,
    })
      .format(at)
      .replace(',', '');
  try {
    return format(timezone);
  } catch {
    return format('UTC');
  }
}


/**
 * The notification digest in the user's language: a subject with the count and the highest
 * priority, one line per notification (at most NOTIFY_MAIL_MAX_LISTED, then "and N more") with its
 * time in his time zone, unit, alarm type and text, its task's link, and the links to all
 * notifications, to the settings and to unsubscribe.
 */
export function notifyDigestMail(
  language: string | null | undefined,
  p: DigestMailInput,
): { subject: string; text: string } {
  const lang = languageOf(language);
  const t = mail[lang].notifyDigest;
  const items = [...p.items].sort(digestOrder);
  const top = items[0]?.priority ?? 'normal';
  const priority = t.priority[top];
  const subject =
    items.length === 1 ? fill(t.subjectOne, { priority }) : fill(t.subjectMany, { count: items.length, priority });
  const lines: string[] = [fill(t.greeting, { name: p.name || p.username }), '', fill(t.intro, { timezone: p.timezone }), ''];
  for (const item of items.slice(0, NOTIFY_MAIL_MAX_LISTED)) {
    const what = [
      item.unitName,
      item.alarmType !== null ? renderAlarmType(item.alarmType, commonT(lang)) : null,
      item.text || null,
    ].filter((x): x is string => Boolean(x));
    const reminder = item.repeat ? ` (${fill(t.reminder, { repeat: item.repeat })})` : '';
    lines.push(`[${t.priority[item.priority]}] ${localTime(item.created, p.timezone, p.timeFormat === '12h')} — ${what.join(' — ')}${reminder}`);
    if (item.taskLink) lines.push(`    ${fill(t.task, { link: item.taskLink })}`);
  }
  if (items.length > NOTIFY_MAIL_MAX_LISTED) lines.push('', fill(t.more, { count: items.length - NOTIFY_MAIL_MAX_LISTED }));
  lines.push('', fill(t.all, { link: p.notificationsLink }), '', '-- ');
  lines.push(fill(t.footer, { username: p.username, settings: p.settingsLink, unsubscribe: p.unsubscribeLink }), '');
  return { subject, text: lines.join('\n') };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The unsubscribe link's page, in the user's language: `ask` offers the one button (a link
 * fetched by a mail scanner changes nothing), `done` says e-mail notifications are off,
 * `invalid` says the link is not one of ours.
 */
export function unsubscribePage(
  language: string | null | undefined,
  p: { state: 'ask' | 'done' | 'invalid'; username?: string; action?: string; profileLink?: string },
): string {
  const lang = languageOf(language);
  const t = mail[lang].unsubscribe;
  const user = escapeHtml(p.username ?? '');
  let body: string;
  if (p.state === 'ask')
    body = `<p>${fill(escapeHtml(t.ask), { username: `<strong>${user}</strong>` })}</p>
<form method="post" action="${escapeHtml(p.action ?? '')}" enctype="text/plain"><button type="submit">${escapeHtml(t.confirm)}</button></form>`;
  else if (p.state === 'done')
    body = `<p role="status">${fill(escapeHtml(t.done), { username: `<strong>${user}</strong>` })}</p>
<p><a href="${escapeHtml(p.profileLink ?? '/profile/notifications')}">${escapeHtml(t.profile)}</a></p>`;
  else body = `<p role="alert">${escapeHtml(t.invalid)}</p>`;
  return `<!doctype html>
<html lang="${lang}" data-theme="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1720;color:#e6edf3;font:16px/1.5 system-ui,sans-serif}
main{max-width:32rem;margin:1rem;padding:1.5rem 2rem;border-radius:12px;background:#17212b;border:1px solid #2a3744}
h1{font-size:1.25rem;margin:0 0 1rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:0;background:#3b82f6;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #93c5fd;outline-offset:2px}
a{color:#93c5fd}
</style></head>
<body><main data-testid="unsubscribe"><h1>${escapeHtml(t.title)}</h1>
${body}
</main></body></html>
`;
}
