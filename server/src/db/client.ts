/**
 * Database connection: embedded PGlite (a data folder, or in memory) by default, node-postgres
 * when a DATABASE_URL is given. Both run the same migrations and the same queries; the rest of
 * the server only sees `Db`, the driver-neutral Drizzle type.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { MIGRATIONS_DIR } from '../paths';
import { DB_TIMEOUT_DEFAULTS } from '../config';
import { lockDataDir } from './lock';

export type Schema = typeof schema;
/** What services take: a database or a transaction, on either driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder, or 'memory://' for a throw-away in-memory database. */
  dataDir: string;
  migrationsFolder?: string;
  /** PostgreSQL: how long opening a connection may take (DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs?: number;
  /** PostgreSQL: statement_timeout of every connection (DB_STATEMENT_TIMEOUT_MS). */
  dbStatementTimeoutMs?: number;
  /** PostgreSQL: idle_in_transaction_session_timeout (DB_IDLE_TX_TIMEOUT_MS). */
  dbIdleInTransactionTimeoutMs?: number;
}

export const MEMORY_DATA_DIR = 'memory://';

interface PgliteAssets {
  wasmModule: WebAssembly.Module;
  fsBundle: Blob;
}
let pgliteAssets: Promise<PgliteAssets> | undefined;

/**
 * PGlite's WebAssembly module and file-system image, loaded once per process and handed to every
 * instance. Compiling the module once makes further instances (tests) start much faster, and
 * passing both avoids PGlite's own loader, which uses dynamic import() — unavailable under jest.
 */
function loadPgliteAssets(): Promise<PgliteAssets> {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const wasmModule = await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm')));
    return { wasmModule, fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]) };
  })();
  return pgliteAssets;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS_DIR;
  if (opts.databaseUrl) {
    // Required lazily so a PGlite-only run never loads pg, and vice versa.
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A hung or unreachable database must turn into an error the request can answer (503,
      // http/errors.ts), never a request that waits forever: a bounded connect, a server-side
      // statement limit, a client-side one a little later (for a server that stopped answering
      // altogether), and no transaction left holding locks by a stalled client.
      connectionTimeoutMillis: opts.dbConnectTimeoutMs ?? DB_TIMEOUT_DEFAULTS.connectMs,
      statement_timeout: opts.dbStatementTimeoutMs ?? DB_TIMEOUT_DEFAULTS.statementMs,
      query_timeout: (opts.dbStatementTimeoutMs ?? DB_TIMEOUT_DEFAULTS.statementMs) + 1000,
      idle_in_transaction_session_timeout:
        opts.dbIdleInTransactionTimeoutMs ?? DB_TIMEOUT_DEFAULTS.idleInTransactionMs,
      keepAlive: true,
    });
    // An idle connection the server ends (restart, failover, an administrator) is an 'error' on
    // the pool; unhandled it would crash the process. The pool drops that client and the next
    // query opens a new one, so there is nothing else to do.
    pool.on('error', () => undefined);
    const db = drizzle({ client: pool, schema });
    // Migrations get a connection of their own without the statement limits: building an index
    // on a big table may rightly take minutes, and must not stop an upgraded server from starting.
    const migrationPool = new Pool({
      connectionString: opts.databaseUrl,
      max: 1,
      connectionTimeoutMillis: opts.dbConnectTimeoutMs ?? DB_TIMEOUT_DEFAULTS.connectMs,
    });
    migrationPool.on('error', () => undefined);
    try {
      await migrate(drizzle({ client: migrationPool, schema }), { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    } finally {
      await migrationPool.end();
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = opts.dataDir === MEMORY_DATA_DIR;
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  // One process per data folder (see ./lock): taken before PGlite touches any file.
  const unlock = inMemory ? () => undefined : lockDataDir(opts.dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    const assets = await loadPgliteAssets();
    client = await PGlite.create({ ...(inMemory ? {} : { dataDir: opts.dataDir }), ...assets });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzle({ client, schema });
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    await close();
    throw err;
  }
  return { db: db as unknown as Db, driver: 'pglite', close };
}
