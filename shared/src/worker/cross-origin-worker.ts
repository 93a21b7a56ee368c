/**
 * Starting a Web Worker whose script may live on another origin (issue 21 §2). A remote served
 * from a CDN builds its workers' URLs from its own public path, and `new Worker(url)` refuses a
 * script of another origin outright (a SecurityError: the map's clustering then ran on the main
 * thread). For such a script this starts a same-origin bootstrap instead — a small `blob:` worker
 * that records where the script lives and imports it with `importScripts`, which may load
 * classic scripts from any origin the page's CSP allows (`worker-src blob:` and the remote origins
 * in `script-src`; server/src/http/headers.ts). A script of the page's own origin starts as usual.
 *
 * The worker's code sees its own folder as `self.__FW_WORKER_BASE__` (see ./worker-public-path.ts:
 * a worker that loads chunks of its own needs it, since its location is the blob's).
 *
 * Webpack must still see the worker to bundle it: tools/webpack.base.cjs declares
 * `new CrossOriginWorker(new URL('./x.worker.ts', import.meta.url))` as worker syntax
 * (module.parser.javascript.worker), just like `new Worker(new URL(…))`.
 */

/** The global a bootstrapped worker reads its script's folder from. */
export const WORKER_BASE_GLOBAL = '__FW_WORKER_BASE__';

/** Where a worker script is, absolute, resolved against the page. */
function absolute(url: string | URL): URL {
  return new URL(String(url), globalThis.location?.href);
}

/**
 * The source of the bootstrap worker for a script on another origin: set the base, then import the
 * script. Both strings go through JSON.stringify, so a URL cannot break out of its literal.
 */
export function bootstrapSource(script: URL): string {
  const base = new URL('.', script).href;
  return `self[${JSON.stringify(WORKER_BASE_GLOBAL)}]=${JSON.stringify(base)};importScripts(${JSON.stringify(script.href)});`;
}

/**
 * Whether the script needs the bootstrap: it is served over http(s) from another origin than the
 * page's (a blob:, data: or file: script is started as it is).
 */
export function needsBootstrap(script: URL): boolean {
  return (
    globalThis.location !== undefined &&
    (script.protocol === 'http:' || script.protocol === 'https:') &&
    script.origin !== globalThis.location.origin
  );
}

function start(url: string | URL, options?: WorkerOptions): Worker {
  const script = absolute(url);
  if (!needsBootstrap(script)) return new Worker(script, options);
  const blob = URL.createObjectURL(new Blob([bootstrapSource(script)], { type: 'text/javascript' }));
  try {
    // A classic worker: importScripts is not available in a module worker.
    return new Worker(blob, { ...options, type: 'classic' });
  } finally {
    // The worker has its own reference to the blob once it is constructed.
    URL.revokeObjectURL(blob);
  }
}

/**
 * `new CrossOriginWorker(url, options)`: a Worker for the script at `url`, bootstrapped when it is
 * on another origin. Throws as `new Worker` does when workers are unavailable.
 */
export const CrossOriginWorker = function CrossOriginWorker(
  url: string | URL,
  options?: WorkerOptions,
): Worker {
  return start(url, options);
} as unknown as { new (url: string | URL, options?: WorkerOptions): Worker };
