/**
 * A task worked to done by two people of one organisation at once (issue 17 §2, §5): user A
 * (demo.super) adds work and assigns user B (demo.user); B sees it in "My tasks" without reloading,
 * sets it working, adds a note and a photo and sets it done, and it leaves his "My tasks"; A, with
 * the task open, sees the note and the photo's thumbnail arrive. Then a stale write: a browser that
 * has not heard of A's change writes a note and a title at the old revision (409) — both are
 * re-applied on the fresh task and nothing typed is lost. Last, the list's filters and search stay
 * in the URL through a reload, and the CSV export holds the same tasks.
 */
import { deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectOverview, signIn } from './helpers';

/** A small PNG (16×16, orange), made here so the test needs no file of its own. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const o = y * (1 + size * 3);
    for (let x = 0; x < size; x++) rows.set([245, 140, 30], o + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signed-in browser of its own; `blockPush`: one that hears nothing pushed (its writes go stale). */
async function person(browser: Browser, baseURL: string, username: string, blockPush = false): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  if (blockPush) await context.route('**/api/v3/events/stream', (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/login');
  const stream = blockPush ? null : page.waitForResponse((r) => r.url().includes('/api/v3/events/stream'));
  await signIn(page, username);
  await expectOverview(page);
  if (stream) expect((await stream).status()).toBe(200);
  return page;
}

const openTasks = async (page: Page, search = '') => {
  await page.getByRole('navigation').getByRole('link', { name: 'Tasks', exact: true }).click();
  await expect(page.getByTestId('task-board')).toBeVisible();
  if (search) await page.goto(`/taskmanagement${search}`);
};

test.describe.configure({ mode: 'serial' });

let taskId = '';
const title = `Replace the seal of pump 2 (${Date.now().toString(36)})`;

test('A assigns B a task; B works it to done with a note and a photo; A sees both live', async ({ browser, baseURL }) => {
  const a = await person(browser, baseURL!, 'demo.super');
  const b = await person(browser, baseURL!, 'demo.user');
  await openTasks(b);
  // B's "My tasks" (the default view).
  await expect(b.getByRole('tab', { name: /My tasks/ })).toHaveAttribute('aria-selected', 'true');
  const reloadsOfB: string[] = [];
  b.on('framenavigated', (f) => {
    if (f === b.mainFrame()) reloadsOfB.push(f.url());
  });

  // A adds work and assigns B.
  await openTasks(a);
  await a.getByTestId('add-work').click();
  const form = a.getByTestId('add-work');
  await form.getByTestId('add-work-submit').click();
  await expect(form.getByText('Give the task a title.')).toBeVisible();
  await form.getByTestId('add-work-title').fill(title);
  await form.getByTestId('add-work-priority').selectOption('alert');
  await form.getByTestId('add-work-assignees').getByText('demo.user').click();
  await form.getByTestId('add-work-submit').click();
  const panelA = a.getByTestId('task-panel');
  await expect(panelA.getByTestId('task-title')).toHaveText(title);
  taskId = new URL(a.url()).searchParams.get('task') ?? '';
  expect(taskId).not.toBe('');
  await expect(panelA.getByTestId('task-assignees')).toContainText('Erik Johansson');

  // B: the task arrives in "My tasks" without a reload.
  const rowB = b.locator(`[data-testid="task-row"][data-task-id="${taskId}"]`);
  await expect(rowB).toBeVisible({ timeout: 5_000 });
  await expect(rowB).toContainText('Alert');
  await rowB.getByRole('button', { name: title }).click();
  const panelB = b.getByTestId('task-panel');
  await expect(panelB.getByTestId('task-title')).toHaveText(title);

  await panelB.getByTestId('set-status-working').click();
  await expect(panelB.getByTestId('set-status-working')).toHaveAttribute('aria-pressed', 'true');
  await panelB.getByTestId('note-input').fill('Seal replaced; no leak after 10 minutes.');
  await panelB.getByTestId('add-note').click();
  await expect(panelB.getByTestId('note-input')).toHaveValue('');
  await expect(panelB.getByTestId('activity-log')).toContainText('Seal replaced; no leak after 10 minutes.');
  await panelB.getByTestId('file-input').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: png() });
  await expect(panelB.getByTestId('file-thumbnail')).toBeVisible();
  await expect(panelB.getByTestId('activity-log')).toContainText('File added: seal.png');
  await panelB.getByTestId('set-status-done').click();
  await expect(panelB.getByTestId('set-status-done')).toHaveAttribute('aria-pressed', 'true');
  await panelB.getByRole('button', { name: 'Close' }).click();
  // Done: it leaves B's "My tasks".
  await expect(rowB).toHaveCount(0, { timeout: 5_000 });
  expect(reloadsOfB.filter((u) => !u.includes('/taskmanagement'))).toEqual([]);

  // A, who kept the task open, sees the note and the photo arrive.
  await expect(panelA.getByTestId('activity-log')).toContainText('Seal replaced; no leak after 10 minutes.', { timeout: 5_000 });
  await expect(panelA.getByTestId('activity-log')).toContainText('Erik Johansson');
  await expect(panelA.getByTestId('file-thumbnail')).toBeVisible({ timeout: 5_000 });
  await expect(panelA.getByTestId('set-status-done')).toHaveAttribute('aria-pressed', 'true');
  const size = await panelA.getByTestId('file-thumbnail').evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(size).toBe(16);

  await a.context().close();
  await b.context().close();
});

test('a stale write (409) is re-applied on the fresh task: no text lost', async ({ browser, baseURL }) => {
  expect(taskId).not.toBe('');
  const a = await person(browser, baseURL!, 'demo.super');
  // C hears nothing pushed, so what it shows goes stale when A writes.
  const c = await person(browser, baseURL!, 'demo.user', true);
  await a.goto(`/taskmanagement?view=all&task=${taskId}`);
  await c.goto(`/taskmanagement?view=all&task=${taskId}`);
  const panelA = a.getByTestId('task-panel');
  const panelC = c.getByTestId('task-panel');
  await expect(panelA.getByTestId('task-title')).toHaveText(title);
  await expect(panelC.getByTestId('task-title')).toHaveText(title);
  const staleRevision = await panelC.locator('[data-revision]').getAttribute('data-revision');

  // A renames the task.
  await panelA.getByTestId('edit-title').click();
  await panelA.getByTestId('title-input').fill(`${title} — checked`);
  await panelA.getByTestId('save-title').click();
  await expect(panelA.getByTestId('task-title')).toHaveText(`${title} — checked`);
  // C still shows the old revision.
  await expect(panelC.locator('[data-revision]')).toHaveAttribute('data-revision', staleRevision!);

  // C writes a note at the old revision: 409, re-read, re-applied — the note is there, C is told.
  const conflicts: number[] = [];
  c.on('response', (r) => {
    if (r.url().includes(`/api/v3/events/tasks/${taskId}`) && r.request().method() === 'PATCH') conflicts.push(r.status());
  });
  await panelC.getByTestId('note-input').fill('Pressure checked twice, all fine.');
  await panelC.getByTestId('add-note').click();
  await expect(c.getByText('The task had just been changed by someone else. Your change was applied to the new version.')).toBeVisible();
  await expect(panelC.getByTestId('note-input')).toHaveValue('');
  await expect(panelC.getByTestId('activity-log')).toContainText('Pressure checked twice, all fine.');
  // The fresh task came with the re-read: A's title is shown in C too.
  await expect(panelC.getByTestId('task-title')).toHaveText(`${title} — checked`);
  expect(conflicts).toEqual([409, 200]);
  // A sees C's note live.
  await expect(panelA.getByTestId('activity-log')).toContainText('Pressure checked twice, all fine.', { timeout: 5_000 });

  // Now C renames while A renames first: C's title (typed at the old revision) wins, re-applied.
  const before = await panelC.locator('[data-revision]').getAttribute('data-revision');
  await panelA.getByTestId('edit-title').click();
  await panelA.getByTestId('title-input').fill(`${title} — A`);
  await panelA.getByTestId('save-title').click();
  await expect(panelA.getByTestId('task-title')).toHaveText(`${title} — A`);
  await expect(panelC.locator('[data-revision]')).toHaveAttribute('data-revision', before!);
  await panelC.getByTestId('edit-title').click();
  await panelC.getByTestId('title-input').fill(`${title} — C`);
  await panelC.getByTestId('save-title').click();
  await expect(panelC.getByTestId('task-title')).toHaveText(`${title} — C`);
  await expect(panelA.getByTestId('task-title')).toHaveText(`${title} — C`, { timeout: 5_000 });
  expect(conflicts).toEqual([409, 200, 409, 200]);

  await a.context().close();
  await c.context().close();
});

test('filters and search live in the URL (a reload keeps them) and the CSV export has the same tasks', async ({ browser, baseURL }) => {
  const a = await person(browser, baseURL!, 'demo.super');
  await openTasks(a);
  await a.getByRole('tab', { name: /All/ }).click();
  await a.getByTestId('filter-priority').selectOption('alert');
  await a.getByTestId('task-board').getByRole('searchbox').fill('seal of pump 2');
  await expect(a).toHaveURL(/view=all/);
  await expect(a).toHaveURL(/priority=alert/);
  await expect(a).toHaveURL(/q=seal\+of\+pump\+2/);
  const rows = a.getByTestId('task-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title.slice(0, 20));

  await a.reload();
  await expect(a.getByTestId('task-board').getByRole('searchbox')).toHaveValue('seal of pump 2');
  await expect(a.getByTestId('filter-priority')).toHaveValue('alert');
  await expect(rows).toHaveCount(1);

  const href = await a.getByTestId('export-csv').getAttribute('href');
  expect(href).toContain('/api/v3/tasks.csv?');
  const csv = await a.request.get(href!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toContain('Title');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Replace the seal of pump 2');
  await a.context().close();
});
