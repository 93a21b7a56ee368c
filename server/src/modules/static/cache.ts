/** Cache policy of built files. */
import path from 'node:path';

export const NO_CACHE = 'no-cache';
export const NO_STORE = 'no-store';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Entry points that name the current build: they must be revalidated on every load. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

/** A content hash in the file name (e.g. app.3f9a1c2b.js, 512.a1b2c3d4e5f6.chunk.js). */
const HASHED = /[.-][0-9a-f]{8,}\./i;

export function cacheControlFor(file: string): string {
  const base = path.posix.basename(file);
  if (ENTRY_FILES.has(base) || base.endsWith('.html')) return NO_CACHE;
  return HASHED.test(base) ? IMMUTABLE : NO_CACHE;
}
