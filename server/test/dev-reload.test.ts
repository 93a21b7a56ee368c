/**
 * Live reload of `npm run dev` (DEV_RELOAD; issue 21 §1) and its standalone pages (DEV_STANDALONE): with it, the page carries the client
 * script and a write into a front end's dist folder sends every open page a 'reload' event; without
 * it, none of this exists.
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEV_RELOAD_SCRIPT, DEV_RELOAD_STREAM, withReloadClient } from '../src/modules/static/dev-reload';
import { makeStaticRoot, startServer, type TestServer } from './helpers';

test('the client script goes before </head>', () => {
  expect(withReloadClient('<html><head><title>x</title></head><body></body></html>')).toBe(
    `<html><head><title>x</title><script src="${DEV_RELOAD_SCRIPT}" defer></script></head><body></body></html>`,
  );
});

describe('with DEV_RELOAD', () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    root = makeStaticRoot();
    writeFileSync(
      path.join(root, 'shell/dist/index.html'),
      '<!doctype html><html><head><title>t</title></head><body></body></html>',
    );
    s = await startServer('pglite', { staticRoot: root, devReload: true });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives the page the client script, and the script', async () => {
    const page = await s.app.inject({ url: '/taskmanagement', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script src="${DEV_RELOAD_SCRIPT}" defer></script></head>`);
    const script = await s.app.inject({ url: DEV_RELOAD_SCRIPT });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain(`new EventSource("${DEV_RELOAD_STREAM}")`);
  });

  it('tells an open page to reload when a build is written', async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const res = await new Promise<IncomingMessage>((resolve) =>
      get(`http://127.0.0.1:${port}${DEV_RELOAD_STREAM}`, resolve),
    );
    expect(res.headers['content-type']).toContain('text/event-stream');
    let text = '';
    const reloaded = new Promise<void>((resolve) =>
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('event: reload')) resolve();
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, 'mf-dashboard/dist/remoteEntry.js'), 'var dashboard2;');
    await reloaded;
    res.destroy();
  });
});

test('with DEV_STANDALONE every page is that remote’s standalone page', async () => {
  const root = makeStaticRoot();
  writeFileSync(
    path.join(root, 'mf-onboarding/dist/standalone.html'),
    '<!doctype html><title>onboarding on its own</title>',
  );
  const s = await startServer('pglite', { staticRoot: root, devStandalone: 'onboarding' });
  try {
    for (const url of ['/', '/taskmanagement', '/onboarding/x']) {
      const page = await s.app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('onboarding on its own');
      expect(page.headers.link).toBeUndefined();
    }
  } finally {
    await s.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('without DEV_RELOAD there is no client and no stream', async () => {
  const root = makeStaticRoot();
  const s = await startServer('pglite', { staticRoot: root });
  try {
    expect((await s.app.inject({ url: '/', headers: { accept: 'text/html' } })).body).not.toContain(
      DEV_RELOAD_SCRIPT,
    );
    expect((await s.app.inject({ url: DEV_RELOAD_SCRIPT })).statusCode).toBe(404);
  } finally {
    await s.close();
    rmSync(root, { recursive: true, force: true });
  }
});
