import {
  addNote,
  assign,
  buildAlarmId,
  eventFromAlarm,
  markSeen,
  migrateEvent,
  notificationFromEvent,
  routeEventToTask,
  setStatus,
  unassign,
  isValidEvent,
  isValidNotification,
  isValidTask,
  applyTaskOperation,
  isValidActivity,
  newCustomTask,
  setCategory,
  type AlarmInput,
} from '../src';

const now = '2026-11-22T10:00:00.000Z';
const alarm = (over: Partial<AlarmInput> = {}): AlarmInput => ({
  AlarmType: 28,
  AlarmEventText: 'Battery 3.1 V',
  AlarmEventTime: '2026-11-22 09:58:00',
  UnitID: 17,
  ChannelID: 2,
  UnitName: 'Pump station 17',
  UnitType: 1,
  latitude: 59.33,
  longitude: 18.06,
  ...over,
});

describe('alarm → event, notification, task (spec §4)', () => {
  test('alarm id from unit, channel, type and time', () => {
    expect(buildAlarmId(alarm())).toBe('17-2-28-2026-11-22 09:58:00');
  });
  test('critical-list types give category alert and priority critical; others notice and normal', () => {
    const critical = eventFromAlarm(alarm({ AlarmType: 34 }), 'e1', now);
    expect(critical).toMatchObject({
      version: '2',
      kind: 'event',
      type: 'alarm',
      category: 'alert',
      unitId: 17,
    });
    expect(notificationFromEvent(critical, 'n1', now)).toMatchObject({
      priority: 'critical',
      version: '1',
      eventId: 'e1',
    });
    const normal = eventFromAlarm(alarm(), 'e2', now);
    expect(normal.category).toBe('notice');
    const n = notificationFromEvent(normal, 'n2', now);
    expect(n.priority).toBe('normal');
    expect(n.message).toBe('Battery Battery 3.1 V');
    expect(n.seen).toBeUndefined();
  });
  test('a new alarm starts a resting task with one status activity', () => {
    const e = eventFromAlarm(alarm(), 'e1', now);
    const { task, created } = routeEventToTask(e, [], 't1', now);
    expect(created).toBe(true);
    expect(task).toMatchObject({
      signature: 'Alarm17',
      status: 'resting',
      type: 'alarm',
      eventIds: ['e1'],
      version: '2',
    });
    expect(task.activities).toEqual([{ date: now, user: 'system', type: 'status', status: 'resting' }]);
  });
  test('an alarm of a unit with an active task joins it with an events activity', () => {
    const first = routeEventToTask(eventFromAlarm(alarm(), 'e1', now), [], 't1', now).task;
    const { task, created } = routeEventToTask(
      eventFromAlarm(alarm({ AlarmType: 19 }), 'e2', now),
      [first],
      't2',
      now,
    );
    expect(created).toBe(false);
    expect(task.id).toBe('t1');
    expect(task.eventIds).toEqual(['e1', 'e2']);
    expect(task.activities.at(-1)).toMatchObject({ type: 'events', eventIds: ['e2'] });
  });
  test('a done task does not collect new alarms: a new task starts', () => {
    const done = setStatus(
      routeEventToTask(eventFromAlarm(alarm(), 'e1', now), [], 't1', now).task,
      'done',
      'ann',
      now,
    );
    expect(routeEventToTask(eventFromAlarm(alarm(), 'e2', now), [done], 't2', now).created).toBe(true);
  });
  test('transitions append activities; unassigning a stranger is "User not assigned"', () => {
    let task = routeEventToTask(eventFromAlarm(alarm(), 'e1', now), [], 't1', now).task;
    task = setStatus(task, 'working', 'ann', now);
    task = assign(task, 'bob', 'ann', now);
    task = addNote(task, 'On my way', 'bob', now);
    expect(task.status).toBe('working');
    expect(task.assignees).toEqual(['bob']);
    expect(task.activities.map((a) => a.type)).toEqual(['status', 'status', 'assignees', 'note']);
    expect(() => unassign(task, 'carl', 'ann', now)).toThrow('User not assigned');
    expect(unassign(task, 'bob', 'ann', now).assignees).toEqual([]);
    expect(() => addNote(task, '  ', 'bob', now)).toThrow();
  });
  test('marking a notification seen stamps it once; a missing id does nothing', () => {
    const n = notificationFromEvent(eventFromAlarm(alarm(), 'e1', now), 'n1', now);
    const seen = markSeen([n], 'n1', now);
    expect(seen[0]?.seen).toBe(now);
    expect(markSeen(seen, 'n1', '2030-01-01')[0]?.seen).toBe(now);
    expect(markSeen([n], 'nope', now)).toEqual([n]);
  });
  test('version-1 events migrate to version 2 with category notice', () => {
    expect(migrateEvent({ id: 'x', version: '1', kind: 'event', category: 'alert' })).toMatchObject({
      version: '2',
      category: 'notice',
    });
  });
  test('stored records are valid only with their required fields', () => {
    const e = eventFromAlarm(alarm(), 'e1', now);
    expect(isValidEvent(e)).toBe(true);
    expect(isValidEvent({ kind: 'event', id: 'x' })).toBe(false);
    expect(isValidNotification(notificationFromEvent(e, 'n', now))).toBe(true);
    expect(isValidNotification({ kind: 'notification', id: 'n' })).toBe(false);
    expect(isValidTask(routeEventToTask(e, [], 't', now).task)).toBe(true);
    expect(isValidTask({ kind: 'task', id: 't', created: now, type: 'alarm', status: 'resting' })).toBe(
      false,
    );
  });
  test('category changes append a category activity; unknown categories are refused', () => {
    const task = routeEventToTask(eventFromAlarm(alarm(), 'e1', now), [], 't1', now).task;
    const changed = setCategory(task, 'critical', 'ann', now);
    expect(changed.category).toBe('critical');
    expect(changed.activities.at(-1)).toEqual({
      date: now,
      user: 'ann',
      type: 'category',
      category: 'critical',
    });
    expect(() => setCategory(task, 'bogus' as never, 'ann', now)).toThrow('Unknown category');
  });
  test('a custom task is resting with one status activity and signature 1', () => {
    const t = newCustomTask({ title: 'Inspect hatch', eventIds: ['e1', 'e1'] }, 'c1', 'ann', now);
    expect(t).toMatchObject({
      type: 'custom',
      signature: '1',
      status: 'resting',
      category: 'notice',
      eventIds: ['e1'],
    });
    expect(t.activities).toEqual([{ date: now, user: 'ann', type: 'status', status: 'resting' }]);
    expect(isValidTask(t)).toBe(true);
    expect(() => newCustomTask({ title: ' ' }, 'c2', 'ann', now)).toThrow();
  });
  test('operations apply the rules and need the payload of their activity type', () => {
    let t = newCustomTask({ title: 'Inspect hatch' }, 'c1', 'ann', now);
    t = applyTaskOperation(t, { op: 'status', status: 'working' }, 'ann', now);
    t = applyTaskOperation(t, { op: 'assign', user: 'bob' }, 'ann', now);
    t = applyTaskOperation(t, { op: 'note', note: 'Done soon' }, 'bob', now);
    t = applyTaskOperation(t, { op: 'title', title: 'Inspect hatch 2' }, 'bob', now);
    t = applyTaskOperation(t, { op: 'category', category: 'warning' }, 'bob', now);
    t = applyTaskOperation(t, { op: 'events', eventIds: ['e9'] }, 'bob', now);
    t = applyTaskOperation(t, { op: 'unassign', user: 'bob' }, 'ann', now);
    expect(t.activities.map((a) => a.type)).toEqual([
      'status',
      'status',
      'assignees',
      'note',
      'title',
      'category',
      'events',
      'assignees',
    ]);
    expect(t).toMatchObject({
      status: 'working',
      assignees: [],
      title: 'Inspect hatch 2',
      category: 'warning',
      eventIds: ['e9'],
    });
    expect(t.activities.every(isValidActivity)).toBe(true);
    expect(() => applyTaskOperation(t, { op: 'unassign', user: 'carl' }, 'ann', now)).toThrow(
      'User not assigned',
    );
    expect(() => applyTaskOperation(t, { op: 'note' }, 'ann', now)).toThrow('Operation note needs note');
    expect(() => applyTaskOperation(t, { op: 'events', eventIds: [] }, 'ann', now)).toThrow('needs eventIds');
    expect(() => applyTaskOperation(t, { op: 'status', status: 'nope' }, 'ann', now)).toThrow(
      'Unknown status',
    );
    expect(() => applyTaskOperation(t, { op: 'explode' }, 'ann', now)).toThrow('Unknown operation');
    expect(isValidActivity({ date: now, user: 'x', type: 'note' })).toBe(false);
  });
});
