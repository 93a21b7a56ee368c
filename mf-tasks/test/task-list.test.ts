import { TASK_STATUSES } from '@fieldwatch/shared';
import {
  activitiesNewestFirst,
  groupByTab,
  lastActivity,
  matchesTaskText,
  pageOfTab,
  parseTab,
  tabCounts,
  tabOf,
} from '../src/features/tasks/task-list';
import { activityLog, task, taskList } from './fixtures';

describe('tabs', () => {
  test('resting, working and reported are active; done is done; archived is the archive', () => {
    expect(Object.fromEntries(TASK_STATUSES.map((s) => [s, tabOf(s)]))).toEqual({
      resting: 'active',
      working: 'active',
      reported: 'active',
      done: 'done',
      archived: 'archive',
    });
  });

  test('groups tasks per tab, newest first', () => {
    const groups = groupByTab(taskList());
    expect(groups.active.map((t) => t.id)).toEqual(['t2', 't3', 't1', 't4']);
    expect(groups.done.map((t) => t.id)).toEqual(['t6', 't5']);
    expect(groups.archive.map((t) => t.id)).toEqual(['t7']);
  });

  test('counts per tab', () => {
    expect(tabCounts(taskList())).toEqual({ active: 4, done: 2, archive: 1 });
    expect(tabCounts([])).toEqual({ active: 0, done: 0, archive: 0 });
  });

  test('the tab in the URL falls back to active', () => {
    expect(parseTab('done')).toBe('done');
    expect(parseTab('archive')).toBe('archive');
    expect(parseTab('bogus')).toBe('active');
    expect(parseTab(null)).toBe('active');
  });
});

describe('search', () => {
  const x = task('x', { title: 'Pump 2 overflow', assignees: ['anna'], category: 'pre-alert' });
  test.each([
    ['title', 'overflow', true],
    ['assignee', 'ANNA', true],
    ['category', 'pre-alert', true],
    ['all words', 'pump anna', true],
    ['a word that is missing', 'pump bo', false],
    ['empty', '', true],
  ])('%s', (_what, q, expected) => expect(matchesTaskText(x, q)).toBe(expected));
});

describe('activities', () => {
  test('last activity is the newest by date', () => {
    expect(lastActivity({ activities: [...activityLog].reverse() })).toEqual(activityLog.at(-1));
    expect(lastActivity({ activities: [] })).toBeUndefined();
  });

  test('the log is shown newest first, keeping log order on equal dates', () => {
    const same = '2024-01-01T00:00:00.000Z';
    const log = activitiesNewestFirst({
      activities: [
        { date: same, user: 'a', type: 'note', note: 'first' },
        { date: '2023-01-01T00:00:00.000Z', user: 'a', type: 'note', note: 'old' },
        { date: same, user: 'a', type: 'note', note: 'second' },
      ],
    });
    expect(log.map((a) => (a.type === 'note' ? a.note : ''))).toEqual(['second', 'first', 'old']);
  });
});

describe('paging', () => {
  test('20 per page within the tab and the search', () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      task(`m${String(i).padStart(2, '0')}`, {
        created: `2024-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      }),
    );
    const groups = groupByTab(many);
    expect(pageOfTab(groups, 'active', '', 0)).toMatchObject({ matched: 45, pageCount: 3, from: 1, to: 20 });
    expect(pageOfTab(groups, 'active', '', 2).tasks).toHaveLength(5);
    expect(pageOfTab(groups, 'active', '', 9)).toMatchObject({ page: 2, from: 41, to: 45 });
    expect(pageOfTab(groups, 'active', 'm44', 0).tasks.map((t) => t.id)).toEqual(['m44']);
    expect(pageOfTab(groups, 'done', '', 0)).toMatchObject({ matched: 0, from: 0, to: 0, pageCount: 1 });
  });
});
