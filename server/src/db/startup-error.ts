/**
 * One line for an operator when the database cannot be opened at start: what went wrong and
 * where, never a stack (that is for bugs) and never a password.
 */
import { DataDirLockedError } from './lock';

interface ErrLike {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/** The URL without its password, for messages. */
export function safeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/** The driver errors inside `err`: Drizzle's cause, and each of an AggregateError's attempts (IPv6 and IPv4). */
function flatten(err: unknown, out: ErrLike[] = [], depth = 0): ErrLike[] {
  if (!err || typeof err !== 'object' || depth > 5) return out;
  const e = err as ErrLike;
  out.push(e);
  if (Array.isArray(e.errors)) for (const x of e.errors) flatten(x, out, depth + 1);
  if (e.cause) flatten(e.cause, out, depth + 1);
  return out;
}

/** Why the database could not be opened, or null when `err` is not a connection problem. */
function cause(err: unknown, connectTimeoutMs: number): string | null {
  if (err instanceof DataDirLockedError) return err.message;
  for (const e of flatten(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (code === 'ECONNREFUSED')
      return 'connection refused (is PostgreSQL running and listening on that host and port?)';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return 'unknown host (check the host name in DATABASE_URL)';
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
      return 'host unreachable (check the network and the host in DATABASE_URL)';
    if (code === 'ECONNRESET')
      return 'the connection was reset by the server (is it PostgreSQL, and does it accept this client?)';
    if (code === '3D000')
      return `unknown database (${message}; create it or fix the database name in DATABASE_URL)`;
    if (code === '28000')
      return `unknown role or access refused (${message}; check the user name in DATABASE_URL)`;
    if (code === '28P01') return 'wrong password for the role in DATABASE_URL';
    if (code === '53300') return 'the server has too many connections';
    if (code === '57P03') return 'the server is starting up or shutting down; try again shortly';
    if (/timeout|timed out/i.test(message))
      return `timed out after ${connectTimeoutMs} ms without an answer (check the host and port, and DB_CONNECT_TIMEOUT_MS)`;
    if (/Connection terminated unexpectedly/.test(message))
      return 'the server closed the connection during start-up (is it PostgreSQL?)';
    // PGlite's WebAssembly postgres exited: initdb refused a non-empty folder, or the files are damaged.
    if ((e as { name?: unknown }).name === 'ExitStatus')
      return 'PGlite could not open the folder (it is neither empty nor a PGlite database, or it is damaged)';
    if (code === 'ERR_INVALID_URL' || /Invalid URL/i.test(message)) return 'DATABASE_URL is not a valid URL';
  }
  return null;
}

/**
 * The line to print when opening the database failed at start, or null when `err` is something
 * else (a bug: print its stack).
 */
export function describeStartupError(
  err: unknown,
  db: { databaseUrl?: string; dataDir: string; dbConnectTimeoutMs?: number },
  defaultConnectTimeoutMs: number,
): string | null {
  const why = cause(err, db.dbConnectTimeoutMs ?? defaultConnectTimeoutMs);
  if (!why) return null;
  if (err instanceof DataDirLockedError) return `Fieldwatch server failed to start: ${why}`;
  const where = db.databaseUrl ? `PostgreSQL ${safeDatabaseUrl(db.databaseUrl)}` : `PGlite in ${db.dataDir}`;
  return `Fieldwatch server failed to start: cannot open the database (${where}): ${why}`;
}
