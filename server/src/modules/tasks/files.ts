/**
 * Files of tasks: stored in the database (task_files.data) or, with TASK_FILES_DIR, as files of
 * that folder named by their id. The type is decided by the content, not by what the client says:
 * images (png, jpeg, webp, gif) and pdf by their magic bytes, plain text and CSV as UTF-8 text
 * without NUL bytes. Adding or deleting a file appends a `file` activity to the task (a new
 * revision, never a conflict: files do not depend on what the client read) and pushes the task.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ENDPOINTS,
  formatApiDate,
  pathFor,
  recordFile,
  TASK_FILE_DEFAULT_MAX_BYTES,
  type FwTask,
  type TaskFile,
  type TaskFileActivity,
  type TaskFileAdded,
  type TaskFileType,
  type TaskListItem,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { taskFiles, tasks } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { publishNew } from '../push/hub';
import { conflict, usernameOf } from '../events/service';
import { taskRowOf, toListItems, type TaskRow } from './items';

export interface FileStore {
  /** TASK_FILES_DIR, or undefined: in the database. */
  dir?: string;
  maxBytes: number;
}

export const TYPE_NAMES = 'PNG, JPEG, WebP or GIF images, PDF documents, plain text or CSV files';
export const unsupportedType = () =>
  new HttpError(415, `This type of file cannot be attached to a task; attach ${TYPE_NAMES}`, 'unsupported_media_type');

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
export const tooLarge = (maxBytes = TASK_FILE_DEFAULT_MAX_BYTES) =>
  new HttpError(413, `The file is larger than ${megabytes(maxBytes)}, the most a task file may be; attach a smaller file`, 'too_large');

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type of a file by its content; the declared type or name only tells text from CSV. */
export function sniffType(buf: Buffer, declared: string, name: string): TaskFileType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(buf, ascii('%PDF-'))) return 'application/pdf';
  const type = declared.split(';')[0]!.trim().toLowerCase();
  const ext = path.extname(name).toLowerCase();
  const textual = type === 'text/plain' || type === 'text/csv' || ext === '.txt' || ext === '.csv' || ext === '.log';
  if (!textual || buf.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return null;
  }
  return type === 'text/csv' || ext === '.csv' ? 'text/csv' : 'text/plain';
}

/** A file name to keep and show: no folders, no control characters, at most 255 characters. */
export function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(0, 255);
}

const fileUrl = (taskId: string, fileId: string) => pathFor(ENDPOINTS.taskFile, { id: taskId, fileId });

type FileRow = Omit<typeof taskFiles.$inferSelect, 'data'>;
const fileColumns = {
  id: taskFiles.id,
  taskId: taskFiles.taskId,
  organizationId: taskFiles.organizationId,
  name: taskFiles.name,
  contentType: taskFiles.contentType,
  size: taskFiles.size,
  created: taskFiles.created,
  createdBy: taskFiles.createdBy,
  path: taskFiles.path,
};

function toFile(r: FileRow): TaskFile {
  return {
    id: r.id,
    taskId: r.taskId,
    name: r.name,
    contentType: r.contentType as TaskFileType,
    size: r.size,
    created: formatApiDate(r.created),
    createdBy: r.createdBy,
    url: fileUrl(r.taskId, r.id),
  };
}

export async function listFiles(db: Db, orgId: number, taskId: string): Promise<TaskFile[]> {
  const rows = await db
    .select(fileColumns)
    .from(taskFiles)
    .where(and(eq(taskFiles.taskId, taskId), eq(taskFiles.organizationId, orgId)))
    .orderBy(asc(taskFiles.created), asc(taskFiles.id));
  return rows.map(toFile);
}

/**
 * Appends the file activity to the task and bumps its revision. Retries on a concurrent write
 * (compare-and-set on the revision): a file never conflicts with what another user did.
 */
async function appendFileActivity(db: Db, taskId: string, file: TaskFileActivity, user: string, now: Date): Promise<TaskRow> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [row] = await db
      .select({ doc: tasks.doc, revision: tasks.revision, organizationId: tasks.organizationId })
      .from(tasks)
      .where(eq(tasks.id, taskId))
      .limit(1);
    if (!row) throw notFound();
    const next: FwTask = recordFile(row.doc, file, user, now.toISOString());
    const [saved] = await db
      .update(tasks)
      .set({ doc: next, revision: sql`${tasks.revision} + 1` })
      .where(and(eq(tasks.id, taskId), eq(tasks.revision, row.revision)))
      .returning({ revision: tasks.revision, updated: tasks.updated });
    if (saved) return { doc: next, revision: saved.revision, organizationId: row.organizationId, updated: saved.updated };
  }
  throw conflict();
}

export async function addFile(
  db: Db,
  store: FileStore,
  orgIds: readonly number[],
  userId: number,
  taskId: string,
  input: { name: string; declaredType: string; body: Buffer },
  now = new Date(),
): Promise<TaskFileAdded> {
  const task = await taskRowOf(db, orgIds, taskId);
  if (input.body.length > store.maxBytes) throw tooLarge(store.maxBytes);
  const name = cleanName(input.name);
  const contentType = sniffType(input.body, input.declaredType, name);
  if (!contentType) throw unsupportedType();
  const user = await usernameOf(db, userId);
  const id = randomUUID();
  let written: string | undefined;
  if (store.dir) {
    await mkdir(store.dir, { recursive: true });
    written = path.join(store.dir, id);
    await writeFile(written, input.body, { flag: 'wx' });
  }
  try {
    const saved = await db.transaction(async (tx) => {
      await tx.insert(taskFiles).values({
        id,
        taskId,
        organizationId: task.organizationId,
        name,
        contentType,
        size: input.body.length,
        created: now,
        createdBy: user,
        data: store.dir ? null : input.body,
        path: store.dir ? id : null,
      });
      return appendFileActivity(tx, taskId, { id, name, action: 'added' }, user, now);
    });
    await publishNew(db, { tasks: [{ organizationId: task.organizationId, id: taskId }] });
    const [item] = await toListItems(db, [saved]);
    return {
      file: toFile({ id, taskId, organizationId: task.organizationId, name, contentType, size: input.body.length, created: now, createdBy: user, path: null }),
      task: item!,
    };
  } catch (err) {
    if (written) await rm(written, { force: true });
    throw err;
  }
}

async function fileRowOf(db: Db, orgIds: readonly number[], taskId: string, fileId: string): Promise<FileRow> {
  if (orgIds.length === 0) throw notFound();
  const [row] = await db
    .select(fileColumns)
    .from(taskFiles)
    .where(and(eq(taskFiles.id, fileId), eq(taskFiles.taskId, taskId), inArray(taskFiles.organizationId, [...orgIds])))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function readTaskFile(
  db: Db,
  store: FileStore,
  orgIds: readonly number[],
  taskId: string,
  fileId: string,
): Promise<{ file: TaskFile; body: Buffer }> {
  const row = await fileRowOf(db, orgIds, taskId, fileId);
  let body: Buffer | null = null;
  if (row.path) {
    if (!store.dir) throw notFound('The file is kept in a folder this server is not configured with (TASK_FILES_DIR)');
    try {
      body = await readFile(path.join(store.dir, path.basename(row.path)));
    } catch {
      throw notFound('The file is missing from the task files folder');
    }
  } else {
    const [d] = await db.select({ data: taskFiles.data }).from(taskFiles).where(eq(taskFiles.id, fileId)).limit(1);
    body = d?.data ?? null;
  }
  if (!body) throw notFound();
  return { file: toFile(row), body };
}

export async function deleteFile(
  db: Db,
  store: FileStore,
  orgIds: readonly number[],
  userId: number,
  taskId: string,
  fileId: string,
  now = new Date(),
): Promise<TaskListItem> {
  const row = await fileRowOf(db, orgIds, taskId, fileId);
  const user = await usernameOf(db, userId);
  const saved = await db.transaction(async (tx) => {
    const gone = await tx.delete(taskFiles).where(eq(taskFiles.id, fileId)).returning({ id: taskFiles.id });
    if (gone.length === 0) throw notFound();
    return appendFileActivity(tx, taskId, { id: fileId, name: row.name, action: 'deleted' }, user, now);
  });
  if (row.path && store.dir) await rm(path.join(store.dir, path.basename(row.path)), { force: true });
  await publishNew(db, { tasks: [{ organizationId: row.organizationId, id: taskId }] });
  const [item] = await toListItems(db, [saved]);
  return item!;
}

/** How often the sweeper looks, and how old a file without a row must be before it goes. */
export const SWEEP_EVERY_MS = 60 * 60_000;
export const SWEEP_MIN_AGE_MS = 60 * 60_000;
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes the files of TASK_FILES_DIR that no task_files row names any more: a task deleted (its
 * rows go by cascade, from any API), or a server stopped between writing a file and its row. Only
 * names this module makes (uuids) and only files older than SWEEP_MIN_AGE_MS are touched, so an
 * upload in progress is never taken. Answers the names removed.
 */
export async function sweepOrphanFiles(db: Db, dir: string, now: Date, minAgeMs = SWEEP_MIN_AGE_MS): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => FILE_ID.test(n));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const removed: string[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const kept = new Set(
      (await db.select({ path: taskFiles.path }).from(taskFiles).where(inArray(taskFiles.path, batch))).map((r) => r.path),
    );
    for (const name of batch) {
      if (kept.has(name)) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || now.getTime() - info.mtimeMs < minAgeMs) continue;
      await rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** Content-Disposition of a download: inline for images (thumbnails), else an attachment; the name in both forms. */
export function contentDisposition(file: Pick<TaskFile, 'name' | 'contentType'>): string {
  const kind = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
  const fallback = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}
