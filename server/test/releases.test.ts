/**
 * Remote releases (issue 21 §2): versions published into the release store or on an allowed remote
 * origin, the remote map as data (switch, canary by organisation and by share, roll back) with no
 * restart, versioned files served immutable, and the deploy key required for every change; a page
 * never gets a version built for a newer platform contract than its shell offers (issue 21 §3).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  canaryBucket,
  CONTRACT_VERSION,
  contractRange,
  inCanary,
  RELEASE_MESSAGES,
  REMOTE_NAMES,
} from '@fieldwatch/shared';
import { DRIVERS, makeStaticRoot, rawInject, startDemo, startServer, type DemoServer } from './helpers';

const KEY = 'test-release-key-0123456789abcdef';
const AUTH = { authorization: `Bearer ${KEY}` };
const CDN = 'https://cdn.example.com';

function releaseStore(): string {
  const dir = path.join(tmpdir(), `fw-releases-${process.pid}-${Math.random().toString(36).slice(2)}`);
  for (const version of ['1.0.0', '1.1.0']) {
    const d = path.join(dir, 'tasks', version);
    mkdirSync(d, { recursive: true });
    writeFileSync(path.join(d, 'mf-manifest.json'), JSON.stringify({ id: 'tasks', version }));
    writeFileSync(path.join(d, 'remoteEntry.js'), `/* tasks ${version} */`);
    writeFileSync(path.join(d, '512.a1b2c3d4.js'), `/* chunk of ${version} */`);
  }
  // Devices 1.0.0 was built against this platform's contract, 2.0.0 against a future one.
  for (const [version, range] of [
    ['1.0.0', contractRange(CONTRACT_VERSION)],
    ['2.0.0', '^9.0.0'],
  ] as const) {
    const d = path.join(dir, 'devices', version);
    mkdirSync(d, { recursive: true });
    const manifest = {
      id: 'devices',
      shared: [
        { name: 'react', requiredVersion: '^19.0.0' },
        { name: '@fieldwatch/shared', requiredVersion: range },
      ],
    };
    writeFileSync(path.join(d, 'mf-manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

describe('canary rule', () => {
  it('takes named organisations, else a stable share of users per remote', () => {
    expect(inCanary({ percent: 0, organizations: [7] }, 'tasks', { id: 1, organizations: [3, 7] })).toBe(
      true,
    );
    expect(inCanary({ percent: 0, organizations: [7] }, 'tasks', { id: 1, organizations: [3] })).toBe(false);
    expect(inCanary({ percent: 100, organizations: [] }, 'tasks', { id: 1, organizations: [] })).toBe(true);
    expect(inCanary({ percent: 100, organizations: [] }, 'tasks', null)).toBe(false);
    // About the share asked for, and the same answer each time.
    const users = Array.from({ length: 2000 }, (_, i) => i + 1);
    const share = users.filter((id) =>
      inCanary({ percent: 25, organizations: [] }, 'tasks', { id, organizations: [] }),
    ).length;
    expect(share / users.length).toBeGreaterThan(0.2);
    expect(share / users.length).toBeLessThan(0.3);
    expect(canaryBucket('tasks', 42)).toBe(canaryBucket('tasks', 42));
  });
});

describe.each(DRIVERS)('remote releases (%s)', (driver) => {
  let d: DemoServer;
  let store: string;
  let root: string;
  beforeAll(async () => {
    store = releaseStore();
    root = makeStaticRoot();
    d = await startDemo(driver, {
      staticRoot: root,
      releaseKey: KEY,
      releasesDir: store,
      remoteOrigins: [CDN],
    });
  });
  afterAll(async () => {
    await d?.s.close();
    rmSync(store, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = AUTH,
  ) => rawInject(d.s.app)({ method, url, headers, ...(payload ? { payload } : {}) });
  const map = async (cookie?: string, query = '') =>
    (
      await d.s.app.inject({ method: 'GET', url: `/remotes.json${query}`, headers: cookie ? { cookie } : {} })
    ).json() as Record<string, string>;

  it('refuses every call without the deploy key, and a session is no key', async () => {
    // A write with neither key nor provenance is refused as cross-site before anything else.
    expect(
      (await call('PUT', '/api/v3/platform/remotes/tasks/deployment', { version: null }, {})).statusCode,
    ).toBe(403);
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin' },
      { authorization: 'Bearer wrong-key-0123456789abcdefgh' },
      { cookie: d.superCookie, 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of refused) {
      const res = await call('PUT', '/api/v3/platform/remotes/tasks/deployment', { version: null }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(RELEASE_MESSAGES.keyWrong);
      expect((await call('GET', '/api/v3/platform/remotes', undefined, headers)).statusCode).toBe(401);
    }
  });

  it('checks what is published: version syntax, files in the store, allowed origins', async () => {
    expect(
      (await call('POST', '/api/v3/platform/remotes/tasks/releases', { version: '../x' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/v3/platform/remotes/nope/releases', { version: '1.0.0' })).statusCode,
    ).toBe(400);
    const missing = await call('POST', '/api/v3/platform/remotes/tasks/releases', { version: '9.9.9' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(RELEASE_MESSAGES.filesMissing);
    const foreign = await call('POST', '/api/v3/platform/remotes/tasks/releases', {
      version: '3.0.0',
      entry: 'https://evil.example.org/tasks/mf-manifest.json',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(RELEASE_MESSAGES.originRefused);
    const unknown = await call('PUT', '/api/v3/platform/remotes/tasks/deployment', { version: '7.7.7' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(RELEASE_MESSAGES.unknownVersion);
    const nothing = await call('POST', '/api/v3/platform/remotes/devices/rollback');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(RELEASE_MESSAGES.nothingToRollBack);
  });

  it('publishes immutable versions, switches, canaries and rolls back without a restart', async () => {
    const before = await map();
    expect(before.tasks).toBe('/remotes/tasks/mf-manifest.json');

    const first = await call('POST', '/api/v3/platform/remotes/tasks/releases', { version: '1.0.0' });
    expect(first.statusCode).toBe(201);
    expect(
      (await call('POST', '/api/v3/platform/remotes/tasks/releases', { version: '1.0.0' })).statusCode,
    ).toBe(200);
    const changed = await call('POST', '/api/v3/platform/remotes/tasks/releases', {
      version: '1.0.0',
      entry: `${CDN}/tasks/1.0.0/mf-manifest.json`,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(RELEASE_MESSAGES.versionExists);
    expect(
      (await call('POST', '/api/v3/platform/remotes/tasks/releases', { version: '1.1.0' })).statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', '/api/v3/platform/remotes/tasks/releases', {
          version: '2.0.0',
          entry: `${CDN}/tasks/2.0.0/mf-manifest.json`,
        })
      ).statusCode,
    ).toBe(201);

    // Published is not live.
    expect((await map()).tasks).toBe('/remotes/tasks/mf-manifest.json');

    const live = await call('PUT', '/api/v3/platform/remotes/tasks/deployment', { version: '1.0.0' });
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toMatchObject({
      remote: 'tasks',
      version: '1.0.0',
      previous: null,
      entry: '/remotes/tasks/1.0.0/mf-manifest.json',
    });
    expect((await map()).tasks).toBe('/remotes/tasks/1.0.0/mf-manifest.json');
    expect((await map(d.superCookie)).tasks).toBe('/remotes/tasks/1.0.0/mf-manifest.json');
    // The other remotes are untouched.
    expect((await map()).devices).toBe('/remotes/devices/mf-manifest.json');

    // A canary for demo.reader's organisation: she gets 2.0.0 (on the CDN), nobody else, no anonymous page.
    const canary = await call('PUT', '/api/v3/platform/remotes/tasks/deployment', {
      version: '1.0.0',
      canary: { version: '2.0.0', percent: 0, organizations: [d.baltic] },
    });
    expect(canary.statusCode).toBe(200);
    expect((await map(d.readerCookie)).tasks).toBe(`${CDN}/tasks/2.0.0/mf-manifest.json`);
    expect((await map(d.userCookie)).tasks).toBe('/remotes/tasks/1.0.0/mf-manifest.json');
    expect((await map()).tasks).toBe('/remotes/tasks/1.0.0/mf-manifest.json');
    // Every signed-in user at 100 %.
    await call('PUT', '/api/v3/platform/remotes/tasks/deployment', {
      version: '1.0.0',
      canary: { version: '2.0.0', percent: 100, organizations: [] },
    });
    expect((await map(d.superCookie)).tasks).toBe(`${CDN}/tasks/2.0.0/mf-manifest.json`);

    // The switch to 1.1.0 keeps the canary; the roll back ends it and returns to 1.0.0.
    const switched = await call('PUT', '/api/v3/platform/remotes/tasks/deployment', { version: '1.1.0' });
    expect(switched.json().data).toMatchObject({
      version: '1.1.0',
      previous: '1.0.0',
      canary: { version: '2.0.0' },
    });
    const back = await call('POST', '/api/v3/platform/remotes/tasks/rollback');
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ version: '1.0.0', previous: '1.1.0', canary: null });
    expect((await map(d.superCookie)).tasks).toBe('/remotes/tasks/1.0.0/mf-manifest.json');

    // Back to the dist build.
    await call('PUT', '/api/v3/platform/remotes/tasks/deployment', { version: null, canary: null });
    expect((await map()).tasks).toBe('/remotes/tasks/mf-manifest.json');

    const all = await call('GET', '/api/v3/platform/remotes');
    expect(all.json().data.map((r: { remote: string }) => r.remote)).toEqual([...REMOTE_NAMES]);
    const tasks = all.json().data.find((r: { remote: string }) => r.remote === 'tasks');
    expect(tasks.releases.map((r: { version: string }) => r.version).sort()).toEqual([
      '1.0.0',
      '1.1.0',
      '2.0.0',
    ]);
  });

  it('gives a page the newest deployed version its platform contract can mount', async () => {
    const publish = (version: string, extra: object = {}) =>
      call('POST', '/api/v3/platform/remotes/devices/releases', { version, ...extra });
    const deploy = (version: string | null) =>
      call('PUT', '/api/v3/platform/remotes/devices/deployment', { version });
    const store = (v: string) => `/remotes/devices/${v}/mf-manifest.json`;

    // The contract is read from the manifest in the store, or taken as given for a CDN build.
    expect((await publish('1.0.0')).statusCode).toBe(201);
    const second = await publish('2.0.0');
    expect(second.statusCode).toBe(201);
    expect(second.json().data.platform).toBe(CONTRACT_VERSION);
    expect(second.json().data.releases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ version: '1.0.0', contract: contractRange(CONTRACT_VERSION), fits: true }),
        expect.objectContaining({ version: '2.0.0', contract: '^9.0.0', fits: false }),
      ]),
    );
    const bad = await publish('5.0.0', {
      entry: `${CDN}/devices/5.0.0/mf-manifest.json`,
      contract: 'latest',
    });
    expect(bad.statusCode).toBe(400);

    // 2.0.0 live, built for platform 9: this platform's pages keep 1.0.0 (the version before it);
    // a shell that offers 9.x gets 2.0.0; a malformed report counts as this server's own contract.
    await deploy('1.0.0');
    await deploy('2.0.0');
    expect((await map()).devices).toBe(store('1.0.0'));
    expect((await map(d.superCookie, `?contract=${CONTRACT_VERSION}`)).devices).toBe(store('1.0.0'));
    expect((await map(undefined, '?contract=9.1.0')).devices).toBe(store('2.0.0'));
    const odd = await d.s.app.inject({ url: '/remotes.json?contract=%3Cx%3E&contract=1' });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().devices).toBe(store('1.0.0'));

    // A CDN build that fits goes live as it is; a later one that does not falls back to it.
    expect(
      (
        await publish('3.0.0', {
          entry: `${CDN}/devices/3.0.0/mf-manifest.json`,
          contract: `^${CONTRACT_VERSION}`,
        })
      ).statusCode,
    ).toBe(201);
    await deploy('3.0.0');
    expect((await map()).devices).toBe(`${CDN}/devices/3.0.0/mf-manifest.json`);
    await publish('4.0.0', { entry: `${CDN}/devices/4.0.0/mf-manifest.json`, contract: '^9.9.0' });
    await deploy('4.0.0');
    expect((await map()).devices).toBe(`${CDN}/devices/3.0.0/mf-manifest.json`);

    // The version before (4.0.0) does not fit either: the newest release published before the one
    // chosen that does — 1.0.0, never 3.0.0, which is newer than what the operator chose.
    await deploy('2.0.0');
    expect((await map()).devices).toBe(store('1.0.0'));

    // Nothing deployed fits: the dist build shipped with the platform.
    const admin = await call('POST', '/api/v3/platform/remotes/admin/releases', {
      version: '7.0.0',
      entry: `${CDN}/admin/7.0.0/mf-manifest.json`,
      contract: '^9.0.0',
    });
    expect(admin.statusCode).toBe(201);
    await call('PUT', '/api/v3/platform/remotes/admin/deployment', { version: '7.0.0' });
    expect((await map()).admin).toBe('/remotes/admin/mf-manifest.json');
    expect((await map(undefined, '?contract=9.0.0')).admin).toBe(`${CDN}/admin/7.0.0/mf-manifest.json`);

    await deploy(null);
    await call('PUT', '/api/v3/platform/remotes/admin/deployment', { version: null });
  });

  it('serves every version side by side, immutable, and nothing outside the store', async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      const entry = await d.s.app.inject({ url: `/remotes/tasks/${version}/remoteEntry.js` });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toBe(`/* tasks ${version} */`);
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await d.s.app.inject({ url: `/remotes/tasks/${version}/mf-manifest.json` })).json()).toEqual({
        id: 'tasks',
        version,
      });
    }
    for (const url of [
      '/remotes/tasks/1.0.0/missing.js',
      '/remotes/tasks/1.0.0/..%2F1.1.0%2FremoteEntry.js',
      '/remotes/tasks/..%2F..%2Fetc/passwd',
    ]) {
      expect((await d.s.app.inject({ url })).statusCode).toBe(404);
    }
    // The dist build is still served at the unversioned path.
    expect((await d.s.app.inject({ url: '/remotes/dashboard/mf-manifest.json' })).statusCode).toBe(200);
  });

  it('turns releases off without RELEASE_KEY, saying how to turn them on; the map is the dist builds', async () => {
    const off = await startServer(driver, { demo: false, staticRoot: root });
    try {
      const res = await rawInject(off.app)({ method: 'GET', url: '/api/v3/platform/remotes', headers: AUTH });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(RELEASE_MESSAGES.keyMissing);
      const put = await off.app.inject({
        method: 'PUT',
        url: '/api/v3/platform/remotes/tasks/deployment',
        payload: { version: null },
      });
      expect(put.statusCode).toBe(404);
      expect((await off.app.inject({ url: '/remotes.json' })).json().tasks).toBe(
        '/remotes/tasks/mf-manifest.json',
      );
    } finally {
      await off.close();
    }
  });
});
