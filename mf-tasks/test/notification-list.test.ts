import type { AlarmStatus, NotificationItem, NotificationPage } from '@fieldwatch/shared';
import {
  apiQuery,
  applySeen,
  arrivedIds,
  canAcknowledge,
  messageDetail,
  parsePageFilter,
  serializeParams,
  withAlarmStatus,
  withPageFilter,
} from '../src/features/notifications/notification-list';

const item = (id: string, over: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  created: '2024-05-01T08:00:00.000Z',
  version: '1',
  kind: 'notification',
  eventId: `e-${id}`,
  type: 'alarm',
  message: `m ${id}`,
  priority: 'normal',
  organizationId: 1,
  organizationName: 'Nordic',
  unit: { id: 7, name: 'Pump 7' },
  location: null,
  groups: [],
  alarmType: 34,
  alarm: {
    id: 70,
    type: 34,
    state: 'activeUnacknowledged',
    active: true,
    acknowledgedBy: null,
    acknowledgedAt: null,
    clearedBy: null,
    clearedAt: null,
  },
  taskId: 't1',
  ...over,
});

describe('the page filter in the URL', () => {
  test('reads priorities, seen, customer and page; drops what it does not know', () => {
    expect(parsePageFilter(new URLSearchParams('priority=critical,urgent,low&seen=unseen&customer=3&page=2'))).toEqual({
      priority: ['low', 'critical'],
      seen: 'unseen',
      customer: 3,
      page: 1,
    });
    expect(parsePageFilter(new URLSearchParams('seen=maybe&customer=x&page=-4'))).toEqual({
      priority: [],
      seen: 'all',
      customer: null,
      page: 0,
    });
  });

  test('writes only what differs from the defaults and keeps other parameters', () => {
    const p = withPageFilter(new URLSearchParams('x=1&page=3'), { priority: ['critical'], seen: 'all', customer: null, page: 0 });
    expect(p.toString()).toBe('x=1&priority=critical');
  });

  test('the API query leaves out a customer no longer selected, and repeats priorities', () => {
    const f = { priority: ['critical', 'high'] as const, seen: 'unseen' as const, customer: 9, page: 2 };
    const q = apiQuery({ ...f, priority: [...f.priority] }, [1, 2]);
    expect(q).toEqual({ priority: ['critical', 'high'], seen: 'unseen', sort: 'priority', offset: 100, limit: 50 });
    expect(serializeParams(q)).toBe('priority=critical&priority=high&seen=unseen&sort=priority&offset=100&limit=50');
    expect(apiQuery({ ...f, priority: [] }, [9]).customer).toBe(9);
  });
});

describe('changes applied in place', () => {
  const page: NotificationPage = { items: [item('a'), item('b', { seen: '2024-05-01T09:00:00.000Z' })], total: 2, offset: 0, limit: 50 };

  test('marked seen elsewhere: the row stays, now seen; a page without them is the same object', () => {
    const next = applySeen(page, { ids: ['a', 'zz'], seen: '2024-06-01T00:00:00.000Z' });
    expect(next.items.map((n) => n.seen)).toEqual(['2024-06-01T00:00:00.000Z', '2024-05-01T09:00:00.000Z']);
    expect(applySeen(page, { ids: ['b', 'zz'], seen: 'x' })).toBe(page);
  });

  test('an alarm acknowledged by someone: no Acknowledge button any more', () => {
    const n = item('a');
    expect(canAcknowledge(n)).toBe(true);
    const status: AlarmStatus = {
      alarmId: 70,
      unitId: 7,
      organizationId: 1,
      channelId: 1,
      alarmType: 34,
      state: 'activeAcknowledged',
      acknowledgedBy: 'anna',
      acknowledgedAt: '2024-06-01T00:00:00.000Z',
      clearedBy: null,
      clearedAt: null,
    };
    const acked = withAlarmStatus(n, status);
    expect(acked.alarm).toMatchObject({ state: 'activeAcknowledged', active: true, acknowledgedBy: 'anna' });
    expect(canAcknowledge(acked)).toBe(false);
    expect(withAlarmStatus(n, { ...status, alarmId: 71 })).toBe(n);
    expect(canAcknowledge(withAlarmStatus(n, { ...status, state: 'clearedUnacknowledged', acknowledgedBy: null, acknowledgedAt: null }))).toBe(false);
    expect(canAcknowledge(item('c', { alarm: null }))).toBe(false);
  });

  test('rows that arrived since the last page', () => {
    expect(arrivedIds(undefined, [item('a')])).toEqual([]);
    expect(arrivedIds([item('a')], [item('n'), item('a')])).toEqual(['n']);
  });
});

describe('the message beside the alarm type', () => {
  test('leaves out the type name the row already shows', () => {
    expect(messageDetail('Loop alarm Loop resistance 249 Ω above limit 150 Ω', 'Loop alarm')).toBe('Loop resistance 249 Ω above limit 150 Ω');
    expect(messageDetail('Loop alarm', 'Loop alarm')).toBeNull();
    expect(messageDetail('Still active (reminder 2): Loop alarm x', 'Loop alarm')).toBe('Still active (reminder 2): Loop alarm x');
    expect(messageDetail('Battery low', null)).toBe('Battery low');
  });
});
