/**
 * Every task change of the task screens reaches the organisation's open browsers (issue 17 §2, §5):
 * creation, each operation, a file added or deleted and the archive job push the task with its new
 * revision on the push stream.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_STREAM_PATH, type TaskFileAdded, type TaskWithRevision } from '@fieldwatch/shared';
import { organizations } from '../src/db/schema';
import { pushSettings } from '../src/modules/push/plugin';
import { archiveDoneTasks } from '../src/modules/tasks/archive';
import { addUser, DRIVERS, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };
interface Pushed {
  id: string;
  revision: number;
  status: string;
  activities: Array<{ type: string }>;
}

/** The `task` events of a push stream, as they arrive. */
function taskStream(port: number, cookie: string): Promise<{ tasks: Pushed[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: PUSH_STREAM_PATH, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      const out = { tasks: [] as Pushed[], close: () => req.destroy() };
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const lines = buf.slice(0, i).split('\n');
          buf = buf.slice(i + 2);
          const data = lines.find((l) => l.startsWith('data: '));
          if (lines.includes('event: task') && data) out.tasks.push(JSON.parse(data.slice(6)) as Pushed);
        }
      });
      resolve(out);
    });
    req.on('error', reject);
  });
}

async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`not pushed within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(DRIVERS)('task pushes on %s', (driver) => {
  let s: TestServer;
  let port: number;
  let cookie: string;
  let other: string;

  beforeAll(async () => {
    pushSettings.heartbeatMs = 200;
    s = await startServer(driver, { demo: false });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as AddressInfo).port;
    const [o] = await s.db.db.insert(organizations).values({ name: 'Push Org' }).returning({ id: organizations.id });
    await addUser(s, { username: 'pat', userType: 1, orgs: [o!.id] });
    await addUser(s, { username: 'quinn', userType: 1, orgs: [o!.id] });
    [cookie, other] = [await login(s.app, 'pat'), await login(s.app, 'quinn')];
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pushes each change to another browser of the organisation within 2 s', async () => {
    const sse = await taskStream(port, other);
    try {
      const pushedAt = (id: string, revision: number) => () => sse.tasks.some((t) => t.id === id && t.revision === revision);
      const res = await s.app.inject({ method: 'POST', url: '/api/v3/events/tasks', headers: { cookie }, payload: { title: 'Live' } });
      let t = (res.json() as Data<TaskWithRevision>).data;
      await until(pushedAt(t.id, 1), 'created', 2000);
      for (const op of [
        { op: 'priority', priority: 'alert' },
        { op: 'due', due: '2027-03-01' },
        { op: 'status', status: 'done' },
      ]) {
        const r = await s.app.inject({ method: 'PATCH', url: `/api/v3/events/tasks/${t.id}`, headers: { cookie }, payload: { ...op, revision: t.revision } });
        t = (r.json() as Data<TaskWithRevision>).data;
        await until(pushedAt(t.id, t.revision), op.op, 2000);
      }
      const up = await s.app.inject({
        method: 'POST',
        url: `/api/v3/tasks/${t.id}/files?name=n.txt`,
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'note',
      });
      const added = (up.json() as Data<TaskFileAdded>).data;
      await until(pushedAt(t.id, added.task.revision), 'file added', 2000);
      const del = await s.app.inject({ method: 'DELETE', url: added.file.url, headers: { cookie } });
      expect(del.statusCode).toBe(200);
      await until(pushedAt(t.id, added.task.revision + 1), 'file deleted', 2000);
      expect(sse.tasks.find((x) => x.revision === added.task.revision + 1)!.activities.at(-1)!.type).toBe('file');

      await archiveDoneTasks(s.db.db, 1, new Date(Date.now() + 2 * 86_400_000));
      await until(() => sse.tasks.some((x) => x.id === t.id && x.status === 'archived'), 'archived by the job', 2000);
    } finally {
      sse.close();
    }
  });
});
