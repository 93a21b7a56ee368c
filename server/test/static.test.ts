/**
 * Static hosting and /remotes.json. They do not touch the database, so they run on in-memory
 * PGlite only, with no demo seed.
 */
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, SESSION_COOKIE_NAME } from '@fieldwatch/shared';
import { BUILD_FIRST_MESSAGE } from '../src/modules/static/plugin';
import { makeStaticRoot, startServer, type TestServer } from './helpers';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static hosting', () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    root = makeStaticRoot();
    s = await startServer('pglite', {
      demo: false,
      staticRoot: root,
      remoteUrls: { tasks: 'https://cdn.example.com/tasks/1.4.2/mf-manifest.json' },
    });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers });

  it('answers /remotes.json with defaults and overrides, never cached', async () => {
    const res = await get('/remotes.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // How long the shell lets an area load (AREA_LOAD_TIMEOUT_MS, default 20 s) comes with the map.
    expect(res.headers['x-area-load-timeout-ms']).toBe('20000');
    expect(res.json()).toEqual({
      dashboard: '/remotes/dashboard/mf-manifest.json',
      devices: '/remotes/devices/mf-manifest.json',
      tasks: 'https://cdn.example.com/tasks/1.4.2/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
      onboarding: '/remotes/onboarding/mf-manifest.json',
    });
    expect(Object.keys(res.json())).toEqual([...REMOTE_NAMES]);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves remote files with the right cache policy', async () => {
    const manifest = await get('/remotes/dashboard/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ id: 'dashboard' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/dashboard/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    const hashed = await get('/remotes/dashboard/app.5e6f7a8b.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 404, not the shell, for a missing remote file or an unbuilt or unknown remote', async () => {
    for (const url of [
      '/remotes/dashboard/missing.js',
      '/remotes/devices/mf-manifest.json',
      '/remotes/nope/mf-manifest.json',
      '/remotes/dashboard/',
    ]) {
      const res = await get(url, HTML);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('<title>');
    }
    // An encoded path traversal is refused by the file sender, never served.
    const escape = await get('/remotes/dashboard/..%2f..%2fshell%2fdist%2findex.html', HTML);
    expect([403, 404]).toContain(escape.statusCode);
    expect(escape.body).not.toContain('<title>');
  });

  it('sends CORS headers for the embeddable onboarding remote only', async () => {
    const res = await get('/remotes/onboarding/remoteEntry.js', { origin: 'https://partner.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const preflight = await s.app.inject({
      method: 'OPTIONS',
      url: '/remotes/onboarding/mf-manifest.json',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    for (const url of ['/remotes/dashboard/mf-manifest.json', '/api/health', '/', '/remotes.json']) {
      expect(
        (await get(url, { origin: 'https://partner.example' })).headers['access-control-allow-origin'],
      ).toBeUndefined();
    }
  });

  it('serves the shell with an SPA fallback for page navigations', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).toBe('no-cache');
    for (const url of ['/dashboard/default', '/taskmanagement', '/login?redirect=%2Fadmin']) {
      const page = await get(url, HTML);
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect(page.body).toContain('Fieldwatch test shell');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await get('/main.1a2b3c4d.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("names the first area's code in a Link header of the page, from its manifest", async () => {
    const manifest = path.join(root, 'mf-dashboard/dist/mf-manifest.json');
    const original = readFileSync(manifest, 'utf8');
    const write = (text: string, mtime: number) => {
      writeFileSync(manifest, text);
      utimesSync(manifest, mtime, mtime);
    };
    try {
      write(
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [{ path: './app', assets: { js: { sync: ['1816.8404c38d.js', '__federation_expose_app.b125bc97.js'], async: ['w-status.9adc2cc6.js'] } } }],
        }),
        1_000,
      );
      const links = [
        '</remotes/dashboard/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
        '</remotes/dashboard/remoteEntry.js>; rel=preload; as=script',
        '</remotes/dashboard/1816.8404c38d.js>; rel=preload; as=script',
        '</remotes/dashboard/__federation_expose_app.b125bc97.js>; rel=preload; as=script',
      ].join(', ');
      expect((await get('/')).headers.link).toBe(links);
      expect((await get('/dashboard/MTAwMQ==?x=1', HTML)).headers.link).toBe(links);
      // No area (login), an area served from elsewhere (tasks), an area without a build (devices).
      for (const url of ['/login', '/taskmanagement', '/devicemanagement']) expect([url, (await get(url, HTML)).headers.link]).toEqual([url, undefined]);
      // A rebuilt remote is read again; a broken manifest gives no header, never an error.
      write(JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './app', assets: { js: { sync: ['../../secret.js', 'app.1234abcd.js'] } } }] }), 2_000);
      expect((await get('/')).headers.link).toBe(
        '</remotes/dashboard/mf-manifest.json>; rel=preload; as=fetch; crossorigin, </remotes/dashboard/remoteEntry.js>; rel=preload; as=script, </remotes/dashboard/app.1234abcd.js>; rel=preload; as=script',
      );
      write('{ not json', 3_000);
      const broken = await get('/');
      expect(broken.statusCode).toBe(200);
      expect(broken.headers.link).toBeUndefined();
    } finally {
      write(original, 4_000);
    }
  });

  it('does not answer html for API paths, missing assets or non-page requests', async () => {
    expect((await get('/missing.3f2e1d0c.js', { accept: '*/*' })).statusCode).toBe(404);
    const api = await get('/api/v3/nothing', HTML);
    expect(api.statusCode).toBe(401); // no session: the guard answers before routing
    expect(api.json()).toHaveProperty('message');
    const post = await s.app.inject({ method: 'POST', url: '/dashboard/default', headers: HTML });
    expect(post.statusCode).toBe(404);
    expect(post.headers[`set-cookie`] ?? '').not.toContain(SESSION_COOKIE_NAME);
  });
});

describe('static hosting without a built front end', () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    root = makeStaticRoot({ shell: false });
    s = await startServer('pglite', { demo: false, staticRoot: root });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('explains how to build instead of crashing', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await s.app.inject({ method: 'GET', url: '/', headers: { accept } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe(BUILD_FIRST_MESSAGE);
    }
    expect(
      (await s.app.inject({ method: 'GET', url: '/dashboard/default', headers: { accept: 'text/html' } }))
        .body,
    ).toBe(BUILD_FIRST_MESSAGE);
    expect((await s.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
  });
});
