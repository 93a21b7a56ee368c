/**
 * Imported first by a worker that loads chunks of its own (the outline worker's street detail): when
 * the worker was started through the cross-origin bootstrap (./cross-origin-worker.ts), its location
 * is a `blob:` URL and webpack's automatic public path would point its chunks at the page's origin;
 * the bootstrap told it where its script really lives.
 */
import { WORKER_BASE_GLOBAL } from './cross-origin-worker';

declare let __webpack_public_path__: string;

const base = (self as unknown as Record<string, unknown>)[WORKER_BASE_GLOBAL];
if (typeof base === 'string' && base) __webpack_public_path__ = base;
