/**
 * The Link header of a page load: the files of the area the page shows first (its mf-manifest.json,
 * its remote entry and the files its "./app" expose needs at once), so that the browser fetches
 * them while the shell's own code loads. Without it they are asked for one after the other once the
 * shell has run: manifest, then entry, then chunks — on a 2-core machine most of a second.
 *
 * Only for remotes served by this server (no URL override): the names come from the remote's
 * mf-manifest.json, read again whenever the file changes (a remote can be rebuilt without a
 * restart). A missing or unreadable manifest gives no header; the page loads as without it.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@fieldwatch/shared';

interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown } } }>;
}

const SAFE_FILE = /^[\w.@/-]+$/;
const cache = new Map<string, { mtimeMs: number; links: string[] }>();

function fileLinks(base: string, manifest: Manifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = typeof entry?.name === 'string' ? `${typeof entry.path === 'string' ? entry.path : ''}${entry.name}` : '';
  const app = manifest.exposes?.find((e) => e.path === './app');
  const sync = Array.isArray(app?.assets?.js?.sync) ? (app.assets.js.sync as unknown[]) : [];
  const scripts = [entryFile, ...sync].filter((f): f is string => typeof f === 'string' && SAFE_FILE.test(f) && !f.includes('..'));
  // The manifest is fetched by the Module Federation runtime with fetch() (CORS mode, same-origin
  // credentials): as=fetch with crossorigin matches that request.
  return [
    `<${base}mf-manifest.json>; rel=preload; as=fetch; crossorigin`,
    ...scripts.map((f) => `<${base}${f.replace(/^\.?\//, '')}>; rel=preload; as=script`),
  ];
}

/** The Link header values for the first area of a page, read from `distDir`/mf-manifest.json. */
export function areaPreloadLinks(name: RemoteName, distDir: string): string[] {
  const file = path.join(distDir, 'mf-manifest.json');
  try {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.links;
    const links = fileLinks(`/remotes/${name}/`, JSON.parse(readFileSync(file, 'utf8')) as Manifest);
    cache.set(file, { mtimeMs, links });
    return links;
  } catch {
    cache.delete(file);
    return [];
  }
}
