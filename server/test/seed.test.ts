/** The demo fleet generator and the pure alarm pipeline (no database). */
import {
  alarmTaskSignature,
  CHANNEL_KINDS,
  INACTIVE_UNIT_MARKER,
  isParkingType,
  PARKING_TYPE_CODES,
  unitStatus,
} from '@fieldwatch/shared';
import { runAlarmPipeline, type PipelineAlarm } from '../src/modules/events/pipeline';
import { DEMO_ORGS, DEMO_SEED, DEMO_TAGS, DEMO_USERS, generateDemoData } from '../src/seed/fleet';
import { TOWNS } from '../src/seed/places';
import { createRng } from '../src/seed/prng';

const NOW = new Date('2025-06-01T12:00:00Z');

describe('seeded PRNG', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(createRng(1).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('demo fleet', () => {
  const data = generateDemoData(DEMO_SEED, NOW);

  it('is deterministic: the same seed gives the same units, names and coordinates', () => {
    const again = generateDemoData(DEMO_SEED, NOW);
    expect(again).toEqual(data);
    const key = (d: typeof data) =>
      d.units.map((u) => `${u.id}|${u.name}|${u.lat}|${u.lon}|${u.type}|${u.location}`);
    expect(key(again)).toEqual(key(data));
    expect(key(generateDemoData(DEMO_SEED + 1, NOW))).not.toEqual(key(data));
  });

  it('has the two organisations and three users of the demo', () => {
    expect(data.orgs).toEqual(DEMO_ORGS);
    expect(data.orgs.map((o) => [o.name, o.rights])).toEqual([
      ['Nordic Utilities', [1, 3]],
      ['Baltic Water', [1]],
    ]);
    expect(data.users.map((u) => [u.username, u.userType, u.orgs])).toEqual([
      ['demo.super', 0, ['nordic', 'baltic']],
      ['demo.user', 1, ['nordic']],
      ['demo.reader', 2, ['baltic']],
    ]);
    expect(data.users).toEqual(DEMO_USERS);
  });

  it('spreads at least 240 units over real Swedish and Danish towns', () => {
    expect(data.units.length).toBeGreaterThanOrEqual(240);
    expect(new Set(data.units.map((u) => u.id)).size).toBe(data.units.length);
    for (const u of data.units) {
      const town = TOWNS.find((t) => u.location.endsWith(`, ${t.name}`))!;
      expect(town).toBeDefined();
      expect(Math.abs(u.lat - town.lat)).toBeLessThanOrEqual(0.03);
      expect(Math.abs(u.lon - town.lon)).toBeLessThanOrEqual(0.05);
      expect(u.org).toBe(town.org);
    }
    const towns = new Set(data.units.map((u) => u.location.split(', ')[1]));
    for (const t of [
      'Stockholm',
      'Göteborg',
      'Malmö',
      'Uppsala',
      'Luleå',
      'København',
      'Aarhus',
      'Odense',
      'Aalborg',
      'Esbjerg',
    ]) {
      expect(towns).toContain(t);
    }
  });

  it('mixes device types, with parking units only in Nordic Utilities', () => {
    const types = new Set(data.units.map((u) => u.type));
    for (const code of [...PARKING_TYPE_CODES, 230, 207, 243]) expect(types).toContain(code);
    expect(data.units.filter((u) => isParkingType(u.type)).every((u) => u.org === 'nordic')).toBe(true);
    expect(data.units.some((u) => /^Parking P-Hus \w+ \d+$/.test(u.name))).toBe(true);
    expect(data.units.some((u) => /^Pump station \d+$/.test(u.name))).toBe(true);
  });

  it('marks about 5% as not installed, which the shared status rule reads as inactive', () => {
    const inactive = data.units.filter((u) => u.name.includes(INACTIVE_UNIT_MARKER));
    expect(inactive.length / data.units.length).toBeGreaterThan(0.02);
    expect(inactive.length / data.units.length).toBeLessThan(0.1);
    expect(inactive.every((u) => unitStatus({ UnitName: u.name, AlarmEvents: [] }) === 'inactive')).toBe(
      true,
    );
    expect(inactive.some((u) => u.name.startsWith(`${INACTIVE_UNIT_MARKER} – `))).toBe(true);
  });

  it('gives each of our own units a channel of each kind', () => {
    const own = data.units.filter((u) => u.type < 200);
    expect(own.length).toBeGreaterThan(50);
    for (const u of own) {
      const kinds = new Set(data.channels.filter((c) => c.unitId === u.id).map((c) => c.kind));
      expect([...kinds].sort()).toEqual([...CHANNEL_KINDS].sort());
    }
  });

  it('gives third-party sensors what their type measures and their diagnostics, nothing else', () => {
    const names = (type: number) =>
      data.channels
        .filter((c) => c.unitId === data.units.find((u) => u.type === type)!.id)
        .map((c) => `${c.channelNo} ${c.name}`);
    expect(names(227)).toEqual(['4 Level switch 1', '5 Battery voltage', '7 Signal strength']);
    expect(names(207)).toEqual(['3 PT 1', '5 Battery voltage', '7 Signal strength', '9 CO2', '10 Humidity']);
    expect(names(200)).toEqual(['3 PT 1', '5 Battery voltage', '7 Signal strength', '9 Humidity']);
    expect(names(230)).toEqual(['2 Level formula 1', '5 Battery voltage', '7 Signal strength']);
    expect(names(205)).toEqual(['5 Battery voltage', '7 Signal strength', '9 Pulse 1']);
    // Every alarm is on a channel its unit has (a CO2 alarm on the CO2 channel).
    const has = new Set(data.channels.map((c) => `${c.unitId}:${c.channelNo}`));
    expect(data.alarms.filter((a) => !has.has(`${a.unitId}:${a.channelId}`))).toEqual([]);
    const co2 = data.alarms.filter((a) => /^CO2 /.test(a.text));
    expect(co2.length).toBeGreaterThan(0);
    for (const a of co2) expect(a.channelId).toBe(9);
  });

  it('raises active alarms on roughly 15% of the units, including battery and communication errors', () => {
    const active = data.alarms.filter((a) => a.active);
    const unitsWithAlarms = new Set(active.map((a) => a.unitId));
    const share = unitsWithAlarms.size / data.units.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.25);
    const types = new Set(active.map((a) => a.alarmType));
    expect(types).toContain(28);
    expect(types).toContain(19);
    for (const a of active) {
      expect(a.eventTime.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(a.text.length).toBeGreaterThan(3);
      expect(data.channels.some((c) => c.unitId === a.unitId && c.channelNo === a.channelId)).toBe(true);
    }
    // No alarms on units that are not installed.
    const notInstalled = new Set(data.units.filter((u) => !u.installed).map((u) => u.id));
    expect(active.some((a) => notInstalled.has(a.unitId))).toBe(false);
  });

  it('tags some units with NFC tags, the fixed demo tags one activated and one not', () => {
    expect(data.tags.length).toBeGreaterThan(10);
    expect(data.tags.find((t) => t.tagUuid === DEMO_TAGS.notActivated)!.activatedAt).toBeNull();
    expect(data.tags.find((t) => t.tagUuid === DEMO_TAGS.activated)!.activatedAt).toBeInstanceOf(Date);
    expect(new Set(data.tags.map((t) => t.tagUuid)).size).toBe(data.tags.length);
  });

  it('an activated device has lost its "not installed" marker: only units not activated carry it (issue 20 §4)', () => {
    const byId = new Map(data.units.map((u) => [u.id, u]));
    const activated = data.tags.filter((t) => t.activatedAt !== null);
    expect(activated.length).toBeGreaterThan(5);
    for (const t of activated) {
      const u = byId.get(t.unitId)!;
      expect([u.name, u.installed]).toEqual([expect.not.stringContaining(INACTIVE_UNIT_MARKER), true]);
    }
    // The fixed activated demo tag's unit among them, named as onboarding would have named it.
    const fixed = byId.get(data.tags.find((t) => t.tagUuid === DEMO_TAGS.activated)!.unitId)!;
    expect(fixed.name).toMatch(/^[A-Z][\w ]+ \d+$/);
    // …and it is on its site, like every installed unit.
    expect(data.containers.some((c) => c.content.some((r) => r.target === String(fixed.id)))).toBe(true);
    // The marker and `installed` agree everywhere.
    for (const u of data.units) expect(u.name.includes(INACTIVE_UNIT_MARKER)).toBe(!u.installed);
  });
});

describe('alarm pipeline (pure)', () => {
  let n = 0;
  const newId = () => `id-${++n}`;
  const alarm = (unitId: number, at: string, type = 28): PipelineAlarm => ({
    organizationId: 1,
    at,
    AlarmType: type,
    AlarmEventText: 'text',
    AlarmEventTime: at.slice(0, 19).replace('T', ' '),
    UnitID: unitId,
    ChannelID: 5,
    UnitName: `Unit ${unitId}`,
    UnitType: 11,
  });

  it('makes an event and one notification per member, and one task per unit', () => {
    const r = runAlarmPipeline(
      [
        alarm(7, '2025-01-01T10:00:00Z'),
        alarm(7, '2025-01-01T09:00:00Z', 34),
        alarm(8, '2025-01-01T11:00:00Z'),
      ],
      [],
      new Map([[1, [10, 11]]]),
      newId,
    );
    expect(r.events).toHaveLength(3);
    expect(r.notifications).toHaveLength(6);
    expect(r.notifications.map((x) => x.userId).sort()).toEqual([10, 10, 10, 11, 11, 11]);
    expect(r.tasks).toHaveLength(2);
    const t7 = r.tasks.find((t) => t.task.signature === alarmTaskSignature(7))!;
    expect(t7.isNew).toBe(true);
    // Oldest alarm first: the intrusion (critical) started the task; the battery alarm joined it.
    expect(t7.task.category).toBe('alert');
    expect(t7.task.eventIds).toHaveLength(2);
    expect(t7.task.activities.map((a) => a.type)).toEqual(['status', 'events']);
  });

  it('joins an open task from the database and leaves a done one alone', () => {
    const open = runAlarmPipeline([alarm(9, '2025-01-01T08:00:00Z')], [], new Map(), newId).tasks[0]!.task;
    const r = runAlarmPipeline(
      [alarm(9, '2025-01-02T08:00:00Z')],
      [{ organizationId: 1, task: open }],
      new Map(),
      newId,
    );
    expect(r.tasks).toHaveLength(1);
    expect(r.tasks[0]!.isNew).toBe(false);
    expect(r.tasks[0]!.task.id).toBe(open.id);

    const done = { ...open, status: 'done' as const };
    const r2 = runAlarmPipeline(
      [alarm(9, '2025-01-03T08:00:00Z')],
      [{ organizationId: 1, task: done }],
      new Map(),
      newId,
    );
    expect(r2.tasks[0]!.isNew).toBe(true);
    expect(r2.tasks[0]!.task.id).not.toBe(open.id);
  });
});
