import type {
  Activity,
  EventCategory,
  FwNotification,
  FwTask,
  NotificationPriority,
  TaskStatus,
} from '@fieldwatch/shared';

export function task(id: string, over: Partial<FwTask> = {}): FwTask {
  const created = over.created ?? '2024-05-01T08:00:00.000Z';
  return {
    id,
    created,
    version: '2',
    kind: 'task',
    title: `Task ${id}`,
    category: 'notice',
    type: 'alarm',
    signature: `Alarm${id}`,
    eventIds: ['e1'],
    assignees: [],
    status: 'resting',
    activities: [{ date: created, user: 'system', type: 'status', status: 'resting' }],
    ...over,
  };
}

/** Seven tasks: four active (resting, working, reported), two done, one archived. */
export function taskList(): FwTask[] {
  const spec: Array<[string, TaskStatus, EventCategory, string]> = [
    ['t1', 'resting', 'alert', '2024-05-01T08:00:00.000Z'],
    ['t2', 'working', 'critical', '2024-05-03T08:00:00.000Z'],
    ['t3', 'reported', 'warning', '2024-05-02T08:00:00.000Z'],
    ['t4', 'resting', 'notice', '2024-04-28T08:00:00.000Z'],
    ['t5', 'done', 'pre-alert', '2024-04-20T08:00:00.000Z'],
    ['t6', 'done', 'notice', '2024-04-22T08:00:00.000Z'],
    ['t7', 'archived', 'notice', '2024-01-10T08:00:00.000Z'],
  ];
  return spec.map(([id, status, category, created]) =>
    task(id, { status, category, created, title: `Pump ${id} level high` }),
  );
}

export const activityLog: Activity[] = [
  { date: '2024-05-03T08:00:00.000Z', user: 'system', type: 'status', status: 'resting' },
  { date: '2024-05-03T09:00:00.000Z', user: 'anna', type: 'assignees', assignees: ['anna', 'bo'] },
  { date: '2024-05-03T09:30:00.000Z', user: 'anna', type: 'status', status: 'working' },
  { date: '2024-05-03T10:00:00.000Z', user: 'bo', type: 'note', note: 'Float switch replaced' },
  { date: '2024-05-03T11:00:00.000Z', user: 'system', type: 'events', eventIds: ['e2', 'e3'] },
  { date: '2024-05-03T12:00:00.000Z', user: 'anna', type: 'category', category: 'critical' },
  { date: '2024-05-03T12:30:00.000Z', user: 'anna', type: 'title', title: 'Pump 2 overflow' },
];

export function notification(id: string, over: Partial<FwNotification> = {}): FwNotification {
  return {
    id,
    created: '2024-05-01T08:00:00.000Z',
    version: '1',
    kind: 'notification',
    eventId: `e-${id}`,
    type: 'alarm',
    message: `Loop alarm ${id}`,
    priority: 'normal',
    ...over,
  };
}

/** Four notifications, given oldest first: n2 and n4 unseen, n4 critical. */
export function notificationList(): FwNotification[] {
  const spec: Array<[string, string, NotificationPriority, string | undefined]> = [
    ['n1', '2024-05-01T08:00:00.000Z', 'low', '2024-05-01T09:00:00.000Z'],
    ['n2', '2024-05-02T08:00:00.000Z', 'normal', undefined],
    ['n3', '2024-05-03T08:00:00.000Z', 'high', '2024-05-03T10:00:00.000Z'],
    ['n4', '2024-05-04T08:00:00.000Z', 'critical', undefined],
  ];
  return spec.map(([id, created, priority, seen]) =>
    notification(id, { created, priority, message: `Alarm message ${id}`, ...(seen ? { seen } : {}) }),
  );
}
