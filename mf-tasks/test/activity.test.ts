import { activityWords, newestFirst, type ActivityNames, type AnyActivity } from '../src/features/tasks/activity';

const names: ActivityNames = {
  user: (u) => ({ 'demo.user': 'Bo Berg', anna: 'Anna Ek' })[u] ?? u,
  unit: (id) => ({ 10004: 'Pump station 2' })[id] ?? `Unit ${id}`,
  location: (id) => ({ L1: 'Harbour' })[id] ?? id,
  date: (v) => `day ${v}`,
};
const t = (key: string) => (key === 'alarmType.4' ? 'Loop alarm' : key);
const a = (type: string, payload: Record<string, unknown>): AnyActivity => ({ date: '2026-11-26T10:00:00.000Z', user: 'anna', type, ...payload });
const words = (x: AnyActivity) => {
  const w = activityWords(x, names, t);
  return [w.key, w.values, w.chip?.value ?? null, w.body ?? null];
};

describe('every activity type in words', () => {
  test.each([
    [a('status', { status: 'working' }), ['activity.status', {}, 'working', null]],
    [a('category', { category: 'alert' }), ['activity.category', {}, 'alert', null]],
    [a('priority', { priority: 'critical' }), ['activity.priority', {}, 'critical', null]],
    [a('note', { note: 'Float switch replaced' }), ['activity.note', {}, null, 'Float switch replaced']],
    [a('assignees', { assignees: ['demo.user', 'anna'] }), ['activity.assignees', { names: 'Bo Berg, Anna Ek' }, null, null]],
    [a('assignees', { assignees: [] }), ['activity.unassigned', {}, null, null]],
    [a('events', { eventIds: ['e1', 'e2'] }), ['activity.events', { count: 2 }, null, null]],
    [a('title', { title: 'Pump 2 overflow' }), ['activity.title', { title: 'Pump 2 overflow' }, null, null]],
    [a('due', { due: '2026-12-01' }), ['activity.due', { date: 'day 2026-12-01' }, null, null]],
    [a('due', { due: null }), ['activity.dueCleared', {}, null, null]],
    [a('units', { unitIds: [10004, 7] }), ['activity.units', { names: 'Pump station 2, Unit 7' }, null, null]],
    [a('units', { unitIds: [] }), ['activity.unitsCleared', {}, null, null]],
    [a('location', { locationId: 'L1' }), ['activity.location', { name: 'Harbour' }, null, null]],
    [a('location', { locationId: null }), ['activity.locationCleared', {}, null, null]],
    [a('file', { file: { id: 'f1', name: 'photo.png', action: 'added' } }), ['activity.fileAdded', { name: 'photo.png' }, null, null]],
    [a('file', { file: { id: 'f1', name: 'photo.png', action: 'deleted' } }), ['activity.fileDeleted', { name: 'photo.png' }, null, null]],
    [
      a('alarm', { alarm: { id: 3, unitId: 10004, channelId: 1, alarmType: 4, kind: 'acknowledged', state: 'activeAcknowledged' } }),
      ['activity.alarm.acknowledged', { alarm: 'Loop alarm', unit: 'Pump station 2' }, null, null],
    ],
  ])('%j', (activity, expected) => {
    expect(words(activity)).toEqual(expected);
  });

  test('unit names, never "Unit <id>" when the name is known; unknown kinds still say something', () => {
    expect(words(a('whatever', {}))[0]).toBe('activity.other');
  });

  test('newest first, log order kept for equal times', () => {
    const log = [
      { date: '2026-11-26T10:00:00Z', n: 1 },
      { date: '2026-11-26T12:00:00Z', n: 2 },
      { date: '2026-11-26T10:00:00Z', n: 3 },
    ];
    expect(newestFirst(log).map((x) => x.n)).toEqual([2, 3, 1]);
  });
});
