import { bootstrapSource, CrossOriginWorker, needsBootstrap, WORKER_BASE_GLOBAL } from '../../src/worker';

class FakeWorker {
  static started: Array<{ url: string; options?: WorkerOptions }> = [];
  constructor(url: string | URL, options?: WorkerOptions) {
    FakeWorker.started.push({ url: String(url), options });
  }
}

/** A blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const globals = globalThis as unknown as Record<string, unknown>;
const blobs: Blob[] = [];
const revoked: string[] = [];
let createObjectURL: typeof URL.createObjectURL;
let revokeObjectURL: typeof URL.revokeObjectURL;

beforeEach(() => {
  FakeWorker.started = [];
  blobs.length = 0;
  revoked.length = 0;
  globals.Worker = FakeWorker;
  createObjectURL = URL.createObjectURL;
  revokeObjectURL = URL.revokeObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:${window.location.origin}/${blobs.length}`;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});

afterEach(() => {
  delete globals.Worker;
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

test('a script of the page’s own origin starts as it is', () => {
  const url = new URL('/remotes/dashboard/7164.js', window.location.href);
  new CrossOriginWorker(url);
  expect(FakeWorker.started).toEqual([{ url: url.href, options: undefined }]);
  expect(blobs).toHaveLength(0);
});

test('a script on another origin starts through a classic same-origin bootstrap that imports it', async () => {
  const url = new URL('https://cdn.example.com/dashboard/2.0.0/7164.js');
  expect(needsBootstrap(url)).toBe(true);
  new CrossOriginWorker(url, { name: 'cluster' });
  expect(FakeWorker.started).toEqual([
    { url: `blob:${window.location.origin}/1`, options: { name: 'cluster', type: 'classic' } },
  ]);
  expect(await textOf(blobs[0]!)).toBe(
    `self["${WORKER_BASE_GLOBAL}"]="https://cdn.example.com/dashboard/2.0.0/";importScripts("https://cdn.example.com/dashboard/2.0.0/7164.js");`,
  );
  // The blob's URL is let go once the worker holds it.
  expect(revoked).toEqual([`blob:${window.location.origin}/1`]);
});

test('the bootstrap keeps a URL inside its string literal', () => {
  const source = bootstrapSource(new URL('https://cdn.example.com/a/x.js?q=");alert(1);//'));
  // A quote in the URL is percent-encoded by URL (and would be escaped by JSON): it stays in the literal.
  expect(source).toBe(
    `self["${WORKER_BASE_GLOBAL}"]="https://cdn.example.com/a/";importScripts("https://cdn.example.com/a/x.js?q=%22);alert(1);//");`,
  );
});

test('without Worker support it throws, as new Worker does (callers fall back to the main thread)', () => {
  delete globals.Worker;
  expect(() => new CrossOriginWorker(new URL('https://cdn.example.com/x.js'))).toThrow();
});
