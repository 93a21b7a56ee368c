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
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, an administrator) is an 'error' on
    // the pool; unhandled it would crash the process. The pool drops that client and the next
    // query opens a new one, so there is nothing else to do.
    pool.on('error', () => undefined);
    const db = drizzle({ client: pool, schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = opts.dataDir === MEMORY_DATA_DIR;
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  const assets = await loadPgliteAssets();
  const client = await PGlite.create({ ...(inMemory ? {} : { dataDir: opts.dataDir }), ...assets });
  const db = drizzle({ client, schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}
