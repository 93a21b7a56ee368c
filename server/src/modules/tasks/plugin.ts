/**
 * /api/v3/tasks: the task screens' search (and CSV), one task in detail, who can be assigned and
 * task files; the archive job. Task writes are /api/v3/events/tasks (events/plugin.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS, TASK_CSV_HEADER, TASK_FILE_DEFAULT_MAX_BYTES, toCsv, type Received, type TaskSearchQuery } from '@fieldwatch/shared';
import { DEFAULT_TASK_ARCHIVE_DAYS } from '../../config';
import type { ServerContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { usernameOf } from '../events/service';
import { startArchiver, type ArchiverHandle } from './archive';
import { assignableUsers, taskDetail } from './detail';
import { startPeriodic, type PeriodicHandle } from '../../jobs/periodic';
import { addFile, contentDisposition, deleteFile, listFiles, readTaskFile, sweepOrphanFiles, SWEEP_EVERY_MS, tooLarge, type FileStore } from './files';
import { taskRowOf } from './items';
import { searchTasks, searchTasksCsv } from './search';

export default async function tasksPlugin(app: FastifyInstance, { db, config }: ServerContext): Promise<void> {
  const store: FileStore = {
    ...(config.taskFilesDir ? { dir: config.taskFilesDir } : {}),
    maxBytes: config.taskFileMaxBytes ?? TASK_FILE_DEFAULT_MAX_BYTES,
  };

  // The archive job: on unless TASK_ARCHIVE_AFTER_DAYS=0; off under jest unless set (tests drive it).
  const days = config.taskArchiveAfterDays ?? (process.env.NODE_ENV === 'test' ? 0 : DEFAULT_TASK_ARCHIVE_DAYS);
  let archiver: ArchiverHandle | undefined;
  if (days > 0)
    app.addHook('onReady', async () => {
      archiver = startArchiver(db, days, { log: (err) => app.log.error({ err }, 'task archive job failed') });
    });
  // With TASK_FILES_DIR: the files whose task was deleted go too (an hourly sweep, not under jest).
  let sweeper: PeriodicHandle | undefined;
  const dir = store.dir;
  if (dir && process.env.NODE_ENV !== 'test')
    app.addHook('onReady', async () => {
      sweeper = startPeriodic((now) => sweepOrphanFiles(db, dir, now), {
        everyMs: SWEEP_EVERY_MS,
        log: (err) => app.log.error({ err }, 'task file sweep failed'),
      });
    });
  app.addHook('onClose', async () => {
    await archiver?.stop();
    await sweeper?.stop();
  });

  const csv = async (request: FastifyRequest, query: Received<typeof TaskSearchQuery>) => {
    const a = auth(request);
    const orgs = await scopedOrgIds(db, a, true);
    const { rows, matched, truncated } = await searchTasksCsv(db, orgs, await usernameOf(db, a.userId), query);
    return { text: toCsv(TASK_CSV_HEADER, rows), matched, truncated };
  };
  const sendCsv = (reply: FastifyReply, out: { text: string; matched: number; truncated: boolean }) => {
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="tasks.csv"')
      .header('x-matched', String(out.matched))
      .header('x-truncated', String(out.truncated));
    return out.text;
  };

  route(app, ENDPOINTS.taskSearch, async (request, reply) => {
    if (request.query.format === 'csv') return sendCsv(reply, await csv(request, request.query));
    const a = auth(request);
    const orgs = await scopedOrgIds(db, a, true);
    return { data: await searchTasks(db, orgs, await usernameOf(db, a.userId), request.query) };
  });

  route(app, ENDPOINTS.taskSearchCsv, async (request, reply) => sendCsv(reply, await csv(request, request.query)));

  route(app, ENDPOINTS.taskOrgUsers, async (request) => {
    const a = auth(request);
    const mine = await userOrgIds(db, a.userId);
    const org = request.query.organizationId ?? (await scopedOrgIds(db, a, true))[0] ?? mine[0];
    if (org === undefined || !mine.includes(org)) throw notFound();
    return { data: await assignableUsers(db, org) };
  });

  route(app, ENDPOINTS.taskDetail, async (request) => {
    const orgs = await userOrgIds(db, auth(request).userId);
    return { data: await taskDetail(db, orgs, request.params.id) };
  });

  route(app, ENDPOINTS.taskUsers, async (request) => {
    const orgs = await userOrgIds(db, auth(request).userId);
    const task = await taskRowOf(db, orgs, request.params.id);
    return { data: await assignableUsers(db, task.organizationId) };
  });

  route(app, ENDPOINTS.taskFiles, async (request) => {
    const orgs = await userOrgIds(db, auth(request).userId);
    const task = await taskRowOf(db, orgs, request.params.id);
    return { data: await listFiles(db, task.organizationId, request.params.id) };
  });

  route(app, ENDPOINTS.taskFile, async (request, reply) => {
    const orgs = await userOrgIds(db, auth(request).userId);
    const { file, body } = await readTaskFile(db, store, orgs, request.params.id, request.params.fileId);
    void reply
      .header('content-type', file.contentType.startsWith('text/') ? `${file.contentType}; charset=utf-8` : file.contentType)
      .header('content-disposition', contentDisposition(file))
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600');
    return body;
  });

  route(app, ENDPOINTS.deleteTaskFile, async (request) => {
    const a = auth(request);
    requireWriter(a);
    const orgs = await userOrgIds(db, a.userId);
    return { data: await deleteFile(db, store, orgs, a.userId, request.params.id, request.params.fileId) };
  });

  // The upload's body is the file itself, whatever its type: read here with our own limit (413
  // at TASK_FILE_MAX_BYTES, never kept whole in memory beyond it), in a scope of its own so the
  // app's JSON and text parsers stay as they are for every other route.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: store.maxBytes + 1 }, (_request, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let finished = false;
      const finish = (err: Error | null, body?: Buffer) => {
        if (finished) return;
        finished = true;
        done(err, body);
      };
      payload.on('data', (chunk: Buffer) => {
        if (finished) return;
        size += chunk.length;
        if (size > store.maxBytes) finish(tooLarge(store.maxBytes));
        else chunks.push(chunk);
      });
      payload.on('end', () => finish(null, Buffer.concat(chunks)));
      payload.on('error', (err) => finish(err));
    });
    route(scope, ENDPOINTS.uploadTaskFile, { bodyLimit: store.maxBytes + 1 }, async (request, reply) => {
      const a = auth(request);
      requireWriter(a);
      const body = request.body as unknown;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Missing parameters: send the file itself as the request body');
      const orgs = await userOrgIds(db, a.userId);
      const added = await addFile(db, store, orgs, a.userId, request.params.id, {
        name: request.query.name,
        declaredType: String(request.headers['content-type'] ?? ''),
        body,
      });
      return reply.code(201).send({ data: added });
    });
  });
}
