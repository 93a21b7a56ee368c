/**
 * Task fields of the task screens (issue 17 §2): priority (own, else from the category), due date,
 * units, location, restore from the archive and file activities — each operation appends its own
 * activity, and isValidActivity knows each activity's payload.
 */
import {
  applyTaskOperation,
  doneSince,
  isTaskDue,
  isValidActivity,
  newCustomTask,
  priorityOfCategory,
  recordFile,
  statusBeforeArchive,
  taskPriority,
  TaskRuleError,
  type FwTask,
} from '../src';

const NOW = '2026-11-26T10:00:00.000Z';
const base = (): FwTask => newCustomTask({ title: 'Fix the gate' }, 't1', 'ann', '2026-11-01T08:00:00.000Z');

describe('task priority', () => {
  it('is the own priority, else the category’s', () => {
    expect(priorityOfCategory('critical')).toBe('critical');
    expect(priorityOfCategory('alert')).toBe('alert');
    expect(priorityOfCategory('pre-alert')).toBe('warning');
    expect(priorityOfCategory('warning')).toBe('warning');
    expect(priorityOfCategory('notice')).toBe('notice');
    expect(taskPriority({ category: 'alert' })).toBe('alert');
    expect(taskPriority({ category: 'alert', priority: 'notice' })).toBe('notice');
  });
});

describe('new custom tasks', () => {
  it('take priority, due date, units and location', () => {
    const t = newCustomTask(
      { title: 'T', priority: 'warning', due: '2026-12-24', unitIds: [3, 3, 4], locationId: 'loc-1' },
      'id',
      'ann',
      NOW,
    );
    expect(t).toMatchObject({ priority: 'warning', due: '2026-12-24', unitIds: [3, 4], locationId: 'loc-1' });
    const plain = newCustomTask({ title: 'T', due: null, locationId: null, unitIds: [] }, 'id', 'ann', NOW);
    expect(plain).not.toHaveProperty('due');
    expect(plain).not.toHaveProperty('locationId');
    expect(plain).not.toHaveProperty('unitIds');
    expect(() => newCustomTask({ title: 'T', due: 'tomorrow' }, 'id', 'ann', NOW)).toThrow(TaskRuleError);
  });
});

describe('operations', () => {
  it('each appends its own activity', () => {
    let t = base();
    const cases: Array<[Record<string, unknown>, Partial<FwTask>, Record<string, unknown>]> = [
      [{ op: 'priority', priority: 'critical' }, { priority: 'critical' }, { type: 'priority', priority: 'critical' }],
      [{ op: 'due', due: '2027-01-02' }, { due: '2027-01-02' }, { type: 'due', due: '2027-01-02' }],
      [{ op: 'units', unitIds: [7, 8, 7] }, { unitIds: [7, 8] }, { type: 'units', unitIds: [7, 8] }],
      [{ op: 'location', locationId: 'L' }, { locationId: 'L' }, { type: 'location', locationId: 'L' }],
    ];
    for (const [op, fields, activity] of cases) {
      const next = applyTaskOperation(t, op, 'bob', NOW);
      expect(next).toMatchObject(fields);
      expect(next.activities).toHaveLength(t.activities.length + 1);
      expect(next.activities.at(-1)).toEqual({ date: NOW, user: 'bob', ...activity });
      expect(isValidActivity(next.activities.at(-1))).toBe(true);
      t = next;
    }
    t = applyTaskOperation(t, { op: 'due', due: null }, 'bob', NOW);
    expect(t).not.toHaveProperty('due');
    expect(t.activities.at(-1)).toMatchObject({ type: 'due', due: null });
    t = applyTaskOperation(t, { op: 'location', locationId: null }, 'bob', NOW);
    expect(t).not.toHaveProperty('locationId');
    t = applyTaskOperation(t, { op: 'units', unitIds: [] }, 'bob', NOW);
    expect(t).not.toHaveProperty('unitIds');
  });

  it('refuses missing or unreadable payloads', () => {
    for (const op of [
      { op: 'priority' },
      { op: 'priority', priority: 'urgent' },
      { op: 'due' },
      { op: 'due', due: '26/11/2026' },
      { op: 'units' },
      { op: 'units', unitIds: ['7'] },
      { op: 'units', unitIds: [0] },
      { op: 'location' },
      { op: 'location', locationId: '' },
    ])
      expect(() => applyTaskOperation(base(), op, 'bob', NOW)).toThrow(TaskRuleError);
  });

  it('restore: back to the status before the archive, done if none; only an archived task', () => {
    let t = base();
    for (const status of ['working', 'reported', 'archived']) t = applyTaskOperation(t, { op: 'status', status }, 'bob', NOW);
    expect(statusBeforeArchive(t)).toBe('reported');
    const restored = applyTaskOperation(t, { op: 'restore' }, 'eve', NOW);
    expect(restored.status).toBe('reported');
    expect(restored.activities.at(-1)).toEqual({ date: NOW, user: 'eve', type: 'status', status: 'reported' });
    expect(() => applyTaskOperation(restored, { op: 'restore' }, 'eve', NOW)).toThrow('Only an archived task can be restored');
    // Archived twice, or with no status before: done.
    expect(statusBeforeArchive({ activities: [{ date: NOW, user: 'x', type: 'status', status: 'archived' }] })).toBe('done');
    expect(statusBeforeArchive({ activities: [] })).toBe('done');
  });
});

describe('archive age and files', () => {
  it('doneSince is the latest move to done of a done task', () => {
    let t = applyTaskOperation(base(), { op: 'status', status: 'done' }, 'bob', '2026-11-02T00:00:00.000Z');
    t = applyTaskOperation(t, { op: 'note', note: 'ok' }, 'bob', '2026-11-03T00:00:00.000Z');
    expect(doneSince(t)).toBe('2026-11-02T00:00:00.000Z');
    expect(doneSince(applyTaskOperation(t, { op: 'status', status: 'working' }, 'bob', NOW))).toBeUndefined();
  });

  it('a file activity names the file and what happened', () => {
    const t = recordFile(base(), { id: 'f1', name: 'a.png', action: 'added' }, 'bob', NOW);
    expect(t.activities.at(-1)).toEqual({ date: NOW, user: 'bob', type: 'file', file: { id: 'f1', name: 'a.png', action: 'added' } });
    expect(isValidActivity(t.activities.at(-1))).toBe(true);
    expect(isValidActivity({ date: NOW, user: 'bob', type: 'file', file: { id: 'f1', name: 'a.png', action: 'moved' } })).toBe(false);
    expect(isValidActivity({ date: NOW, user: 'bob', type: 'priority', priority: 'urgent' })).toBe(false);
    expect(isValidActivity({ date: NOW, user: 'bob', type: 'units', unitIds: ['1'] })).toBe(false);
    expect(isValidActivity({ date: NOW, user: 'bob', type: 'due', due: null })).toBe(true);
  });

  it('isTaskDue reads days and ISO times', () => {
    expect(isTaskDue('2026-12-24')).toBe(true);
    expect(isTaskDue('2026-12-24T10:00:00Z')).toBe(true);
    expect(isTaskDue('2026-13-45')).toBe(false);
    expect(isTaskDue('24.12.2026')).toBe(false);
  });
});
