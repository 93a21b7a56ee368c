/**
 * Text the server writes is stored as translation keys with parameters (shared local-text.ts):
 * the pipeline writes them, migration 0014 gives old rows the same ones, and the server's own
 * renderer (mails) reads them in the user's language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  applyTaskOperation,
  crossingText,
  renderLocalText,
  textFunctionOf,
  type FwEvent,
  type UnitLogEntry,
  type FwTask,
} from '@fieldwatch/shared';
import common from '@fieldwatch/locales/common';
import { alarms, events, notifications, tasks, units } from '../src/db/schema';
import { processAlarmRows, saveTask } from '../src/modules/events/pipeline';
import { renderAlarmTextIn, renderLocalTextIn } from '../src/i18n/local-text';
import { DRIVERS, startDemo, type TestServer } from './helpers';

const MIGRATION = path.join(__dirname, '..', 'drizzle', '0014_server_texts.sql');

/** Runs migration 0014's statements again (as the migrator does: split at the breakpoints). */
async function runMigration0014(s: TestServer): Promise<void> {
  const statements = readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const st of statements) await s.db.db.execute(sql.raw(st));
}

describe.each(DRIVERS)('server texts on %s', (driver) => {
  let s: TestServer;
  let nordic: number;
  let superCookie: string;
  let unitId: number;
  let unitName: string;
  let crossingEvent: FwEvent;

  beforeAll(async () => {
    ({ s, nordic, superCookie } = await startDemo(driver));
    const [u] = await s.db.db
      .select({ id: units.id, name: units.name })
      .from(units)
      .where(eq(units.organizationId, nordic))
      .orderBy(units.id)
      .limit(1);
    unitId = u!.id;
    unitName = u!.name;
    const text = crossingText({ level: 2, side: 'high', limit: 16, alarmType: 13 } as never, 17.5, 'mA');
    const [row] = await s.db.db
      .insert(alarms)
      .values({ unitId, channelId: 77, alarmType: 13, text, eventTime: new Date() })
      .returning({ id: alarms.id });
    const result = await processAlarmRows(s.db.db, [row!.id]);
    crossingEvent = result.events[0]!.event;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the pipeline writes titleText, the alarm text as a key, messageText and the task titleText', async () => {
    expect(crossingEvent.title).toBe(`Analogue high level 2: ${unitName}`);
    expect(crossingEvent.titleText).toEqual({
      key: 'serverText.alarmEventTitle',
      params: { alarmType: 13, unit: unitName },
    });
    expect(crossingEvent.alarm?.textLocal).toEqual({
      key: 'serverText.alarmText.aboveHigh',
      params: { value: '17.5 mA', limit: '16 mA', level: 2 },
    });
    const [n] = await s.db.db
      .select({ doc: notifications.doc })
      .from(notifications)
      .where(sql`${notifications.doc}->>'eventId' = ${crossingEvent.id}`)
      .limit(1);
    expect(n!.doc.message).toBe('Analogue high level 2 Value 17.5 mA above high limit 16 mA (level 2)');
    expect(n!.doc.messageText).toEqual({
      key: 'serverText.alarmMessage',
      params: { alarmType: 13, text: crossingEvent.alarm!.textLocal },
    });
    // The English rendering of the keys is the English text stored beside them.
    const en = textFunctionOf(common.en as unknown as Record<string, unknown>);
    expect(renderLocalText(n!.doc.messageText, '', en)).toBe(n!.doc.message);
    expect(renderLocalText(crossingEvent.titleText, '', en)).toBe(crossingEvent.title);
    const task = (
      await s.db.db.select({ doc: tasks.doc }).from(tasks).where(sql`${tasks.doc}->'eventIds' ? ${crossingEvent.id}`)
    )[0]!.doc;
    if (task.eventIds[0] === crossingEvent.id) expect(task.titleText).toEqual(crossingEvent.titleText);
  });

  it('renders in the reader’s language on the server (mails): Swedish for sv, Danish for da', async () => {
    const [n] = await s.db.db
      .select({ doc: notifications.doc })
      .from(notifications)
      .where(sql`${notifications.doc}->>'eventId' = ${crossingEvent.id}`)
      .limit(1);
    expect(renderLocalTextIn('sv', crossingEvent.titleText, crossingEvent.title)).toBe(
      `Analog hög nivå 2: ${unitName}`,
    );
    expect(renderLocalTextIn('sv', n!.doc.messageText, n!.doc.message)).toBe(
      'Analog hög nivå 2 Värde 17.5 mA över övre gräns 16 mA (nivå 2)',
    );
    expect(renderLocalTextIn('da', n!.doc.messageText, n!.doc.message)).toBe(
      'Analog høj niveau 2 Værdi 17.5 mA over øvre grænse 16 mA (niveau 2)',
    );
    // An unknown language reads English; an unknown key the stored text.
    expect(renderLocalTextIn('xx', crossingEvent.titleText, '?')).toBe(crossingEvent.title);
    expect(renderLocalTextIn('sv', { key: 'serverText.nope' }, 'stored')).toBe('stored');
    expect(renderAlarmTextIn('de', 'No contact since 2026-01-02 03:04 UTC')).toBe(
      'Kein Kontakt seit 2026-01-02 03:04 UTC',
    );
    expect(renderAlarmTextIn('de', 'Pump stopped by operator')).toBe('Pump stopped by operator');
  });

  it('the unit log’s alarm and measurement lines carry their text as keys', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/v3/device/devices/${unitId}/log?kinds=alarm,measurement&limit=500`,
      headers: { cookie: superCookie },
    });
    expect(res.statusCode).toBe(200);
    const lines = (res.json() as { data: UnitLogEntry[] }).data;
    const alarmLine = lines.find((l) => l.kind === 'alarm' && l.channel === 77)!;
    expect(alarmLine.text).toBe('Analogue high level 2: Value 17.5 mA above high limit 16 mA (level 2)');
    expect(renderLocalTextIn('en', alarmLine.textLocal, '?')).toBe(alarmLine.text);
    expect(renderLocalTextIn('sv', alarmLine.textLocal, '?')).toBe('Analog hög nivå 2: Värde 17.5 mA över övre gräns 16 mA (nivå 2)');
    expect(lines.some((l) => l.kind === 'measurement')).toBe(true);
    for (const l of lines.filter((x) => x.kind === 'measurement').slice(0, 20)) {
      expect(renderLocalTextIn('en', l.textLocal, '?')).toBe(l.text);
      expect(renderLocalTextIn('de', l.textLocal, '?')).toContain('(Kanal ');
    }
  });

  it('migration 0014 gives old rows (no keys) the keys the pipeline writes; renamed tasks keep their title', async () => {
    const evBefore = await s.db.db.select({ id: events.id, doc: events.doc }).from(events);
    const noBefore = await s.db.db.select({ id: notifications.id, doc: notifications.doc }).from(notifications);
    const taBefore = await s.db.db.select({ id: tasks.id, doc: tasks.doc }).from(tasks);
    expect(evBefore.filter((e) => e.doc.titleText).length).toBeGreaterThan(0);
    expect(noBefore.filter((n) => n.doc.messageText).length).toBeGreaterThan(0);

    // A reminder and a renamed alarm task, as the server writes them today.
    const reminder = noBefore.find((n) => n.doc.eventId === crossingEvent.id)!;
    await s.db.db.execute(sql`
      update notifications set doc = doc || jsonb_build_object('repeat', 2, 'messageText', jsonb_build_object(
        'key', 'serverText.reminder', 'params', jsonb_build_object('repeat', 2, 'message', doc->'messageText')))
      where id = ${reminder.id}`);
    const alarmTask = taBefore.find((t) => t.doc.type === 'alarm' && t.doc.titleText)!;
    const renamed: FwTask = applyTaskOperation(alarmTask.doc, { op: 'title', title: 'Pump 3 again' }, 'demo.user', new Date().toISOString());
    expect(renamed.titleText).toBeUndefined();
    await saveTask(s.db.db, renamed);
    const wantNotes = new Map(
      (await s.db.db.select({ id: notifications.id, doc: notifications.doc }).from(notifications)).map((n) => [n.id, n.doc]),
    );
    const wantTasks = new Map(
      (await s.db.db.select({ id: tasks.id, doc: tasks.doc }).from(tasks)).map((t) => [t.id, t.doc]),
    );

    // Old form: what the server stored before keys.
    await s.db.db.execute(sql`update events set doc = (doc - 'titleText') #- '{alarm,textLocal}'`);
    await s.db.db.execute(sql`update notifications set doc = doc - 'messageText'`);
    await s.db.db.execute(sql`update tasks set doc = doc - 'titleText'`);
    const stripped = await s.db.db.select({ doc: events.doc }).from(events).limit(5);
    expect(stripped.every((e) => !e.doc.titleText && !e.doc.alarm?.textLocal)).toBe(true);

    await runMigration0014(s);

    const evAfter = new Map((await s.db.db.select({ id: events.id, doc: events.doc }).from(events)).map((e) => [e.id, e.doc]));
    // The migration gives an old alarm text a key only for the server's own forms (limit
    // crossings, the watchdog); any other stored text still reads translated when readers
    // recognise it (renderAlarmText). So: the same titles, and the same text in every language.
    const withoutTextKey = (d: FwEvent) => (d.alarm ? { ...d, alarm: { ...d.alarm, textLocal: undefined } } : d);
    for (const e of evBefore) {
      const after = evAfter.get(e.id)!;
      expect(withoutTextKey(after)).toEqual(withoutTextKey(e.doc));
      if (after.alarm?.textLocal) expect(after.alarm.textLocal).toEqual(e.doc.alarm?.textLocal);
    }
    expect(evAfter.get(crossingEvent.id)!.alarm?.textLocal).toEqual(crossingEvent.alarm?.textLocal);
    const noAfter = await s.db.db.select({ id: notifications.id, doc: notifications.doc }).from(notifications);
    for (const n of noAfter) {
      const want = wantNotes.get(n.id)!;
      expect({ ...n.doc, messageText: undefined }).toEqual({ ...want, messageText: undefined });
      for (const lang of ['en', 'da', 'de', 'sv'])
        expect(renderLocalTextIn(lang, n.doc.messageText, '?')).toBe(renderLocalTextIn(lang, want.messageText, '!'));
    }
    const taAfter = await s.db.db.select({ id: tasks.id, doc: tasks.doc }).from(tasks);
    for (const t of taAfter) {
      const want = wantTasks.get(t.id)!;
      // Tasks made before keys existed are filled from their first event; a renamed one is not.
      if (want.titleText || t.doc.titleText) expect(t.doc.titleText).toEqual(want.titleText);
    }
    expect(taAfter.find((t) => t.id === alarmTask.id)!.doc.titleText).toBeUndefined();
    expect(taAfter.filter((t) => t.doc.titleText).length).toBeGreaterThan(0);

    // Twice is harmless.
    await runMigration0014(s);
    const again = await s.db.db
      .select({ doc: notifications.doc })
      .from(notifications)
      .where(inArray(notifications.id, [reminder.id]));
    expect(renderLocalTextIn('sv', again[0]!.doc.messageText, '?')).toBe(
      renderLocalTextIn('sv', wantNotes.get(reminder.id)!.messageText, '!'),
    );
    expect(renderLocalTextIn('sv', again[0]!.doc.messageText, '?')).toMatch(/^Fortfarande aktivt, ej kvitterat \(påminnelse 2\): Analog hög nivå 2 Värde/);
  });
});
