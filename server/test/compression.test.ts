/**
 * Compressed delivery (issue 22 §1): a built file's precompressed sibling (.br, .gz) goes to a
 * browser that accepts it; API answers over the threshold are compressed per request; small
 * answers, files without a sibling and request bodies are left as they are.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compression';
import { DRIVERS, login, makeStaticRoot, startServer, type TestServer } from './helpers';

const JS = `console.log(${JSON.stringify('shell '.repeat(400))});`;

describe('precompressed files', () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    root = makeStaticRoot();
    const file = path.join(root, 'shell/dist/big.0a1b2c3d.js');
    writeFileSync(file, JS);
    writeFileSync(`${file}.br`, brotliCompressSync(JS));
    writeFileSync(`${file}.gz`, gzipSync(JS));
    s = await startServer('pglite', { demo: false, staticRoot: root });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, encoding?: string) =>
    s.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli file to a browser that takes brotli, gzip to one that takes gzip only', async () => {
    const br = await get('/big.0a1b2c3d.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    expect(br.rawPayload.length).toBeLessThan(JS.length / 10);

    const gz = await get('/big.0a1b2c3d.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/big.0a1b2c3d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('a page (the shell) goes out precompressed or as it is, never compressed again', async () => {
    const html = '<!doctype html><title>Fieldwatch test shell</title>';
    writeFileSync(path.join(root, 'shell/dist/index.html.br'), brotliCompressSync(html));
    for (const url of ['/', '/dashboard/abc', '/devicemanagement/10001']) {
      const res = await s.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
      const plain = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
    }
  });

  it('sends a file without a compressed sibling as it is', async () => {
    const res = await get('/main.1a2b3c4d.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log("shell")');
  });
});

describe.each(DRIVERS)('compressed API answers (%s)', (driver) => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startServer(driver);
    cookie = await login(s.app, 'demo.super');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });
  const get = (url: string, encoding?: string) =>
    s.app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('compresses a large JSON answer with brotli (or gzip), and it reads the same', async () => {
    const plain = await get('/api/v2/device/devices');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const size = plain.rawPayload.length;
    expect(size).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await get('/api/v2/device/devices', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(size / 5);

    const gz = await get('/api/v2/device/devices', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('does not inflate a compressed request body', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'demo.super', password: 'fieldwatch-demo' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
