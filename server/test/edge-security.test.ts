/**
 * Security at the edge (issue 14 §2, §5, §8): cross-site writes refused (CSRF), security headers,
 * the HOST default with demo data, and no secret in any log line.
 */
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { banner } from '../src/banner';
import { ConfigError, loadConfig } from '../src/config';
import { channels, units } from '../src/db/schema';
import { cspDirectives, sourceOf } from '../src/http/headers';
import { CROSS_SITE_CODE } from '../src/http/origin';
import { redactUrl, REDACTED, scrubText } from '../src/http/redact';
import { DEMO_PASSWORD } from '../src/seed/fleet';
import {
  DRIVERS,
  fingerprintDiff,
  injectAsOwnPages,
  login,
  makeStaticRoot,
  rawInject,
  sessionCookie,
  startDemo,
  tableFingerprint,
  testConfig,
  type DemoServer,
} from './helpers';

const HOST = 'fw.test:3000';
const OWN = `http://${HOST}`;
const EVIL = 'https://evil.example';

/** The ways a request can arrive from another site (or from nowhere we know). */
const FOREIGN: Array<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: EVIL }],
  [
    'Sec-Fetch-Site same-site (a sibling subdomain)',
    { 'sec-fetch-site': 'same-site', origin: 'http://x.fw.test:3000' },
  ],
  ['Sec-Fetch-Site cross-site with our Origin forged', { 'sec-fetch-site': 'cross-site', origin: OWN }],
  ['a foreign Origin', { origin: EVIL }],
  ['Origin: null', { origin: 'null' }],
  ['our host on another port', { origin: 'http://fw.test:4000' }],
  ['our host over another scheme', { origin: 'https://fw.test:3000' }],
  ['a foreign Referer', { referer: `${EVIL}/page?x=1` }],
  ['a malformed Referer', { referer: 'not a url' }],
  ['neither Origin nor Referer', {}],
];

/** Ways our own pages (and a typed address) arrive. */
const OWN_WAYS: Array<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
  ['Sec-Fetch-Site none (address bar)', { 'sec-fetch-site': 'none' }],
  ['our Origin (no Sec-Fetch-Site)', { origin: OWN }],
  ['our Origin with the default port spelt out', { origin: 'http://fw.test:3000' }],
  ['our Referer (no Origin)', { referer: `${OWN}/dashboard/overview` }],
];

describe.each(DRIVERS)('cross-site request refusal on %s', (driver) => {
  let d: DemoServer;
  let raw: FastifyInstance['inject'];
  let unitId: number;
  let channelNo: number;

  const send = (o: InjectOptions, headers: Record<string, string>): Promise<LightMyRequestResponse> =>
    raw({ ...o, headers: { host: HOST, ...(o.headers as Record<string, string>), ...headers } });

  const channelName = async () => {
    const [row] = await d.s.db.db
      .select({ name: channels.name })
      .from(channels)
      .where(and(eq(channels.unitId, unitId), eq(channels.channelNo, channelNo)));
    return row!.name;
  };

  /** State-changing requests an attacker page can make the browser send. */
  const writes = (): Array<[string, InjectOptions]> => {
    const c = { cookie: d.userCookie };
    const q = `UnitID=${unitId}&ChannelID=${channelNo}&ChannelName=pwned`;
    return [
      [
        'GET xrequest EditChannel (an <img> or link)',
        { method: 'GET', url: `/api/v1/xrequest/EditChannel?${q}`, headers: c },
      ],
      [
        'HEAD xrequest EditChannel (runs the GET handler)',
        { method: 'HEAD', url: `/api/v1/xrequest/EditChannel?${q}`, headers: c },
      ],
      [
        'GET xrequest UnitAction purgeData',
        { method: 'GET', url: `/api/v1/xrequest/UnitAction?UnitID=${unitId}&Action=purgeData`, headers: c },
      ],
      [
        'POST xrequest EditChannel (a form)',
        {
          method: 'POST',
          url: '/api/v1/xrequest/EditChannel',
          headers: { ...c, 'content-type': 'application/x-www-form-urlencoded' },
          payload: q,
        },
      ],
      [
        'POST xrequest EditChannel JSON',
        {
          method: 'POST',
          url: '/api/v1/xrequest/EditChannel',
          headers: c,
          payload: { UnitID: unitId, ChannelID: channelNo, ChannelName: 'pwned' },
        },
      ],
      ['GET v2 logout', { method: 'GET', url: '/api/v2/auth/logout', headers: c }],
      ['GET v1 logout', { method: 'GET', url: '/api/v1/auth/logout', headers: c }],
      [
        'POST login (login CSRF)',
        {
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { username: 'demo.user', password: DEMO_PASSWORD },
        },
      ],
      [
        'DELETE a session',
        { method: 'DELETE', url: '/api/v2/auth/sessions/00000000-0000-0000-0000-000000000000', headers: c },
      ],
      ['PUT an unknown API path', { method: 'PUT', url: '/api/v3/nothing-here', headers: c }],
    ];
  };

  beforeAll(async () => {
    d = await startDemo(driver);
    raw = rawInject(d.s.app);
    const [row] = await d.s.db.db
      .select({ unitId: channels.unitId, channelNo: channels.channelNo })
      .from(channels)
      .innerJoin(units, eq(units.id, channels.unitId))
      .where(eq(units.organizationId, d.nordic))
      .orderBy(channels.unitId, channels.channelNo)
      .limit(1);
    unitId = row!.unitId;
    channelNo = row!.channelNo;
  }, 120_000);
  afterAll(async () => d?.s.close());

  it('refuses every cross-site write with 403 cross_site, a clear message, and changes nothing', async () => {
    const before = await tableFingerprint(d.s.db);
    const name = await channelName();
    let tried = 0;
    for (const [wayName, headers] of FOREIGN) {
      for (const [writeName, o] of writes()) {
        const res = await send(o, headers);
        tried += 1;
        expect({ way: wayName, write: writeName, status: res.statusCode }).toEqual({
          way: wayName,
          write: writeName,
          status: 403,
        });
        if (o.method !== 'HEAD') {
          const body = res.json() as { message: string; code: string };
          expect(body.code).toBe(CROSS_SITE_CODE);
          expect(body.message).toMatch(/another website.*refused.*try again/i);
        }
        expect(res.cookies).toEqual([]); // no session issued, none cleared
      }
    }
    expect(tried).toBe(FOREIGN.length * writes().length);
    expect(fingerprintDiff(before, await tableFingerprint(d.s.db))).toEqual([]);
    expect(await channelName()).toBe(name);
    // The sessions the forged logouts aimed at are still alive.
    expect(
      (await send({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie: d.userCookie } }, {}))
        .statusCode,
    ).toBe(200);
  });

  it.each(OWN_WAYS)('accepts a GET write of the older API from our own origin: %s', async (_way, headers) => {
    const newName = `Renamed ${Object.keys(headers).join('+')} ${Date.now() % 100000}`;
    const res = await send(
      {
        method: 'GET',
        url: `/api/v1/xrequest/EditChannel?UnitID=${unitId}&ChannelID=${channelNo}&ChannelName=${encodeURIComponent(newName)}`,
        headers: { cookie: d.userCookie },
      },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(await channelName()).toBe(newName);
  });

  it('accepts login and logout from our own origin', async () => {
    const res = await send(
      {
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { username: 'demo.reader', password: DEMO_PASSWORD },
      },
      { origin: OWN },
    );
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    const out = await send(
      { method: 'GET', url: '/api/v2/auth/logout', headers: { cookie } },
      { referer: `${OWN}/dashboard` },
    );
    expect(out.statusCode).toBeLessThan(400);
    expect(
      (await send({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie } }, {})).statusCode,
    ).toBe(401);
  });

  it('leaves reads alone: a cross-site GET of a read route is answered as usual', async () => {
    const res = await send(
      { method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie: d.userCookie } },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(200);
  });

  it('exempts Bearer-token calls (device ingestion) from the origin check', async () => {
    const token = await d.s.app.inject({
      method: 'POST',
      url: '/api/v3/admin/tokens',
      headers: { cookie: d.superCookie },
      payload: { name: `csrf ${driver}`, organizationId: d.nordic },
    });
    expect(token.statusCode).toBe(201);
    const secret = (token.json() as { data: { token: string } }).data.token;
    const res = await send(
      {
        method: 'POST',
        url: '/api/v3/ingest',
        headers: { authorization: `Bearer ${secret}` },
        payload: { points: [{ unitId, channel: channelNo, ts: new Date().toISOString(), value: 1 }] },
      },
      { 'sec-fetch-site': 'cross-site', origin: EVIL },
    );
    expect(res.statusCode).toBeLessThan(300);
    expect((res.json() as { data: { accepted: number } }).data.accepted).toBe(1);
  });

  it('checks Origin against PUBLIC_ORIGIN when set, and against the forwarded origin behind a trusted proxy', async () => {
    const other = injectAsOwnPages(
      await buildApp({
        config: testConfig({ demo: false, publicOrigins: ['https://fw.example.com'] }),
        database: d.s.db,
      }),
    );
    const behindProxy = await buildApp({
      config: testConfig({ demo: false, trustProxy: true }),
      database: d.s.db,
    });
    try {
      const loginWith = (app: FastifyInstance, headers: Record<string, string>) =>
        rawInject(app)({
          method: 'POST',
          url: '/api/v2/auth/login',
          headers: { host: 'internal:3000', ...headers },
          payload: { username: 'demo.reader', password: DEMO_PASSWORD },
        });
      expect((await loginWith(other, { origin: 'https://fw.example.com' })).statusCode).toBe(200);
      // The listed origins replace the request's own: the internal address is not one of ours.
      expect((await loginWith(other, { origin: 'http://internal:3000' })).statusCode).toBe(403);
      const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example' };
      expect(
        (await loginWith(behindProxy, { ...forwarded, origin: 'https://public.example' })).statusCode,
      ).toBe(200);
      expect(
        (await loginWith(behindProxy, { ...forwarded, origin: 'http://internal:3000' })).statusCode,
      ).toBe(403);
    } finally {
      await other.close();
      await behindProxy.close();
    }
  });
});

describe('PUBLIC_ORIGIN and PARTNER_ORIGINS', () => {
  it('reads comma-separated origins and refuses anything else', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://a.example, http://b.example:8080' }).publicOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(loadConfig({ PARTNER_ORIGINS: 'https://partner.example/, http://shop.example:8080' }).partnerOrigins).toEqual([
      'https://partner.example',
      'http://shop.example:8080',
    ]);
    // The older name still counts, merged with the new one.
    expect(
      loadConfig({ PARTNER_ORIGINS: 'https://partner.example', EMBED_ORIGINS: 'https://old.example, https://partner.example' })
        .partnerOrigins,
    ).toEqual(['https://partner.example', 'https://old.example']);
    expect(loadConfig({}).partnerOrigins).toBeUndefined();
    expect(loadConfig({}).publicOrigins).toBeUndefined();
    for (const bad of ['https://a.example/path', 'ftp://a.example', 'a.example', '*']) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PARTNER_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ EMBED_ORIGINS: bad })).toThrow(ConfigError);
    }
  });
});

describe('HOST with demo data', () => {
  it('binds to 127.0.0.1 by default with demo data, everywhere without, and as told when HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: '0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: '1', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '192.168.1.5' }).host).toBe('192.168.1.5');
  });

  it('warns on start when demo data is reachable on every interface', () => {
    const warning = /WARNING: demo data with public passwords is reachable on every network interface/;
    for (const host of ['0.0.0.0', '::']) expect(banner(loadConfig({ HOST: host }), 3000)).toMatch(warning);
    expect(banner(loadConfig({}), 3000)).not.toMatch(warning);
    expect(banner(loadConfig({ HOST: '0.0.0.0', DEMO: '0' }), 3000)).not.toMatch(warning);
  });
});

describe('security headers', () => {
  let app: FastifyInstance;
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find((d) => d[0] === name)
      ?.slice(1) ?? [];

  beforeAll(async () => {
    const config = testConfig({
      demo: false,
      staticRoot: makeStaticRoot(),
      trustProxy: true,
      partnerOrigins: ['https://partner.example'],
      nfcHost: 'https://nfc.example.com',
      mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      remoteUrls: { devices: 'https://cdn.example.net/devices/mf-manifest.json' },
    });
    app = await buildApp({ config });
    await app.ready();
  }, 60_000);
  afterAll(async () => app?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('sends a CSP with our origin and exactly the configured remote origins, no inline script', async () => {
    const res = await page('/dashboard/overview');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'img-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'https://*.tiles.example.org',
        'https://server.arcgisonline.com',
      ]),
    );
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://cdn.example.net',
      'https://nfc.example.com',
    ]);
    expect(directive(csp, 'worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers on API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directive(String(res.headers['content-security-policy']), 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets only the partner origins frame the onboarding page', async () => {
    for (const url of ['/onboarding', '/onboarding/tag/123', '/onboarding?lang=da']) {
      const res = await page(url);
      expect(directive(String(res.headers['content-security-policy']), 'frame-ancestors')).toEqual([
        'https://partner.example',
      ]);
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    const other = await page('/onboardingx');
    expect(directive(String(other.headers['content-security-policy']), 'frame-ancestors')).toEqual([
      "'none'",
    ]);
  });

  it('sends HSTS only over https', async () => {
    const res = await page('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('keeps onboarding unframeable without PARTNER_ORIGINS', () => {
    expect(cspDirectives(testConfig())['frame-ancestors']).toEqual(["'none'"]);
  });

  it('derives CSP sources from tile URL templates', () => {
    expect(sourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(sourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(sourceOf('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(sourceOf('http://localhost:8080/t/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(sourceOf('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(sourceOf('')).toBeUndefined();
  });
});

describe('no secrets in logs', () => {
  const TOKEN = 'Tk0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3a'; // 43 characters, like ours
  const SECRETS = {
    oldPassword: 'OldPw-7f3a9c-secret',
    newPassword: 'NewPw-4b8e2d-secret',
    shortNew: 'Sh0rt',
    bodyPassword: 'BodyPw-91c2aa-secret',
    loginPassword: 'LoginPw-0d9e7b-secret',
    token: TOKEN,
    badToken: 'bad-token-value-77',
    bodyToken: 'BodyTok-5566aa-secret',
    cookie: 'Ck9xQ8wE7rT6yU5iO4pA3sD2fG1hJ0kL9zX8cV7bN6m',
    bearer: 'Bearer-Secret-12ab34cd56ef',
    thrown: 'ThrownPw-3c3c3c-secret',
    brokenJson: 'JsonPw-8d8d8d-secret',
  };
  let out = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const config = testConfig({ logLevel: 'trace' });
    const app = injectAsOwnPages(await buildApp({ config, logStream: stream }));
    // A route that fails with its input in the error, as a database error quoting a value would.
    app.post('/api/test/explode', { config: { public: true } }, async (request) => {
      throw new Error(`could not store ${request.url} ${JSON.stringify(request.body)}`);
    });
    await app.ready();
    try {
      const cookie = await login(app, 'demo.user');
      const S = SECRETS;
      const requests: InjectOptions[] = [
        {
          method: 'PUT',
          url: `/api/v3/user/password?oldPassword=${S.oldPassword}&newPassword=${S.newPassword}`,
          headers: { cookie },
        },
        {
          method: 'PUT',
          url: `/api/v3/user/password?oldPassword=${S.oldPassword}&newPassword=${S.shortNew}`,
          headers: { cookie },
        },
        {
          method: 'PUT',
          url: `/api/v3/user/password?newPassword=${encodeURIComponent(S.newPassword)}&oldPassword=${S.oldPassword}&oldPassword=${S.oldPassword}`,
        },
        {
          method: 'PUT',
          url: '/api/v3/user/password',
          headers: { cookie },
          payload: { oldPassword: S.bodyPassword, newPassword: S.newPassword },
        },
        { method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${S.token}` },
        { method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${S.badToken}` },
        {
          method: 'POST',
          url: '/api/v3/user/changePassword',
          payload: { token: S.bodyToken, newPassword: S.bodyPassword },
        },
        {
          method: 'POST',
          url: '/api/v3/user/changePassword',
          payload: { token: S.bodyToken, newPassword: S.shortNew, extra: 1 },
        },
        {
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { username: 'demo.user', password: S.loginPassword },
        },
        {
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { username: 'x', password: S.loginPassword, junk: [1] },
        },
        { method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie: `fw_session=${S.cookie}` } },
        {
          method: 'GET',
          url: '/api/v2/auth/sessions',
          headers: { authorization: `Bearer ${S.bearer}`, cookie },
        },
        {
          method: 'POST',
          url: '/api/v3/ingest',
          headers: { authorization: `Bearer ${S.bearer}` },
          payload: { points: [] },
        },
        { method: 'POST', url: `/api/test/explode?password=${S.thrown}`, payload: { newPassword: S.thrown } },
        {
          method: 'POST',
          url: '/api/v2/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: `{"password":"${S.brokenJson}", oops`,
        },
        { method: 'GET', url: `/api/nowhere?token=${S.token}&password=${S.oldPassword}` },
        { method: 'GET', url: `/reset-password?token=${S.token}`, headers: { accept: 'text/html' } },
        {
          method: 'POST',
          url: `/api/v1/xrequest/GetUnitsInfo?password=${S.oldPassword}`,
          headers: { cookie },
          payload: { Password: S.bodyPassword },
        },
      ];
      for (const r of requests) await app.inject(r);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('logs the requests (trace level), with their secrets replaced', () => {
    expect(out).toMatch(/incoming request/);
    expect(out).toContain(`/api/v3/user/password?oldPassword=${REDACTED}&newPassword=${REDACTED}`);
    expect(out).toContain(`/api/v3/user/verifyChangePasswordToken/${REDACTED}`);
    expect(out).toMatch(/request failed/); // the 500 was logged, without its secrets
  });

  it.each(Object.entries(SECRETS))('never writes the %s anywhere in the log', (_name, secret) => {
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
  });

  it('redacts URLs and text by parameter name and token shape', () => {
    expect(redactUrl('/a?x=1&newPassword=p&Token=t&ok=2')).toBe(
      `/a?x=1&newPassword=${REDACTED}&Token=${REDACTED}&ok=2`,
    );
    expect(redactUrl('/a?new%50assword=p')).toBe(`/a?new%50assword=${REDACTED}`);
    expect(redactUrl(`/x/restorePassword/abc`)).toBe(`/x/restorePassword/${REDACTED}`);
    expect(redactUrl(`/dash/${TOKEN}/x`)).toBe(`/dash/${REDACTED}/x`);
    expect(redactUrl('/api/v3/admin/tokens/12?limit=5')).toBe('/api/v3/admin/tokens/12?limit=5');
    expect(scrubText('failed: password=hunter22 and "token": "abc" Bearer xyz fw_session=s3cr')).not.toMatch(
      /hunter22|abc"|xyz|s3cr/,
    );
  });
});
