/**
 * The task list (issue 17 §2): views, filters, sort and paging on the server, at 10,000 tasks of
 * one organisation (seeded in one SQL statement), and the CSV export of the same query.
 * Expectations are computed in the test from the same rule that seeded the rows.
 */
import { sql } from 'drizzle-orm';
import {
  TASK_CSV_HEADER,
  TASK_PRIORITY_RANK,
  priorityOfCategory,
  type EventCategory,
  type TaskPriority,
  type TaskSearchPage,
  type TaskStatus,
  type TaskWithRevision,
} from '@fieldwatch/shared';
import { organizations } from '../src/db/schema';
import { addUser, DRIVERS, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

const N = 10_000;
const STATUSES: TaskStatus[] = ['resting', 'working', 'reported', 'done', 'archived'];
const CATEGORIES: EventCategory[] = ['notice', 'warning', 'pre-alert', 'alert', 'critical'];
const PRIORITIES: TaskPriority[] = ['critical', 'alert', 'warning', 'notice'];
const BASE = Date.parse('2026-01-01T00:00:00Z');
const UNIT = 987_654;

/** Task i of the seed (1 … N), as the SQL below builds it. */
function seeded(i: number) {
  const priority = i % 3 === 0 ? PRIORITIES[i % 4]! : undefined;
  const category = CATEGORIES[i % 5]!;
  return {
    i,
    id: `bulk-${String(i).padStart(5, '0')}`,
    title: `Bulk task ${i}`,
    status: STATUSES[Math.floor(i / 5) % 5]!,
    category,
    priority: priority ?? priorityOfCategory(category),
    assignees: i % 4 === 0 ? ['tess.search'] : i % 4 === 1 ? ['someone.else'] : [],
    unit: i % 10 === 0,
    note: i % 100 === 0,
    created: BASE + i * 60_000,
    updated: BASE + i * 60_000 + (i % 7) * 3_600_000,
    due: i % 2 === 0 ? new Date(BASE + (N - i) * 86_400_000).toISOString().slice(0, 10) : undefined,
  };
}
const ALL = Array.from({ length: N }, (_, k) => seeded(k + 1));

describe.each(DRIVERS)('task search on %s', (driver) => {
  let s: TestServer;
  let cookie: string;
  let org: number;

  beforeAll(async () => {
    // No demo data: only this organisation's tasks.
    s = await startServer(driver, { demo: false });
    const [o] = await s.db.db.insert(organizations).values({ name: 'Search Test Org' }).returning({ id: organizations.id });
    org = o!.id;
    await addUser(s, { username: 'tess.search', userType: 1, orgs: [org] });
    cookie = await login(s.app, 'tess.search');
    const t0 = Date.now();
    // One statement: the same rule as seeded().
    await s.db.db.execute(sql`
      insert into tasks (id, organization_id, created, doc)
      select 'bulk-' || lpad(i::text, 5, '0'), ${sql.raw(String(org))}, to_timestamp(${sql.raw(`${BASE / 1000}::bigint`)} + i * 60),
        jsonb_strip_nulls(jsonb_build_object(
          'id', 'bulk-' || lpad(i::text, 5, '0'),
          'created', to_char(to_timestamp(${sql.raw(`${BASE / 1000}::bigint`)} + i * 60) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'version', '2', 'kind', 'task', 'type', 'custom', 'signature', '1',
          'title', 'Bulk task ' || i,
          'category', (array['notice','warning','pre-alert','alert','critical'])[i % 5 + 1],
          'priority', case when i % 3 = 0 then (array['critical','alert','warning','notice'])[i % 4 + 1] end,
          'status', (array['resting','working','reported','done','archived'])[(i / 5) % 5 + 1],
          'eventIds', '[]'::jsonb,
          'assignees', case i % 4 when 0 then '["tess.search"]'::jsonb when 1 then '["someone.else"]'::jsonb else '[]'::jsonb end,
          'unitIds', case when i % 10 = 0 then jsonb_build_array(${sql.raw(String(UNIT))}) end,
          'due', case when i % 2 = 0 then to_char(to_timestamp(${sql.raw(`${BASE / 1000}::bigint`)} + (${sql.raw(String(N))} - i) * 86400) at time zone 'UTC', 'YYYY-MM-DD') end,
          'activities', jsonb_build_array(jsonb_build_object('date',
              to_char(to_timestamp(${sql.raw(`${BASE / 1000}::bigint`)} + i * 60) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'user', 'system', 'type', 'status', 'status', 'resting'))
            || case when i % 100 = 0 then jsonb_build_array(jsonb_build_object('date',
              to_char(to_timestamp(${sql.raw(`${BASE / 1000}::bigint`)} + i * 60 + (i % 7) * 3600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'user', 'tess.search', 'type', 'note', 'note', 'Check the PUMP seal'))
              else jsonb_build_array(jsonb_build_object('date',
              to_char(to_timestamp(${sql.raw(`${BASE / 1000}::bigint`)} + i * 60 + (i % 7) * 3600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'user', 'system', 'type', 'title', 'title', 'Bulk task ' || i)) end
        ))
      from generate_series(1, ${sql.raw(String(N))}) as i`);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
  afterAll(async () => {
    await s?.close();
  });

  const search = async (query: string) => {
    const t0 = Date.now();
    const res = await s.app.inject({ method: 'GET', url: `/api/v3/tasks?${query}`, headers: { cookie } });
    const ms = Date.now() - t0;
    expect(res.statusCode).toBe(200);
    // Fast at 10,000 tasks (generous for a loaded CI machine and PGlite under jest).
    expect(ms).toBeLessThan(2000);
    return (res.json() as Data<TaskSearchPage>).data;
  };
  const ids = (p: TaskSearchPage) => p.items.map((t) => t.id);
  const idsOf = (list: ReturnType<typeof seeded>[]) => list.map((t) => t.id);
  const newest = (list: ReturnType<typeof seeded>[]) => [...list].sort((a, b) => b.created - a.created);

  it('views: all is not archived, mine is mine and not archived, archive is archived', async () => {
    const all = ALL.filter((t) => t.status !== 'archived');
    const page = await search('view=all&pageSize=20');
    expect(page.total).toBe(all.length);
    expect(ids(page)).toEqual(idsOf(newest(all).slice(0, 20)));
    expect(page.items[0]).toMatchObject({ organizationId: org, revision: 1, updated: expect.any(String) });

    const mine = ALL.filter((t) => t.status !== 'archived' && t.assignees.includes('tess.search'));
    expect((await search('view=mine')).total).toBe(mine.length);
    const archive = ALL.filter((t) => t.status === 'archived');
    const arch = await search('view=archive&pageSize=5');
    expect(arch.total).toBe(archive.length);
    expect(arch.items.every((t) => t.status === 'archived')).toBe(true);
  });

  it('filters: status, assignee, category, priority, unit, created dates, text', async () => {
    const live = ALL.filter((t) => t.status !== 'archived');
    const cases: Array<[string, (t: ReturnType<typeof seeded>) => boolean]> = [
      ['status=working,done', (t) => t.status === 'working' || t.status === 'done'],
      ['assignee=someone.else', (t) => t.assignees.includes('someone.else')],
      ['category=pre-alert', (t) => t.category === 'pre-alert'],
      ['priority=critical,alert', (t) => t.priority === 'critical' || t.priority === 'alert'],
      [`unit=${UNIT}`, (t) => t.unit],
      ['from=2026-01-02&to=2026-01-03', (t) => t.created >= Date.parse('2026-01-02T00:00:00Z') && t.created < Date.parse('2026-01-04T00:00:00Z')],
      ['to=2026-01-01T10:00:00Z', (t) => t.created <= Date.parse('2026-01-01T10:00:00Z')],
      ['q=pump', (t) => t.note],
      // Every word, anywhere in the title or the notes.
      ['q=bulk%20TASK%20777', (t) => t.title.includes('777')],
      ['q=seal%20pump', (t) => t.note],
      ['status=resting&category=alert&priority=alert&assignee=tess.search', (t) =>
        t.status === 'resting' && t.category === 'alert' && t.priority === 'alert' && t.assignees.includes('tess.search')],
    ];
    for (const [query, match] of cases) {
      const expected = newest(live.filter(match));
      const page = await search(`${query}&pageSize=50`);
      expect([query, page.total]).toEqual([query, expected.length]);
      expect(ids(page)).toEqual(idsOf(expected.slice(0, 50)));
    }
    // Unreadable dates are 400, not 500.
    const bad = await s.app.inject({ method: 'GET', url: '/api/v3/tasks?from=2026-13-45', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('sorts by each key both ways, and pages without overlap', async () => {
    const live = ALL.filter((t) => t.status !== 'archived');
    const tie = (a: ReturnType<typeof seeded>, b: ReturnType<typeof seeded>) => b.created - a.created;
    const keys: Record<string, (a: ReturnType<typeof seeded>, b: ReturnType<typeof seeded>) => number> = {
      created: (a, b) => a.created - b.created,
      updated: (a, b) => a.updated - b.updated,
      priority: (a, b) => TASK_PRIORITY_RANK[a.priority] - TASK_PRIORITY_RANK[b.priority],
      status: (a, b) => STATUSES.indexOf(a.status) - STATUSES.indexOf(b.status),
      title: (a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : 0),
    };
    for (const [key, cmp] of Object.entries(keys))
      for (const dir of ['asc', 'desc'] as const) {
        const expected = [...live].sort((a, b) => (dir === 'asc' ? cmp(a, b) : -cmp(a, b)) || tie(a, b));
        const page = await search(`sort=${key}&dir=${dir}&pageSize=30&page=3`);
        expect([key, dir, ids(page)]).toEqual([key, dir, idsOf(expected.slice(60, 90))]);
      }
    // Due: without a due date last, both ways.
    const withDue = live.filter((t) => t.due);
    const dueAsc = await search('sort=due&dir=asc&pageSize=5');
    expect(dueAsc.items.map((t) => t.due)).toEqual([...withDue].sort((a, b) => a.due!.localeCompare(b.due!)).slice(0, 5).map((t) => t.due));
    const last = await search(`sort=due&dir=desc&pageSize=10&page=${Math.ceil(live.length / 10)}`);
    expect(last.items.at(-1)!.due).toBeUndefined();

    // Paging: consecutive pages follow each other, the last one is partial.
    const order = newest(live);
    for (let p = 1; p <= 4; p++) expect(ids(await search(`pageSize=25&page=${p}`))).toEqual(idsOf(order.slice((p - 1) * 25, p * 25)));
    const lastPage = Math.ceil(live.length / 25);
    expect(ids(await search(`pageSize=25&page=${lastPage}`))).toEqual(idsOf(order.slice((lastPage - 1) * 25)));
    const beyond = await search('page=1000&pageSize=50');
    expect(beyond).toMatchObject({ items: [], total: live.length, page: 1000, pageSize: 50 });
  });

  it('exports the same query as CSV', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v3/tasks.csv?view=mine&priority=critical&sort=created&dir=asc', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tasks.csv"/);
    const expected = ALL.filter((t) => t.status !== 'archived' && t.assignees.includes('tess.search') && t.priority === 'critical');
    expect(res.headers['x-matched']).toBe(String(expected.length));
    expect(res.headers['x-truncated']).toBe('false');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(TASK_CSV_HEADER.join(','));
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines[1]!.split(',').slice(0, 4)).toEqual([expected[0]!.id, expected[0]!.title, expected[0]!.status, 'critical']);
    const same = await s.app.inject({ method: 'GET', url: '/api/v3/tasks?format=csv&view=mine&priority=critical&sort=created&dir=asc', headers: { cookie } });
    expect(same.body).toBe(res.body);
  });

  it('keeps the searched columns in step with writes', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/v3/events/tasks',
      headers: { cookie },
      payload: { title: 'Zebra crossing paint', priority: 'critical', organizationId: org },
    });
    const t = (created.json() as Data<TaskWithRevision>).data;
    expect(ids(await search('q=zebra'))).toEqual([t.id]);
    const patched = await s.app.inject({
      method: 'PATCH',
      url: `/api/v3/events/tasks/${t.id}`,
      headers: { cookie },
      payload: { op: 'note', note: 'Needs a xylophone-shaped stencil', revision: t.revision },
    });
    expect(patched.statusCode).toBe(200);
    const page = await search('q=xylophone&sort=updated');
    expect(ids(page)).toEqual([t.id]);
    expect(page.items[0]!.updated >= t.created).toBe(true);
    const next = (patched.json() as Data<TaskWithRevision>).data;
    await s.app.inject({ method: 'PATCH', url: `/api/v3/events/tasks/${t.id}`, headers: { cookie }, payload: { op: 'status', status: 'archived', revision: next.revision } });
    expect(ids(await search('q=zebra'))).toEqual([]);
    expect(ids(await search('q=zebra&view=archive'))).toEqual([t.id]);
  });
});
