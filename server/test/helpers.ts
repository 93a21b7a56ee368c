/**
 * Test harness: one app per test file on a fresh database — in-memory PGlite always, and a
 * throw-away PostgreSQL database (fw_test_<random>) when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { organizations, userOrganizations, users } from '../src/db/schema';
import { SESSION_COOKIE_NAME } from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type DbHandle } from '../src/db/client';
import { hashPassword } from '../src/modules/auth/passwords';
import { DEMO_PASSWORD } from '../src/seed/fleet';

export type Driver = 'pglite' | 'postgres';

/** Drivers to run the integration suites on. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A built-front-end look-alike in a temp folder (dist/ folders are git-ignored, so fixtures are
 * written at run time): a shell, the dashboard and onboarding remotes, and no other remotes.
 */
export function makeStaticRoot(opts: { shell?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'fw-static-'));
  const files: Record<string, string> = {
    'mf-dashboard/dist/mf-manifest.json': '{"id":"dashboard"}',
    'mf-dashboard/dist/remoteEntry.js': 'var dashboard;',
    'mf-dashboard/dist/app.5e6f7a8b.js': 'console.log("dashboard app")',
    'mf-onboarding/dist/mf-manifest.json': '{"id":"onboarding"}',
    'mf-onboarding/dist/remoteEntry.js': 'var onboarding;',
  };
  if (opts.shell !== false) {
    files['shell/dist/index.html'] = '<!doctype html><title>Fieldwatch test shell</title>';
    files['shell/dist/main.1a2b3c4d.js'] = 'console.log("shell")';
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    demo: true,
    staticRoot: path.join(tmpdir(), 'fw-no-front-end'), // unless a test asks for makeStaticRoot()
    remoteUrls: {},
    releasesDir: path.join(tmpdir(), 'fw-no-releases'), // unless a test gives its own
    remoteOrigins: [],
    cookieSecure: 'auto',
    trustProxy: false,
    logLevel: 'silent',
    // Background work that would race the tests' own writes: off unless a test turns it on.
    simulator: false,
    commTimeoutMin: 0,
    alarmRepeat: false,
    ...overrides,
  };
}

/** A fresh PostgreSQL database on the server of TEST_DATABASE_URL; drop() removes it. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = await import('pg');
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `fw_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const rawInjects = new WeakMap<FastifyInstance, FastifyInstance['inject']>();

/**
 * Makes app.inject() send what our own pages in a browser send: `sec-fetch-site: same-origin`,
 * unless the request sets that header itself. The server refuses state-changing requests that
 * do not come from our origin (src/http/origin.ts); the suites test what happens next, and
 * csrf.test.ts tests the refusals explicitly (with rawInject, which adds nothing).
 */
export function injectAsOwnPages(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  rawInjects.set(app, inject);
  const asOwnPage = (opts: string | InjectOptions): InjectOptions => {
    const o = typeof opts === 'string' ? { url: opts } : opts;
    const headers = { ...(o.headers ?? {}) };
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'sec-fetch-site')) headers['sec-fetch-site'] = 'same-origin';
    return { ...o, headers };
  };
  const wrapped = (opts?: string | InjectOptions, cb?: (err?: Error, res?: LightMyRequestResponse) => void) => {
    if (opts === undefined) return inject();
    return cb ? inject(asOwnPage(opts), cb) : inject(asOwnPage(opts));
  };
  app.inject = wrapped as FastifyInstance['inject'];
  return app;
}

/** The app's inject() without the headers injectAsOwnPages adds (a request from anywhere). */
export function rawInject(app: FastifyInstance): FastifyInstance['inject'] {
  return rawInjects.get(app) ?? app.inject.bind(app);
}

export interface TestServer {
  app: FastifyInstance;
  db: DbHandle;
  close(): Promise<void>;
}

/** `logStream`: where the app's log goes (a test that reads it sets a logLevel too). */
export async function startServer(
  driver: Driver,
  overrides: Partial<Config> = {},
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  let drop: (() => Promise<void>) | undefined;
  let config = testConfig(overrides);
  if (driver === 'postgres') {
    const pg = await createPostgresDatabase();
    drop = pg.drop;
    config = { ...config, databaseUrl: pg.url };
  }
  const db = await openDatabase(config);
  const app = injectAsOwnPages(await buildApp({ config, database: db, ...(opts.logStream ? { logStream: opts.logStream } : {}) }));
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await drop?.();
    },
  };
}

/** The fw_session cookie a response set, as "fw_session=<token>" for a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE_NAME);
  if (!c) throw new Error(`no ${SESSION_COOKIE_NAME} cookie in response (${res.statusCode} ${res.body})`);
  return `${SESSION_COOKIE_NAME}=${c.value}`;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** GET as a logged-in user and return the parsed body. */
export async function getJson<T = unknown>(
  app: FastifyInstance,
  url: string,
  cookie: string,
): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as T };
}

/** A started server with the three demo users signed in and the demo organisations' ids. */
export interface DemoServer {
  s: TestServer;
  superCookie: string;
  userCookie: string;
  readerCookie: string;
  nordic: number;
  baltic: number;
}

export async function startDemo(driver: Driver, overrides: Partial<Config> = {}): Promise<DemoServer> {
  const s = await startServer(driver, overrides);
  const [superCookie, userCookie, readerCookie] = await Promise.all([
    login(s.app, 'demo.super'),
    login(s.app, 'demo.user'),
    login(s.app, 'demo.reader'),
  ]);
  const orgId = async (name: string) => {
    const [row] = await s.db.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
    if (!row) throw new Error(`demo organisation ${name} is missing`);
    return row.id;
  };
  return { s, superCookie, userCookie, readerCookie, nordic: await orgId('Nordic Utilities'), baltic: await orgId('Baltic Water') };
}

/** Another user in the test database (password DEMO_PASSWORD), member of `orgs`; answers his id. */
export async function addUser(
  s: TestServer,
  user: { username: string; userType: number; orgs: number[] },
): Promise<number> {
  const [row] = await s.db.db
    .insert(users)
    .values({ username: user.username, userType: user.userType, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  await s.db.db.insert(userOrganizations).values(user.orgs.map((organizationId) => ({ userId: row!.id, organizationId })));
  return row!.id;
}

/**
 * Columns left out of a table fingerprint: bookkeeping that any request may write without
 * changing what is stored. sessions.last_seen_at is touched by the session guard at most once a
 * minute on every authenticated request (a long test run crosses that minute).
 */
export const FINGERPRINT_IGNORED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_seen_at'],
  // '*': the whole table. usage_daily counts the API calls of tokens (usage statistics): written
  // only by the usage counter, a few seconds after a call, so it may land in a later request's window.
  usage_daily: ['*'],
};

/** Per table of the public schema: "<rows>:<md5 of every row's text, in order>". */
export type Fingerprint = Record<string, string>;

/**
 * A fingerprint of every stored row, to show that a request changed nothing. Tables come from
 * information_schema, so a table added later is covered without touching the tests.
 */
export async function tableFingerprint(
  db: DbHandle,
  ignored: Readonly<Record<string, readonly string[]>> = FINGERPRINT_IGNORED_COLUMNS,
): Promise<Fingerprint> {
  type Col = { table_name: string; column_name: string };
  const res = (await db.db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`)) as unknown as { rows: Col[] };
  const columns = new Map<string, string[]>();
  for (const { table_name: t, column_name: c } of res.rows) {
    if (ignored[t]?.includes(c) || ignored[t]?.includes('*')) continue;
    columns.set(t, [...(columns.get(t) ?? []), c]);
  }
  const out: Fingerprint = {};
  for (const [table, cols] of columns) {
    const row = cols.map((c) => `t."${c}"`).join(', ');
    const q = `select count(*)::int as n, md5(coalesce(string_agg(r, ',' order by r), '')) as h
               from (select row(${row})::text as r from "${table}" t) x`;
    const [r] = ((await db.db.execute(sql.raw(q))) as unknown as { rows: Array<{ n: number; h: string }> }).rows;
    out[table] = `${r!.n}:${r!.h}`;
  }
  return out;
}

/** Tables whose fingerprint differs ("table: before → after"); empty when nothing changed. */
export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  const tables = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return tables.filter((t) => before[t] !== after[t]).map((t) => `${t}: ${before[t]} → ${after[t]}`);
}
