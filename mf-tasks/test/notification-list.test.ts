import {
  countUnseen,
  filterNotifications,
  newestFirst,
  parseFilter,
  withSeen,
} from '../src/features/notifications/notification-list';
import { notificationList } from './fixtures';

test('newest first', () => {
  expect(newestFirst(notificationList()).map((n) => n.id)).toEqual(['n4', 'n3', 'n2', 'n1']);
});

test('counts the unseen', () => {
  expect(countUnseen(notificationList())).toBe(2);
  expect(countUnseen([])).toBe(0);
});

test('the unseen filter keeps unseen ones and those marked in this view; all keeps everything', () => {
  const list = withSeen(notificationList(), { n2: '2024-06-01T00:00:00.000Z' });
  expect(filterNotifications(list, 'all').map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
  expect(filterNotifications(list, 'unseen').map((n) => n.id)).toEqual(['n4']);
  expect(filterNotifications(list, 'unseen', new Set(['n2'])).map((n) => n.id)).toEqual(['n2', 'n4']);
});

test('local seen marks follow the shared rule: only unseen ones change, unknown ids do nothing', () => {
  const list = withSeen(notificationList(), {
    n1: '2030-01-01T00:00:00.000Z',
    n2: '2024-06-01T00:00:00.000Z',
    nope: '2024-06-01T00:00:00.000Z',
  });
  expect(list.find((n) => n.id === 'n1')?.seen).toBe('2024-05-01T09:00:00.000Z');
  expect(list.find((n) => n.id === 'n2')?.seen).toBe('2024-06-01T00:00:00.000Z');
  expect(list).toHaveLength(4);
});

test('filter from the URL', () => {
  expect(parseFilter('unseen')).toBe('unseen');
  expect(parseFilter('all')).toBe('all');
  expect(parseFilter(null)).toBe('all');
});
