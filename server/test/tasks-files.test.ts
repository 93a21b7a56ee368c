/**
 * Task files (issue 17 §2): upload, list, download (inline for images), delete, each with its
 * `file` activity and a new revision; the size limit (413) and the type check by content (415);
 * Reader 403; another organisation 404. Stored in the database, or in TASK_FILES_DIR.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TaskDetail, TaskFile, TaskFileAdded, TaskListItem, TaskWithRevision } from '@fieldwatch/shared';
import { taskFiles, tasks } from '../src/db/schema';
import { sweepOrphanFiles } from '../src/modules/tasks/files';
import { DRIVERS, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const MAX = 4096;

describe.each(DRIVERS)('task files on %s', (driver) => {
  for (const where of ['database', 'folder'] as const) {
    describe(`kept in the ${where}`, () => {
      let s: TestServer;
      let userCookie: string;
      let superCookie: string;
      let readerCookie: string;
      let baltic: number;
      let dir: string | undefined;
      let task: TaskWithRevision;

      beforeAll(async () => {
        dir = where === 'folder' ? mkdtempSync(path.join(tmpdir(), 'fw-task-files-')) : undefined;
        ({ s, userCookie, superCookie, readerCookie, baltic } = await startDemo(driver, {
          taskFileMaxBytes: MAX,
          ...(dir ? { taskFilesDir: dir } : {}),
        }));
      });
      afterAll(async () => {
        await s?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });
      beforeEach(async () => {
        const res = await s.app.inject({ method: 'POST', url: '/api/v3/events/tasks', headers: { cookie: userCookie }, payload: { title: 'Photo of the hatch' } });
        task = (res.json() as Data<TaskWithRevision>).data;
      });

      const upload = (name: string, body: Buffer | string, type: string, cookie = userCookie, id = task.id) =>
        s.app.inject({
          method: 'POST',
          url: `/api/v3/tasks/${id}/files?name=${encodeURIComponent(name)}`,
          headers: { cookie, 'content-type': type },
          payload: body,
        });

      it('uploads, lists, downloads and deletes, each file change an activity and a revision', async () => {
        const res = await upload('hatch.png', PNG, 'image/png');
        expect(res.statusCode).toBe(201);
        const added = (res.json() as Data<TaskFileAdded>).data;
        expect(added.file).toMatchObject({ name: 'hatch.png', contentType: 'image/png', size: PNG.length, createdBy: 'demo.user', taskId: task.id });
        expect(added.task.revision).toBe(task.revision + 1);
        expect(added.task.activities.at(-1)).toMatchObject({ type: 'file', user: 'demo.user', file: { id: added.file.id, name: 'hatch.png', action: 'added' } });

        const pdf = (await upload('report.pdf', PDF, 'application/octet-stream')).json() as Data<TaskFileAdded>;
        expect(pdf.data.file.contentType).toBe('application/pdf');
        const csv = (await upload('values.csv', 'a,b\n1,2\n', 'text/csv')).json() as Data<TaskFileAdded>;
        expect(csv.data.file.contentType).toBe('text/csv');
        const txt = (await upload('notes.txt', 'Hello — åäö', 'text/plain')).json() as Data<TaskFileAdded>;
        expect(txt.data.file.contentType).toBe('text/plain');

        const list = (await s.app.inject({ method: 'GET', url: `/api/v3/tasks/${task.id}/files`, headers: { cookie: superCookie } })).json() as Data<TaskFile[]>;
        expect(list.data.map((f) => f.name)).toEqual(['hatch.png', 'report.pdf', 'values.csv', 'notes.txt']);
        const detail = (await s.app.inject({ method: 'GET', url: `/api/v3/tasks/${task.id}`, headers: { cookie: superCookie } })).json() as Data<TaskDetail>;
        expect(detail.data.files).toHaveLength(4);
        expect(detail.data.revision).toBe(task.revision + 4);

        const img = await s.app.inject({ method: 'GET', url: added.file.url, headers: { cookie: superCookie } });
        expect(img.statusCode).toBe(200);
        expect(img.headers['content-type']).toBe('image/png');
        expect(img.headers['content-disposition']).toMatch(/^inline; filename="hatch.png"/);
        expect(img.rawPayload.equals(PNG)).toBe(true);
        const doc = await s.app.inject({ method: 'GET', url: pdf.data.file.url, headers: { cookie: userCookie } });
        expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
        expect(doc.rawPayload.equals(PDF)).toBe(true);
        const text = await s.app.inject({ method: 'GET', url: txt.data.file.url, headers: { cookie: userCookie } });
        expect(text.body).toBe('Hello — åäö');
        if (dir) expect(readdirSync(dir)).toEqual(expect.arrayContaining([added.file.id]));

        const del = await s.app.inject({ method: 'DELETE', url: added.file.url, headers: { cookie: userCookie } });
        expect(del.statusCode).toBe(200);
        const after = (del.json() as Data<TaskListItem>).data;
        expect(after.revision).toBe(task.revision + 5);
        expect(after.activities.at(-1)).toMatchObject({ type: 'file', file: { id: added.file.id, name: 'hatch.png', action: 'deleted' } });
        expect((await s.app.inject({ method: 'GET', url: added.file.url, headers: { cookie: userCookie } })).statusCode).toBe(404);
        expect((await s.app.inject({ method: 'DELETE', url: added.file.url, headers: { cookie: userCookie } })).statusCode).toBe(404);
        if (dir) expect(readdirSync(dir)).not.toContain(added.file.id);
      });

      it('the sweeper removes a folder file whose task was deleted, and keeps a live or fresh one', async () => {
        if (!dir) return;
        const kept = (await upload('kept.png', PNG, 'image/png')).json() as Data<TaskFileAdded>;
        const other = (await s.app.inject({ method: 'POST', url: '/api/v3/events/tasks', headers: { cookie: userCookie }, payload: { title: 'Deleted later' } })).json() as Data<TaskWithRevision>;
        const orphan = (await upload('gone.png', PNG, 'image/png', userCookie, other.data.id)).json() as Data<TaskFileAdded>;
        // Deleted by whatever route (the old data API deletes task rows; their file rows go by cascade).
        await s.db.db.delete(tasks).where(eq(tasks.id, other.data.id));
        expect(await s.db.db.select().from(taskFiles).where(eq(taskFiles.id, orphan.data.file.id))).toEqual([]);
        // Just written: too fresh to be taken (it could be an upload whose row is not in yet).
        expect(await sweepOrphanFiles(s.db.db, dir, new Date())).toEqual([]);
        const later = new Date(Date.now() + 2 * 60 * 60_000);
        expect(await sweepOrphanFiles(s.db.db, dir, later)).toEqual([orphan.data.file.id]);
        expect(readdirSync(dir)).toContain(kept.data.file.id);
        expect(readdirSync(dir)).not.toContain(orphan.data.file.id);
      });

      it('refuses a file over the limit (413) and a type not allowed (415), nothing stored', async () => {
        const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(MAX)]), 'image/png');
        expect(big.statusCode).toBe(413);
        expect(big.json()).toMatchObject({ message: expect.stringMatching(/larger than 4 KB/) });
        for (const [name, body, type] of [
          ['tool.exe', Buffer.from('MZ\x90\x00binary'), 'application/octet-stream'],
          ['fake.png', Buffer.from('not really a png'), 'image/png'],
          ['page.html', '<script>alert(1)</script>', 'text/html'],
          ['binary.txt', Buffer.from([0x41, 0x00, 0x42]), 'text/plain'],
        ] as const) {
          const res = await upload(name, body, type);
          expect(res.statusCode).toBe(415);
          expect(res.json()).toMatchObject({ message: expect.stringMatching(/PNG, JPEG, WebP or GIF images, PDF documents, plain text or CSV/) });
        }
        const empty = await upload('empty.txt', '', 'text/plain');
        expect(empty.statusCode).toBe(400);
        expect(await s.db.db.select().from(taskFiles).where(eq(taskFiles.taskId, task.id))).toHaveLength(0);
        const [row] = await s.db.db.select({ revision: tasks.revision }).from(tasks).where(eq(tasks.id, task.id));
        expect(row!.revision).toBe(task.revision);
      });

      it('Reader cannot upload or delete (403); another organisation’s task or file is 404', async () => {
        // A Baltic task: the reader can see it but not write; demo.user (Nordic only) cannot see it.
        const b = await s.app.inject({ method: 'POST', url: '/api/v3/events/tasks', headers: { cookie: superCookie }, payload: { title: 'Baltic', organizationId: baltic } });
        const baltTask = (b.json() as Data<TaskWithRevision>).data;
        expect((await upload('x.png', PNG, 'image/png', readerCookie, baltTask.id)).statusCode).toBe(403);
        const up = (await upload('x.png', PNG, 'image/png', superCookie, baltTask.id)).json() as Data<TaskFileAdded>;
        const del = await s.app.inject({ method: 'DELETE', url: up.data.file.url, headers: { cookie: readerCookie } });
        expect(del.statusCode).toBe(403);
        expect((await s.app.inject({ method: 'GET', url: up.data.file.url, headers: { cookie: readerCookie } })).statusCode).toBe(200);

        expect((await upload('x.png', PNG, 'image/png', userCookie, baltTask.id)).statusCode).toBe(404);
        for (const method of ['GET', 'DELETE'] as const)
          expect((await s.app.inject({ method, url: up.data.file.url, headers: { cookie: userCookie } })).statusCode).toBe(404);
        expect((await s.app.inject({ method: 'GET', url: `/api/v3/tasks/${baltTask.id}/files`, headers: { cookie: userCookie } })).statusCode).toBe(404);
        // A file id under another task of the same organisation: 404.
        expect((await s.app.inject({ method: 'GET', url: `/api/v3/tasks/${task.id}/files/${up.data.file.id}`, headers: { cookie: superCookie } })).statusCode).toBe(404);
      });
    });
  }
});
