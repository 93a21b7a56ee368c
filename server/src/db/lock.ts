/**
 * One process per PGlite data folder. PGlite has no postmaster to refuse a second opener: two
 * processes on one DATA_DIR both start, and one side's acknowledged writes are lost. The owner
 * writes its pid into the lock file `<DATA_DIR>.lock`; another process refuses to start while that
 * pid is alive, and takes over a lock whose owner is gone (kill -9, power loss).
 *
 * The file sits beside the folder, not in it: PGlite creates a new database only in an empty
 * folder (initdb), so a lock file inside would stop the very first start.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file of a data folder. */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Fieldwatch process (pid ${pid}); stop that process or set another DATA_DIR`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this pid exists (EPERM: it does, owned by someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // gone meanwhile, or unreadable: treat as stale
  }
}

/**
 * Takes the data folder's lock for this process; answers the release function (idempotent, also
 * run at process exit). Throws DataDirLockedError while a live process — this one included,
 * through a second openDatabase — holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only if absent, so two starting processes cannot both win.
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = ownerOf(file);
      if (pid !== null && alive(pid)) throw new DataDirLockedError(dataDir, pid);
      if (attempt >= 2) throw err;
      // Stale: its owner died without removing it.
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first; retry the create
      }
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    // Only our own lock: never remove one another process has taken over since.
    if (ownerOf(file) === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return release;
}
