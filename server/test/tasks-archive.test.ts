/**
 * The archive job (issue 17 §2): done tasks whose move to done is older than
 * TASK_ARCHIVE_AFTER_DAYS become archived by "system"; others stay. Driven with its own clock.
 */
import { eq } from 'drizzle-orm';
import type { TaskWithRevision } from '@fieldwatch/shared';
import { organizations, tasks } from '../src/db/schema';
import { archiveDoneTasks, startArchiver } from '../src/modules/tasks/archive';
import { addUser, DRIVERS, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };
const DAY = 86_400_000;

describe.each(DRIVERS)('the task archive job on %s', (driver) => {
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    s = await startServer(driver, { demo: false });
    const [o] = await s.db.db.insert(organizations).values({ name: 'Archive Org' }).returning({ id: organizations.id });
    await addUser(s, { username: 'archie', userType: 1, orgs: [o!.id] });
    cookie = await login(s.app, 'archie');
  });
  afterAll(async () => {
    await s?.close();
  });

  const create = async (title: string) =>
    ((await s.app.inject({ method: 'POST', url: '/api/v3/events/tasks', headers: { cookie }, payload: { title } })).json() as Data<TaskWithRevision>).data;
  const op = async (t: TaskWithRevision, body: Record<string, unknown>) => {
    const res = await s.app.inject({ method: 'PATCH', url: `/api/v3/events/tasks/${t.id}`, headers: { cookie }, payload: { revision: t.revision, ...body } });
    expect(res.statusCode).toBe(200);
    return (res.json() as Data<TaskWithRevision>).data;
  };
  const stored = async (id: string) => (await s.db.db.select({ doc: tasks.doc, revision: tasks.revision }).from(tasks).where(eq(tasks.id, id)))[0]!;

  it('archives done tasks older than the age, by system, and nothing else', async () => {
    const done = await op(await create('Done long ago'), { op: 'status', status: 'done' });
    const noted = await op(await op(await create('Done, then a note'), { op: 'status', status: 'done' }), { op: 'note', note: 'Checked again' });
    const working = await op(await create('Still working'), { op: 'status', status: 'working' });
    const now = Date.now();

    expect(await archiveDoneTasks(s.db.db, 30, new Date(now + 29 * DAY))).toEqual([]);
    expect(await archiveDoneTasks(s.db.db, 0, new Date(now + 365 * DAY))).toEqual([]);

    const at = new Date(now + 31 * DAY);
    const archived = await archiveDoneTasks(s.db.db, 30, at);
    expect(archived.map((a) => a.id).sort()).toEqual([done.id, noted.id].sort());
    for (const t of [done, noted]) {
      const row = await stored(t.id);
      expect(row.revision).toBe(t.revision + 1);
      expect(row.doc.status).toBe('archived');
      expect(row.doc.activities.at(-1)).toEqual({ date: at.toISOString(), user: 'system', type: 'status', status: 'archived' });
    }
    expect((await stored(working.id)).doc.status).toBe('working');
    // Once archived, a next round leaves them.
    expect(await archiveDoneTasks(s.db.db, 30, new Date(now + 40 * DAY))).toEqual([]);

    // Restored by hand: back to done (its status before the archive), and archived again only after another period.
    const restored = await op({ ...(await stored(done.id)).doc, revision: (await stored(done.id)).revision }, { op: 'restore' });
    expect(restored.status).toBe('done');
    expect(await archiveDoneTasks(s.db.db, 30, new Date(Date.now() + 20 * DAY))).toEqual([]);
    expect((await archiveDoneTasks(s.db.db, 30, new Date(Date.now() + 31 * DAY))).map((a) => a.id)).toEqual([done.id]);
  });

  it('a task moved to done again recently is not archived for its first move', async () => {
    let t = await op(await create('Reopened'), { op: 'status', status: 'done' });
    // Its first move to done, 60 days ago.
    const old = new Date(Date.now() - 60 * DAY).toISOString();
    await s.db.db
      .update(tasks)
      .set({ doc: { ...t, activities: t.activities.map((a, i) => (i === t.activities.length - 1 ? { ...a, date: old } : a)) } })
      .where(eq(tasks.id, t.id));
    t = { ...(await stored(t.id)).doc, revision: (await stored(t.id)).revision };
    t = await op(t, { op: 'status', status: 'working' });
    t = await op(t, { op: 'status', status: 'done' });
    expect(await archiveDoneTasks(s.db.db, 30, new Date())).toEqual([]);
    expect((await stored(t.id)).doc.status).toBe('done');
  });

  it('runs at start and on its interval until stopped', async () => {
    const t = await op(await create('For the timer'), { op: 'status', status: 'done' });
    const errors: unknown[] = [];
    const handle = startArchiver(s.db.db, 1, { now: () => new Date(Date.now() + 2 * DAY), everyMs: 50, log: (e) => errors.push(e) });
    for (let i = 0; i < 100 && (await stored(t.id)).doc.status !== 'archived'; i++) await new Promise((r) => setTimeout(r, 20));
    await handle.stop();
    expect((await stored(t.id)).doc.status).toBe('archived');
    expect(errors).toEqual([]);
  });
});
