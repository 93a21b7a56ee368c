/**
 * Issue 17 §3: e-mail notifications through a REAL SMTP server in this process (smtp-server on
 * 127.0.0.1, port 0). An alarm storm is one digest per user per interval, the user's priorities
 * and alarm types filter it, it is written in his language and time zone, its unsubscribe link
 * turns mail off (a forged one is refused), and nothing goes to a user who has not opted in.
 * The job is driven with its own clock (runDigests(…, now)).
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { formatApiDate, NOTIFY_MAIL_INTERVALS, USER_TYPES, type NotifyMailSettings } from '@fieldwatch/shared';
import { auditLog, notifyMailPending, units, users } from '../src/db/schema';
import { processAlarms, type PipelineAlarm } from '../src/modules/events/pipeline';
import { createMailer } from '../src/modules/mail/mailer';
import { runDigests } from '../src/modules/notify-mail/digest';
import { addUser, DRIVERS, login, startDemo, type DemoServer } from './helpers';
import { decodeHeader, parseMail } from './mail-helpers';

interface Received {
  to: string[];
  raw: string;
}

async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const silent = { warn() {}, info() {}, error() {}, debug() {}, child: () => silent } as unknown as FastifyBaseLogger;
const MIN = 60_000;

describe.each(DRIVERS)('e-mail notifications on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let d: DemoServer;
  let unit: { id: number; name: string; type: number };
  const ids: Record<string, number> = {};
  const cookies: Record<string, string> = {};
  let clock = new Date('2026-11-26T12:00:00Z');

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
    d.s.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
    });
  const mailer = () => createMailer({ smtpUrl: smtp.url, mailFrom: 'Fieldwatch Test <fw@test.example>', mailDir: undefined }, silent);
  const run = (at: Date) =>
    runDigests(d.s.db.db, { mail: mailer(), log: silent, originFor: () => 'https://fw.test.example' }, at);
  const mailsTo = (address: string) =>
    smtp.received.filter((m) => m.to.includes(address)).map((m) => {
      const p = parseMail(m.raw);
      return { ...p, subject: decodeHeader(p.headers.subject ?? '') };
    });
  let seq = 0;
  /** n alarms of the demo unit now (types cycle through `types`), through the real pipeline. */
  async function alarmStorm(n: number, types: number[] = [11]) {
    const alarms: PipelineAlarm[] = [];
    for (let i = 0; i < n; i++) {
      const at = new Date(clock.getTime() + i * 10);
      alarms.push({
        organizationId: d.nordic,
        at: at.toISOString(),
        AlarmType: types[i % types.length]!,
        AlarmEventText: `Value ${++seq} mA above high limit 18 mA (level 1)`,
        AlarmEventTime: formatApiDate(at),
        UnitID: unit.id,
        ChannelID: 1,
        UnitName: unit.name,
        UnitType: unit.type,
      });
    }
    return processAlarms(d.s.db.db, alarms, randomUUID);
  }
  async function settings(who: string, body: object) {
    const res = await inject('PUT', '/api/v3/user/profile/notifications', body, cookies[who]);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: NotifyMailSettings }>().data;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    d = await startDemo(driver, { smtpUrl: smtp.url, notifyMail: true, notifyMailTickMs: 3_600_000 });
    const [u] = await d.s.db.db
      .select({ id: units.id, name: units.name, type: units.type })
      .from(units)
      .where(eq(units.organizationId, d.nordic))
      .limit(1);
    unit = u!;
    for (const [name, language, email] of [
      ['sv.mail', 'sv', 'sv.mail@test.example'],
      ['en.mail', 'en', 'en.mail@test.example'],
      ['no.optin', 'en', 'no.optin@test.example'],
      ['no.address', 'en', ''],
    ] as const) {
      ids[name] = await addUser(d.s, { username: name, userType: USER_TYPES.User, orgs: [d.nordic] });
      await d.s.db.db
        .update(users)
        .set({ language, email, timezone: 'Europe/Stockholm' })
        .where(eq(users.id, ids[name]!));
      cookies[name] = await login(d.s.app, name);
    }
    ids.reader = (await d.s.db.db.select().from(users).where(eq(users.username, 'demo.reader')))[0]!.id;
  });
  afterAll(async () => {
    await d?.s.close();
    await smtp?.close();
  });

  it('reads the defaults, and refuses e-mail without an address', async () => {
    const res = await inject('GET', '/api/v3/user/profile/notifications', undefined, cookies['sv.mail']);
    expect(res.json().data).toEqual({
      email: false,
      desktop: true,
      priorities: ['low', 'normal', 'high', 'critical'],
      alarmTypes: null,
      intervalMin: 15,
      mailAvailable: true,
      hasAddress: true,
    });
    const none = await inject('PUT', '/api/v3/user/profile/notifications', { email: true }, cookies['no.address']);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/e-mail address/);
    // Unknown fields and values are refused, nothing saved.
    for (const bad of [{ intervalMin: 7 }, { priorities: ['urgent'] }, { alarmTypes: [99] }, { colour: 'red' }])
      expect((await inject('PUT', '/api/v3/user/profile/notifications', bad, cookies['sv.mail'])).statusCode).toBe(400);
  });

  it('a Reader edits his own notification settings', async () => {
    expect(
      (await inject('PUT', '/api/v3/user/profile/notifications', { desktop: false, intervalMin: 60 }, d.readerCookie)).json().data,
    ).toMatchObject({ desktop: false, intervalMin: 60 });
    expect((await d.s.db.db.select().from(users).where(eq(users.id, ids.reader!)))[0]!.notifyDesktop).toBe(false);
    // The audit log has what changed; the same settings again add nothing.
    const entries = async () =>
      (await d.s.db.db.select().from(auditLog).where(eq(auditLog.action, 'profile.preferences'))).filter(
        (e) => e.targetId === String(ids.reader),
      );
    const [entry] = await entries();
    expect(entry!.details).toMatchObject({ changes: { 'notify.desktop': { from: true, to: false }, 'notify.intervalMin': { to: 60 } } });
    await inject('PUT', '/api/v3/user/profile/notifications', { desktop: false, intervalMin: 60 }, d.readerCookie);
    expect(await entries()).toHaveLength(1);
  });

  it('an alarm storm of 100 is ONE digest in Swedish; the next interval mails only the new ones', async () => {
    await settings('sv.mail', { email: true, intervalMin: 15 });
    await settings('en.mail', { email: true, intervalMin: 5 });
    const before = smtp.received.length;
    await alarmStorm(100);
    await run(clock);
    const sv = mailsTo('sv.mail@test.example');
    expect(sv).toHaveLength(1);
    const [digest] = sv;
    expect(digest!.subject).toBe('Fieldwatch: 100 nya aviseringar (högsta: Normal)');
    expect(digest!.text).toContain('Hej sv.mail,');
    expect(digest!.text).toContain('Analog hög nivå 1'); // alarm type 11, translated
    expect(digest!.text).toContain('Värde 1 mA över övre gräns 18 mA (nivå 1)'); // the server's alarm text too
    expect(digest!.text).toContain(unit.name);
    expect(digest!.text).toContain('… och 50 till.');
    expect(digest!.text).toContain('https://fw.test.example/notifications');
    expect(digest!.text).toMatch(/Uppgift: https:\/\/fw\.test\.example\/taskmanagement\/[\w-]+/);
    // 12:00 UTC is 13:00 in Stockholm.
    expect(digest!.text).toContain('2026-11-26 13:00');
    expect(digest!.headers['list-unsubscribe']).toMatch(/^<https:\/\/fw\.test\.example\/api\/v3\/notify-mail\/unsubscribe\?token=/);
    // Nobody else: one mail each for the two who opted in, none for the rest.
    expect(mailsTo('en.mail@test.example')).toHaveLength(1);
    expect(mailsTo('en.mail@test.example')[0]!.subject).toBe('Fieldwatch: 100 new notifications (highest: Normal)');
    expect(smtp.received.length - before).toBe(2);
    expect(mailsTo('no.optin@test.example')).toHaveLength(0);

    // Three more a minute later: within the interval, nothing yet; and nothing twice.
    clock = new Date(clock.getTime() + MIN);
    await alarmStorm(3);
    await run(clock);
    expect(mailsTo('sv.mail@test.example')).toHaveLength(1);
    // 5 minutes after his last: en.mail's next digest, with only the 3 new ones.
    clock = new Date(clock.getTime() + 4 * MIN);
    await run(clock);
    expect(mailsTo('en.mail@test.example')).toHaveLength(2);
    expect(mailsTo('en.mail@test.example')[1]!.subject).toBe('Fieldwatch: 3 new notifications (highest: Normal)');
    expect(mailsTo('sv.mail@test.example')).toHaveLength(1);
    // 15 minutes after the first: sv.mail's, also with the 3 only.
    clock = new Date(clock.getTime() + 10 * MIN);
    await run(clock);
    const next = mailsTo('sv.mail@test.example');
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe('Fieldwatch: 3 nya aviseringar (högsta: Normal)');
    expect(next[1]!.text).not.toContain('Värde 1 mA ');
    expect(next[1]!.text).toContain('Värde 101 mA ');
    await run(new Date(clock.getTime() + 60 * MIN));
    expect(mailsTo('sv.mail@test.example')).toHaveLength(2);
    expect(await d.s.db.db.select().from(notifyMailPending)).toHaveLength(0);
  });

  it('filters by priority and alarm type', async () => {
    clock = new Date(clock.getTime() + 120 * MIN);
    // Only critical; type 4 (loop alarm) is critical, 11 is normal.
    await settings('sv.mail', { priorities: ['critical'], alarmTypes: null });
    // Only alarm type 11, any priority.
    await settings('en.mail', { priorities: ['low', 'normal', 'high', 'critical'], alarmTypes: [11] });
    await alarmStorm(4, [4, 11]);
    await run(clock);
    const sv = mailsTo('sv.mail@test.example').at(-1)!;
    expect(sv.subject).toBe('Fieldwatch: 2 nya aviseringar (högsta: Kritisk)');
    expect(sv.text).toContain('Slinglarm');
    expect(sv.text).not.toContain('Analog hög nivå 1');
    const en = mailsTo('en.mail@test.example').at(-1)!;
    expect(en.subject).toBe('Fieldwatch: 2 new notifications (highest: Normal)');
    expect(en.text).toContain('Analogue high level 1');
    expect(en.text).not.toContain('Loop alarm');
    // Nothing matching: no mail at all, and the rows are done with.
    const count = smtp.received.length;
    clock = new Date(clock.getTime() + 120 * MIN);
    await settings('sv.mail', { priorities: ['low'] });
    await settings('en.mail', { alarmTypes: [52] });
    await alarmStorm(2, [4, 11]);
    await run(clock);
    expect(smtp.received.length).toBe(count);
    expect(await d.s.db.db.select().from(notifyMailPending)).toHaveLength(0);
  });

  it('the unsubscribe link turns e-mail off in his language; a forged one is refused', async () => {
    const sv = mailsTo('sv.mail@test.example')[0]!;
    const link = new URL(/https:\/\/\S+unsubscribe\?token=[\w.-]+/.exec(sv.text)![0]);
    const token = link.searchParams.get('token')!;
    const path = `/api/v3/notify-mail/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await d.s.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Stäng av e-postaviseringar');
    // Opening the link changes nothing; the button does.
    expect((await d.s.db.db.select().from(users).where(eq(users.id, ids['sv.mail']!)))[0]!.notifyEmail).toBe(true);
    for (const forged of [
      `${ids['en.mail']}.${token.split('.')[1]}`, // his signature on another user
      `${ids['sv.mail']}.${'A'.repeat(43)}`,
      'nonsense',
    ]) {
      const url = `/api/v3/notify-mail/unsubscribe?token=${encodeURIComponent(forged)}`;
      expect((await d.s.app.inject({ method: 'GET', url })).statusCode).toBe(400);
      const post = await d.s.app.inject({ method: 'POST', url, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(post.statusCode).toBe(400);
      expect(post.body).toContain('not valid');
    }
    expect((await d.s.db.db.select().from(users).where(eq(users.id, ids['en.mail']!)))[0]!.notifyEmail).toBe(true);
    const done = await d.s.app.inject({ method: 'POST', url: path, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('E-postaviseringar är nu avstängda för <strong>sv.mail</strong>');
    expect((await d.s.db.db.select().from(users).where(eq(users.id, ids['sv.mail']!)))[0]!.notifyEmail).toBe(false);

    // Opted out: no more mail to him.
    clock = new Date(clock.getTime() + 120 * MIN);
    await settings('sv.mail', { priorities: ['low', 'normal', 'high', 'critical'] });
    const count = mailsTo('sv.mail@test.example').length;
    await alarmStorm(5);
    await run(clock);
    expect(mailsTo('sv.mail@test.example')).toHaveLength(count);
  });

  it('accepts every interval offered', async () => {
    for (const n of NOTIFY_MAIL_INTERVALS) expect((await settings('no.optin', { intervalMin: n })).intervalMin).toBe(n);
  });

  it('rows claimed by a server that stopped mid-send are mailed later, not lost', async () => {
    clock = new Date(clock.getTime() + 120 * MIN);
    await settings('en.mail', { alarmTypes: null, intervalMin: 5 });
    await alarmStorm(1);
    // As if another run had claimed them and died before sending.
    await d.s.db.db.update(notifyMailPending).set({ claimedAt: clock });
    const count = mailsTo('en.mail@test.example').length;
    await run(new Date(clock.getTime() + MIN));
    expect(mailsTo('en.mail@test.example')).toHaveLength(count);
    await run(new Date(clock.getTime() + 11 * MIN));
    expect(mailsTo('en.mail@test.example')).toHaveLength(count + 1);
    clock = new Date(clock.getTime() + 11 * MIN);
  });

  it('a failed send is given back and mailed at the next tick', async () => {
    clock = new Date(clock.getTime() + 120 * MIN);
    await settings('en.mail', { alarmTypes: null, intervalMin: 5 });
    await alarmStorm(2);
    const failing = { send: () => Promise.reject(new Error('down')), close() {} };
    await runDigests(d.s.db.db, { mail: failing, log: silent, originFor: () => 'https://fw.test.example' }, clock);
    const count = mailsTo('en.mail@test.example').length;
    await run(new Date(clock.getTime() + 1000));
    expect(mailsTo('en.mail@test.example')).toHaveLength(count + 1);
    expect(mailsTo('en.mail@test.example').at(-1)!.subject).toBe('Fieldwatch: 2 new notifications (highest: Normal)');
  });
});
