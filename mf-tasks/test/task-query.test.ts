import {
  clearTaskFilters,
  DEFAULT_TASK_QUERY,
  parseTaskQuery,
  setTaskFilter,
  setTaskView,
  sortTasksBy,
  toggleTaskStatus,
  toServerQuery,
  writeTaskQuery,
} from '../src/features/tasks/task-query';

const parse = (s: string) => parseTaskQuery(new URLSearchParams(s));

describe('task list query ↔ URL', () => {
  test('defaults: my tasks, last change first, first page', () => {
    expect(parse('')).toEqual(DEFAULT_TASK_QUERY);
    expect(writeTaskQuery(DEFAULT_TASK_QUERY).toString()).toBe('');
  });

  test('every filter survives a round trip through the URL', () => {
    const url = 'view=all&q=pump&status=working,done&assignee=demo.user&category=alert&priority=critical&unit=10004&from=2026-11-01&to=2026-11-26&sort=due&dir=asc&page=3';
    const q = parse(url);
    expect(q).toEqual({
      view: 'all',
      q: 'pump',
      statuses: ['working', 'done'],
      assignee: 'demo.user',
      category: 'alert',
      priority: 'critical',
      unit: 10004,
      from: '2026-11-01',
      to: '2026-11-26',
      sort: 'due',
      dir: 'asc',
      page: 2,
    });
    expect(parse(writeTaskQuery(q).toString())).toEqual(q);
  });

  test('malformed values fall back to the defaults', () => {
    expect(parse('view=nope&status=bogus&priority=high&unit=-3&from=2026-13-45&sort=x&page=-1')).toEqual(DEFAULT_TASK_QUERY);
  });

  test('writing keeps the open task (?task=) and the add form', () => {
    const p = writeTaskQuery({ ...DEFAULT_TASK_QUERY, view: 'archive' }, new URLSearchParams('task=t1&add=1&q=old'));
    expect(p.get('task')).toBe('t1');
    expect(p.get('add')).toBe('1');
    expect(p.get('q')).toBeNull();
    expect(p.get('view')).toBe('archive');
  });

  test('a filter, a status, a view or a sort goes back to the first page', () => {
    const q = { ...DEFAULT_TASK_QUERY, page: 4 };
    expect(setTaskFilter(q, 'priority', 'alert')).toMatchObject({ priority: 'alert', page: 0 });
    expect(setTaskFilter({ ...q, priority: 'alert' }, 'priority', '')).not.toHaveProperty('priority');
    expect(toggleTaskStatus(q, 'done')).toMatchObject({ statuses: ['done'], page: 0 });
    expect(toggleTaskStatus({ ...q, statuses: ['done'] }, 'done').statuses).toEqual([]);
    expect(setTaskView({ ...q, statuses: ['done'] }, 'archive')).toMatchObject({ view: 'archive', statuses: [], page: 0 });
    expect(sortTasksBy(q, 'updated')).toMatchObject({ sort: 'updated', dir: 'asc', page: 0 });
    expect(sortTasksBy(q, 'priority')).toMatchObject({ sort: 'priority', dir: 'asc' });
    expect(clearTaskFilters({ ...q, view: 'all', q: 'x', unit: 3 })).toEqual({ ...DEFAULT_TASK_QUERY, view: 'all' });
  });

  test("the server query: 1-based page, and my tasks without a status filter are the ones still to do", () => {
    expect(toServerQuery(DEFAULT_TASK_QUERY)).toEqual({
      view: 'mine',
      sort: 'updated',
      dir: 'desc',
      page: 1,
      pageSize: 25,
      status: 'resting,working,reported',
    });
    expect(toServerQuery({ ...DEFAULT_TASK_QUERY, view: 'all', q: ' pump ', unit: 7, page: 1 })).toEqual({
      view: 'all',
      sort: 'updated',
      dir: 'desc',
      page: 2,
      pageSize: 25,
      q: 'pump',
      unit: 7,
    });
  });
});
