/**
 * Property-based fuzzing of every route (fast-check, fixed seed: repeatable). For each route, as
 * the signed-in demo SuperUser (demo.super) and, for a quarter of the requests, the demo User
 * (demo.user), at least RUNS[driver] malformed requests: wrong-typed, missing and extra fields,
 * deep nesting, huge numbers, NaN-ish and date-ish strings, negative ids, '1e309', '../',
 * unicode (NUL and lone surrogates included), arrays for objects, malformed JSON text, wrong
 * content types, junk query strings and junk path segments, mixed with real ids of both
 * organisations so that requests get past the first checks.
 *
 * Asserted: no answer is a 5xx, and no stored row changes (tableFingerprint after every route).
 *
 * Every request sent to a route that can write is malformed by construction, in one of two ways:
 * - generic requests (junk anywhere) are first given to a validation twin: a bare Fastify with
 *   the app's validator options (AJV_OPTIONS), input guard and error handler, and each route's
 *   own params/query/body schemas. A request the twin accepts is not sent (it might be valid);
 *   everything sent is invalid per the route's schema. Read-only routes get every request.
 * - "semantic" requests pass the schema but break a rule checked in the handler (a blank name, a
 *   date out of range, a stale revision, an id that does not exist or is not the caller's, a
 *   locked marker, …), or only target objects on which the call is a no-op (a built-in
 *   dashboard for delete, an already revoked token, an already seen notification). Which one is
 *   written at each generator.
 *
 * Before the first fingerprint the fixture is warmed up: the dashboard lists are fetched once per
 * user (missing built-in dashboards are created on fetch, spec §4 — the only GET that writes) and
 * a few objects to aim at are created (markers, a unit group, containers, a revoked token).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  ALARM_ACTIONS,
  AVATAR_CONTENT_TYPES,
  CONTAINER_KINDS,
  DATE_FORMATS,
  EVENT_CATEGORIES,
  isLanguage,
  isValidEvent,
  isValidNotification,
  isValidTask,
  NOTIFICATION_PRIORITIES,
  PROFILE_FIELDS,
  TASK_OPERATIONS,
  TASK_STATUSES,
  UNIT_ACTIONS,
  UNIT_STATUSES,
  validateDashboardContent,
  type FwTask,
} from '@fieldwatch/shared';
import { AJV_OPTIONS, appContext, appRoutes, BODY_LIMIT_BYTES, type AppRoute } from '../src/app';
import {
  alarms,
  channels,
  events,
  nfcTags,
  notifications,
  tasks,
  unitSettings,
  units,
} from '../src/db/schema';
import { installErrorHandler } from '../src/http/errors';
import { installInputGuard, MAX_JSON_DEPTH } from '../src/http/input';
import { ID_LIST_PATTERN } from '../src/http/params';
import { parseTime } from '../src/modules/legacy/params';
import { toContainer } from '../src/modules/userdata/service';
import {
  fingerprintDiff,
  getJson,
  startDemo,
  tableFingerprint,
  type DemoServer,
  type Driver,
  type Fingerprint,
} from './helpers';

/**
 * Malformed requests per route: at least 1,000 on PGlite, as the issue asks. An authenticated
 * request costs about 3 ms of PGlite and drizzle work (the handler's queries; the session comes
 * from memory, auth/session-cache.ts), so the two PGlite halves take about four minutes each for
 * the ~86 routes. The PostgreSQL run looks for what differs by driver (its error codes, types and
 * casts) with the same generators and fewer requests, to keep CI's 2 cores within their budget.
 */
const RUNS: Record<Driver, number> = { pglite: 1000, postgres: 200 };
/** Requests of one property run, sent concurrently (they are independent and change nothing). */
const BATCH = 4;
const SEED = 0x5eed_f022;
/** Per route, at most this long (a route sends RUNS requests in a few seconds). */
const ROUTE_TIMEOUT_MS = 120_000;

// ───────────────────────── what is fuzzed ─────────────────────────

/**
 * Routes not fuzzed, each with its reason. Calls that could end a session are fuzzed nonetheless,
 * because the generators cannot produce what would make them succeed: DELETE
 * /api/v2/auth/session/logout/:id only gets random session ids, PUT /api/v3/user/password and the
 * logins never the right password, POST /api/v3/user/changePassword never an issued token.
 */
const SKIPPED: Record<string, string> = {
  'GET /api/docs': 'generated OpenAPI document: no input, no database (the issue leaves /api/docs* out)',
  'GET /api/v2/auth/logout': 'ends the signed-in session the fuzzer works with',
  'GET /api/v1/auth/logout': 'ends the signed-in session the fuzzer works with',
  'GET /api/v3/events/stream': 'server-sent events: the answer never ends (push.test.ts covers it)',
  'GET /remotes.json': 'static hosting: no input; reads the remote map (releases.test.ts)',
  // The deploy key's routes (contract/releases.ts): the fuzz server has no RELEASE_KEY, so each
  // answers 404 before reading input; releases.test.ts checks their validation with a key.
  'GET /api/v3/platform/remotes': 'deploy key only (releases.test.ts)',
  'POST /api/v3/platform/remotes/:name/releases': 'deploy key only (releases.test.ts)',
  'PUT /api/v3/platform/remotes/:name/deployment': 'deploy key only (releases.test.ts)',
  'POST /api/v3/platform/remotes/:name/rollback': 'deploy key only (releases.test.ts)',
  'GET /onboarding/embed.js': 'static hosting: the partner pages\' loader, no input',
  'GET /remotes/:name/*': 'static file serving (static.test.ts covers path traversal)',
  'OPTIONS /remotes/:name/*': 'static hosting: CORS preflight of the embeddable remote',
  'GET /*': 'static file serving and the SPA fallback',
};

type Who = 'super' | 'user';
/** A path segment: text (percent-encoded when sent) or an already encoded (possibly broken) one. */
type Segment = string | { raw: string };
type Query = { kind: 'obj'; v: Record<string, string | string[]> } | { kind: 'raw'; text: string };
type Body =
  | { kind: 'none' }
  | { kind: 'json'; v: unknown }
  | { kind: 'text'; text: string; type: string }
  | { kind: 'bytes'; bytes: Buffer; type: string };

interface FuzzReq {
  who: Who;
  path: Record<string, Segment>;
  query: Query;
  body: Body;
  headers?: Record<string, string>;
  /** Invalid (or a no-op) by construction: sent without asking the validation twin. */
  semantic?: boolean;
}

/** A JSON token written as is: numbers JSON.stringify cannot produce (1e309, -0.0, 30 digits). */
class Raw {
  constructor(readonly text: string) {}
}

function toJsonText(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJsonText).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** What a GET transport makes of a value: text. */
function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Raw) return v.text;
  return toJsonText(v);
}

function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate: send its replacement character's UTF-8 bytes.
    return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

function toInject(route: AppRoute, r: FuzzReq, cookie: string): InjectOptions {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const seg = r.path[name] ?? '1';
    return typeof seg === 'string' ? encode(seg) : seg.raw;
  });
  const query =
    r.query.kind === 'raw'
      ? r.query.text
      : Object.entries(r.query.v)
          .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(x)}`))
          .join('&');
  const headers: Record<string, string> = { cookie, ...(r.headers ?? {}) };
  let payload: string | Buffer | undefined;
  if (r.body.kind === 'json') {
    payload = toJsonText(r.body.v);
    headers['content-type'] = 'application/json';
  } else if (r.body.kind === 'text') {
    payload = r.body.text;
    if (r.body.type) headers['content-type'] = r.body.type;
  } else if (r.body.kind === 'bytes') {
    payload = r.body.bytes;
    headers['content-type'] = r.body.type;
  }
  return {
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

function describeReq(o: InjectOptions): string {
  const p =
    o.payload === undefined
      ? ''
      : ` ${String(Buffer.isBuffer(o.payload) ? `<${o.payload.length} bytes>` : o.payload).slice(0, 300)}`;
  const ct = (o.headers as Record<string, string>)['content-type'];
  return `${o.method} ${String(o.url).slice(0, 300)}${ct ? ` [${ct}]` : ''}${p}`;
}

// ───────────────────────── junk ─────────────────────────

const JUNK_STRINGS = [
  '',
  ' ',
  '   ',
  '\t',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e309',
  '-1e309',
  '1e3',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  'yes',
  '[]',
  '{}',
  '{"a":1}',
  '[1,2]',
  '../',
  '../../etc/passwd',
  '..',
  '.',
  '%',
  '%00',
  '%zz',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '🙂',
  'ÅÄÖ åäö',
  'ﬁ',
  '\u202E',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  ' 7 ',
  '1,2',
  ',',
  '1,,2',
  '0x1F',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${x}',
  '__proto__',
  'constructor',
  'a'.repeat(101),
  'x'.repeat(5000),
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '0001-01-01 00:00:00',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '2024-02-30',
  '2024-02-30 10:00:00',
  '2024-13-01T00:00:00Z',
  '1970-01-01 00:00:00',
  '2024-01-01T25:61:61Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '2024-06-01',
  '2024-06-01 12:00:00',
  '2024-06-01T12:00:00.000Z',
  'now',
  '12:00',
  '25:00',
  'Y',
  'N',
  'en',
  'xx',
  'demo.user',
  'demo.reader',
  'http://localhost/x',
  'javascript:alert(1)',
];

const junkString = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...JUNK_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
);
const junkNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 10 }),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53 + 2,
    1e21,
    -1e21,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.constantFrom(
    new Raw('1e309'),
    new Raw('-1e309'),
    new Raw('1e-400'),
    new Raw('123456789012345678901234567890'),
    new Raw('-0.0'),
    new Raw('1E2'),
  ),
);
const junkScalar = fc.oneof(junkString, junkNumber, fc.boolean(), fc.constant(null));
/** Field names of the API (so junk keys often hit real fields) and junk names. */
const FIELD_NAMES = [
  'id',
  'name',
  'description',
  'organization',
  'organizationId',
  'userId',
  'baseUrl',
  'token',
  'newPassword',
  'username',
  'password',
  'remember',
  'content',
  'version',
  'updatedAt',
  'templateId',
  'useContext',
  'revision',
  'settings',
  'value',
  'position',
  'locked',
  'comments',
  'on',
  'reset',
  'points',
  'unitId',
  'channel',
  'ts',
  'title',
  'category',
  'eventIds',
  'assignees',
  'op',
  'status',
  'user',
  'note',
  'groupId',
  'devices',
  'kind',
  'parentId',
  'target',
  'type',
  'levels',
  'level',
  'low',
  'high',
  'enabled',
  'action',
  'active',
  'lat',
  'lon',
  'days',
  'lang',
  'statuses',
  'unitTypes',
  'alarmTypes',
  'search',
  'dateInterval',
  'weather',
  'hiddenWidgets',
  'filterSettings',
  'textSearch',
  'limit',
  'start',
  'end',
  'stop',
  'records',
  'use_context',
  'excludeContent',
  'orgs',
  'unit',
  'timestamp',
  'page',
  'pageSize',
  'language',
  'oldPassword',
];
const junkKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      '',
      ' ',
      '\u0000',
      '\uD800',
      '$where',
      'a.b',
      'a[b]',
    ),
  },
);
/** JSON nested deeper than the API takes (MAX_JSON_DEPTH), up to what overflows parsers' stacks. */
const deepJson = fc.oneof(
  fc.integer({ min: MAX_JSON_DEPTH + 1, max: 4000 }).map((n) => new Raw('['.repeat(n) + ']'.repeat(n))),
  fc
    .integer({ min: MAX_JSON_DEPTH + 1, max: 4000 })
    .map((n) => new Raw('{"a":'.repeat(n) + '1' + '}'.repeat(n))),
);
const { junkValue } = fc.letrec<{
  junkValue: unknown;
  junkArray: unknown[];
  junkObject: Record<string, unknown>;
}>((tie) => ({
  junkValue: fc.oneof({ depthSize: 'small', maxDepth: 3 }, junkScalar, tie('junkArray'), tie('junkObject')),
  junkArray: fc.array(tie('junkValue'), { maxLength: 4 }),
  junkObject: fc.dictionary(junkKey, tie('junkValue'), { maxKeys: 4 }),
}));
const junkAny = fc.oneof({ weight: 8, arbitrary: junkValue }, { weight: 1, arbitrary: deepJson });

const MALFORMED_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  '[1,]',
  "{'a':1}",
  'nul',
  'tru',
  '{"a":1}{',
  '"unterminated',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  '\uFEFF{}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\\x00"}',
  '{"a" 1}',
  '// {}',
  '0x10',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'text/html',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/jsonx',
  'foo',
  '',
];
const junkBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 4, arbitrary: junkAny.map((v): Body => ({ kind: 'json', v })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...MALFORMED_JSON)
      .map((text): Body => ({ kind: 'text', text, type: 'application/json' })),
  },
  { weight: 1, arbitrary: fc.constant<Body>({ kind: 'text', text: '', type: 'application/json' }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(junkString, junkAny.map(toJsonText)))
      .map(([type, text]): Body => ({ kind: 'text', text, type })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...AVATAR_CONTENT_TYPES, 'application/octet-stream'),
        fc.uint8Array({ maxLength: 64 }),
      )
      .map(([type, b]): Body => ({
        kind: 'bytes',
        bytes: Buffer.concat([Buffer.from('X'), Buffer.from(b)]),
        type,
      })),
  },
  // Over the body limit, rarely (they are large to build).
  {
    weight: 1,
    arbitrary: fc.constant<Body>({
      kind: 'text',
      text: `{"a":"${'x'.repeat(BODY_LIMIT_BYTES)}"}`,
      type: 'application/json',
    }),
  },
  { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
);

/** Broken path segments, sent as they are. */
const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%00',
  '%25',
  '-1',
  '1e309',
  '%20',
];
const junkSegment: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 3, arbitrary: junkString.filter((s) => s !== '') },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })) },
  { weight: 1, arbitrary: junkNumber.map(asText) },
);
const RAW_QUERIES = [
  '&&&',
  '==',
  '=',
  'a',
  'a=',
  '=a',
  'a=1&a=2&a=3',
  'a[b]=1',
  'a[]=1',
  '%zz=1',
  'a=%zz',
  'a=%00',
  '%00=1',
  '__proto__=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'a=%ED%A0%80',
  'a=1;b=2',
  '?a=1',
];
const junkQuery: fc.Arbitrary<Query> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .dictionary(junkKey, fc.oneof(junkString, fc.array(junkString, { maxLength: 3 })), { maxKeys: 4 })
      .map((v): Query => ({ kind: 'obj', v })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((text): Query => ({ kind: 'raw', text })) },
);
const noQuery: Query = { kind: 'obj', v: {} };

const whoArb = fc.constantFrom<Who>('super', 'super', 'super', 'user');
const blank = fc.constantFrom('', ' ', '   ', '\t', '\n');
const NOWHERE = 987_654_321;
const nowhereInt = fc.constantFrom(NOWHERE, 2_147_483_647, 1_999_999_999);
/** Times parseTime refuses (the route's own parser is the oracle). */
const badTime = junkString.filter((s) => {
  try {
    parseTime(s, 'x');
    return false;
  } catch {
    return true;
  }
});
const validTime = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
/** Strings of more than `n` characters. */
const longer = (n: number) => fc.constantFrom('x'.repeat(n + 1), 'é'.repeat(n + 7));

// ───────────────────────── the fixture ─────────────────────────

interface Fixture {
  d: DemoServer;
  cookie: Record<Who, string>;
  userId: Record<Who | 'reader', number>;
  nordic: number;
  baltic: number;
  nordicUnits: number[];
  balticUnits: number[];
  /** A Nordic unit with channels 1..: its channel numbers, one with alarm limits, one without. */
  unit: {
    id: number;
    channels: number[];
    limitsChannel: number;
    noLimitsChannel: number;
    settingsRevision: number;
  };
  relayUnit: number;
  tagUuids: string[];
  builtIns: Record<Who, number[]>;
  readerDashboards: number[];
  validContent: unknown;
  markers: {
    open: { unit: number; ch: number; id: number };
    locked: { unit: number; ch: number; id: number };
  };
  alarmIds: number[];
  nordicTasks: Array<{ id: string; revision: number; assignees: string[] }>;
  eventIds: string[];
  seenNotifications: Record<Who, string[]>;
  readerNotifications: string[];
  group: number;
  containers: { group: string; location: string };
  revokedToken: number;
  legacy: string[];
}

async function makeFixture(d: DemoServer): Promise<Fixture> {
  const db = d.s.db.db;
  const app = d.s.app;
  const call = async (method: InjectOptions['method'], url: string, cookie: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: never }>().data;
  };
  const cookie: Record<Who, string> = { super: d.superCookie, user: d.userCookie };
  const ids = async (org: number) =>
    (
      await db.select({ id: units.id }).from(units).where(eq(units.organizationId, org)).orderBy(units.id)
    ).map((r) => r.id);
  const nordicUnits = await ids(d.nordic);
  const balticUnits = await ids(d.baltic);
  // A Nordic unit with an analog channel (limits) and a plain one (none).
  const [u] = (
    (await db.execute(sql`
      select u.id from units u
      where u.organization_id = ${d.nordic} and u.name not ilike '%Ej installerad%'
        and exists (select 1 from channels c where c.unit_id = u.id and c.kind = 'analog')
        and exists (select 1 from channels c where c.unit_id = u.id and c.kind = 'channel' and c.name ilike 'signal%')
      order by u.id limit 1`)) as unknown as { rows: Array<{ id: number }> }
  ).rows;
  const unitId = Number(u!.id);
  const chs = await db.select().from(channels).where(eq(channels.unitId, unitId)).orderBy(channels.channelNo);
  const [settings] = await db.select().from(unitSettings).where(eq(unitSettings.unitId, unitId));
  const relayUnit = (
    (await db.execute(
      sql`select id from units where organization_id = ${d.nordic} and type in (21, 25) order by id limit 1`,
    )) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows[0];

  // Dashboards: listing creates the built-ins (the one GET that writes, spec §4).
  const builtIns = {} as Record<Who, number[]>;
  for (const who of ['super', 'user'] as const) {
    await call('GET', '/api/v3/user/dashboard?useContext=false', cookie[who]);
    const list = (await call(
      'GET',
      '/api/v3/user/dashboard?useContext=true&excludeContent=true',
      cookie[who],
    )) as Array<{ id: number }>;
    builtIns[who] = list.map((x) => x.id);
  }
  const readerDashboards = (
    (await call('GET', '/api/v3/user/dashboard', d.readerCookie)) as Array<{ id: number }>
  ).map((x) => x.id);
  const validContent = (
    (await call('GET', `/api/v3/user/dashboard/${builtIns.super[0]}`, cookie.super)) as { content: unknown }
  ).content;
  // The avatar is already null; deleting it again rewrites the same value.
  for (const who of ['super', 'user'] as const)
    await call('DELETE', '/api/v3/user/profile/avatar', cookie[who]);

  const markerUrl = `/api/v2/device/legacy/devices/${unitId}/channel/1/markers`;
  const open = (await call('POST', markerUrl, cookie.super, {
    name: 'Fuzz open',
    position: '2024-06-01T12:00:00Z',
  })) as { id: number };
  const locked = (await call('POST', markerUrl, cookie.super, {
    name: 'Fuzz locked',
    position: '2024-06-02T12:00:00Z',
    locked: true,
  })) as { id: number };
  const group = (await call('POST', '/api/v2/device/groups', cookie.super, {
    description: 'Fuzz group',
    organization: d.nordic,
  })) as { GroupId: number };
  const cGroup = (await call('POST', '/api/v3/containers', cookie.super, {
    kind: 'group',
    name: 'Fuzz group',
    organization: d.nordic,
  })) as { id: string };
  const cLocation = (await call('POST', '/api/v3/containers', cookie.super, {
    kind: 'location',
    name: 'Fuzz location',
    organization: d.nordic,
  })) as { id: string };
  const token = (await call('POST', '/api/v3/admin/tokens', cookie.super, {
    name: 'Fuzz',
    organizationId: d.nordic,
  })) as { id: number };
  await call('DELETE', `/api/v3/admin/tokens/${token.id}`, cookie.super);

  const taskRows = await db.select().from(tasks).where(eq(tasks.organizationId, d.nordic));
  const notes = await db
    .select({ id: notifications.id, userId: notifications.userId, doc: notifications.doc })
    .from(notifications);
  const seen = (id: number) => notes.filter((n) => n.userId === id && n.doc.seen).map((n) => n.id);
  const session = async (c: string) =>
    (await getJson<{ data: { user: { id: number } } }>(app, '/api/v3/user/session', c)).body.data.user.id;
  const userId = {
    super: await session(cookie.super),
    user: await session(cookie.user),
    reader: await session(d.readerCookie),
  };
  const evs = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.organizationId, d.nordic))
    .limit(20);
  const alarmRows = await db
    .select({ id: alarms.id })
    .from(alarms)
    .where(inArray(alarms.unitId, nordicUnits))
    .limit(10);
  const tags = await db.select({ uuid: nfcTags.tagUuid }).from(nfcTags).limit(5);

  return {
    d,
    cookie,
    userId,
    nordic: d.nordic,
    baltic: d.baltic,
    nordicUnits,
    balticUnits,
    unit: {
      id: unitId,
      channels: chs.map((c) => c.channelNo),
      limitsChannel: chs.find((c) => c.kind === 'analog')!.channelNo,
      noLimitsChannel: chs.find((c) => c.kind === 'channel' && /^signal/i.test(c.name))!.channelNo,
      settingsRevision: settings?.revision ?? 0,
    },
    relayUnit: Number(relayUnit?.id ?? unitId),
    tagUuids: tags.map((t) => t.uuid),
    builtIns,
    readerDashboards,
    validContent,
    markers: { open: { unit: unitId, ch: 1, id: open.id }, locked: { unit: unitId, ch: 1, id: locked.id } },
    alarmIds: alarmRows.map((a) => a.id),
    nordicTasks: taskRows.map((t) => ({
      id: t.id,
      revision: t.revision,
      assignees: (t.doc as FwTask).assignees ?? [],
    })),
    eventIds: evs.map((e) => e.id),
    seenNotifications: { super: seen(userId.super), user: seen(userId.user) },
    readerNotifications: notes.filter((n) => n.userId === userId.reader).map((n) => n.id),
    group: group.GroupId,
    containers: { group: cGroup.id, location: cLocation.id },
    revokedToken: token.id,
    legacy: appContext(app).legacy.methods(),
  };
}

// ───────────────────────── generators ─────────────────────────

type Schema = Record<string, unknown> | undefined;

/** Real ids of the fixture, for fields with these names (so requests get past "not found"). */
function idPool(fx: Fixture, name: string): fc.Arbitrary<unknown> | null {
  const units = [...fx.nordicUnits.slice(0, 5), ...fx.balticUnits.slice(0, 3), fx.unit.id, fx.relayUnit];
  if (/^(unit|unitId|devices|a)$/i.test(name)) return fc.constantFrom(...units, NOWHERE);
  if (/^(organization|organizationId)$/.test(name)) return fc.constantFrom(fx.nordic, fx.baltic, NOWHERE);
  if (/^(groupId)$/.test(name)) return fc.constantFrom(fx.group, NOWHERE);
  if (/^(n|channel)$/.test(name)) return fc.constantFrom(...fx.unit.channels, 0, 999);
  if (name === 'userId') return fc.constantFrom(fx.userId.super, fx.userId.user, fx.userId.reader, NOWHERE);
  return null;
}

/** A value that mostly satisfies `schema` (for read routes: to get past validation). */
function fromSchema(fx: Fixture, schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return junkValue;
  const pool = idPool(fx, name);
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map((s) => fromSchema(fx, s, name)));
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1e6;
      const max = (schema.maximum as number | undefined) ?? 1e6;
      const n =
        schema.type === 'integer'
          ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
          : fc.double({ min, max, noNaN: true });
      return pool ? fc.oneof(pool, n) : n;
    }
    case 'string': {
      if (typeof schema.pattern === 'string')
        return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
      if (schema.format === 'date-time') return validTime;
      const max = (schema.maxLength as number | undefined) ?? 100;
      return fc.oneof(
        junkString.filter(
          (s) => s.length <= max && s.length >= ((schema.minLength as number | undefined) ?? 0),
        ),
        validTime,
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(fx, schema.items as Schema, name), {
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 5, 5),
      });
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(junkKey, junkValue, { maxKeys: 3 });
      const model = Object.fromEntries(keys.map((k) => [k, fromSchema(fx, props[k], k)]));
      return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return junkValue;
  }
}

/** One change that likely breaks an object: a field deleted, replaced by junk, or added. */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return junkAny;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  const ops: Array<fc.Arbitrary<unknown>> = [
    fc.tuple(junkKey, junkAny).map(([k, v]) => ({ ...obj, [k]: v })),
    fc.constant(Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, [v, v]]))),
  ];
  if (keys.length) {
    ops.push(fc.tuple(fc.constantFrom(...keys), junkAny).map(([k, v]) => ({ ...obj, [k]: v })));
    ops.push(
      fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(obj).filter(([x]) => x !== k))),
    );
  }
  return fc.oneof(...ops);
}

function schemaPart(route: AppRoute, part: 'params' | 'querystring' | 'body'): Schema {
  return (route.schema as Record<string, Schema> | undefined)?.[part];
}

type PathPools = Record<string, fc.Arbitrary<string>>;

/** Real values for path params by name (read routes; writes pass their own safe pools). */
function defaultPathPool(fx: Fixture, route: AppRoute, name: string): fc.Arbitrary<string> {
  const str = (xs: Array<string | number>) => fc.constantFrom(...xs.map(String));
  if (name === 'method') return str([...fx.legacy, 'Nope', 'getalarms']);
  if (name === 'uuid') return str([...fx.tagUuids, '00000000-0000-0000-0000-000000000000']);
  if (name === 'token')
    return fc.oneof(str(['x'.repeat(43), 'abc']), fc.base64String({ minLength: 40, maxLength: 48 }));
  if (name === 'markerId') return str([fx.markers.open.id, fx.markers.locked.id, NOWHERE]);
  if (name === 'n' || name === 'channel') return str([...fx.unit.channels, 0, 999]);
  if (name === 'b' || name === 'c') return str(['general', 'radio', 'alarm', 'mode', 'x', 'a_b']);
  if (name === 'a') return str([fx.unit.id, fx.balticUnits[0]!, NOWHERE]);
  if (route.url.includes('/dashboard/'))
    return str([...fx.builtIns.super, ...fx.builtIns.user, ...fx.readerDashboards, NOWHERE]);
  if (route.url.includes('/containers/')) return str([fx.containers.group, fx.containers.location, 'nope']);
  if (route.url.includes('/tasks/')) return str([...fx.nordicTasks.slice(0, 3).map((t) => t.id), 'nope']);
  if (route.url.includes('/notifications/')) return str([...fx.readerNotifications.slice(0, 3), 'nope']);
  if (route.url.includes('/organization/')) return str([fx.nordic, fx.baltic, NOWHERE]);
  if (route.url.includes('/tokens/')) return str([fx.revokedToken, NOWHERE]);
  if (route.url.includes('/alarms/')) return str([...fx.alarmIds.slice(0, 3), NOWHERE]);
  if (route.url.includes('/session/')) return fc.uuid();
  return str([fx.unit.id, fx.relayUnit, fx.nordicUnits[1]!, fx.balticUnits[0]!, NOWHERE]);
}

/** Junk path segments that cannot be an id (no digits): for routes whose pools must stay safe. */
const nonIdSegment = junkSegment.filter((s) => !/\d/.test(typeof s === 'string' ? s : s.raw));

/** A request with junk anywhere, mixed with schema-shaped values and real ids. */
function generic(fx: Fixture, route: AppRoute, pools: PathPools = {}, safe = false): fc.Arbitrary<FuzzReq> {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const path = fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        fc.oneof(
          { weight: 3, arbitrary: (pools[n] ?? defaultPathPool(fx, route, n)) as fc.Arbitrary<Segment> },
          { weight: 1, arbitrary: safe ? nonIdSegment : junkSegment },
        ),
      ]),
    ) as Record<string, fc.Arbitrary<Segment>>,
  );
  const qs = schemaPart(route, 'querystring');
  const shapedQuery = fromSchema(fx, qs).map((v): Query => ({
    kind: 'obj',
    v: Object.fromEntries(
      Object.entries((v ?? {}) as Record<string, unknown>).map(([k, x]) => [k, asText(x)]),
    ),
  }));
  const query: fc.Arbitrary<Query> = qs
    ? fc.oneof(
        { weight: 3, arbitrary: shapedQuery },
        {
          weight: 2,
          arbitrary: shapedQuery.chain((q) =>
            mutate(q.kind === 'obj' ? q.v : {}).map((v): Query => ({
              kind: 'obj',
              v: Object.fromEntries(
                Object.entries((v ?? {}) as Record<string, unknown>).map(([k, x]) => [
                  k,
                  Array.isArray(x) ? x.map(asText) : asText(x),
                ]),
              ),
            })),
          ),
        },
        { weight: 2, arbitrary: junkQuery },
        { weight: 1, arbitrary: fc.constant(noQuery) },
      )
    : fc.oneof({ weight: 2, arbitrary: fc.constant(noQuery) }, { weight: 1, arbitrary: junkQuery });
  const bs = schemaPart(route, 'body');
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const shaped = fromSchema(fx, bs);
  const body: fc.Arbitrary<Body> = bs
    ? fc.oneof(
        { weight: 2, arbitrary: shaped.map((v): Body => ({ kind: 'json', v })) },
        { weight: 3, arbitrary: shaped.chain(mutate).map((v): Body => ({ kind: 'json', v })) },
        { weight: 3, arbitrary: junkBody },
      )
    : hasBody
      ? junkBody
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) },
          { weight: 1, arbitrary: junkBody },
        );
  return fc.record({ who: whoArb, path, query, body }).map((r) => r as FuzzReq);
}

// Semantic requests: each builder answers requests that are invalid (or a no-op) by construction.
const S = (r: Omit<FuzzReq, 'semantic' | 'query' | 'body' | 'path'> & Partial<FuzzReq>): FuzzReq => ({
  path: {},
  query: noQuery,
  body: { kind: 'none' },
  ...r,
  semantic: true,
});
const json = (v: unknown): Body => ({ kind: 'json', v });
const q = (v: Record<string, string>): Query => ({ kind: 'obj', v });

interface Spec {
  /** Can change rows: generic requests go through the validation twin first. */
  write: boolean;
  /** Every generated request is a no-op by construction (path pools hold only safe targets). */
  safe?: boolean;
  pools?: (fx: Fixture) => PathPools;
  /** Requests that pass the schema and must still be refused (see each one). */
  semantic?: (fx: Fixture) => Array<fc.Arbitrary<FuzzReq>>;
  /** Weight of the generic requests against each semantic generator (default: as many). */
  genericWeight?: number;
}

const read: Spec = { write: false };

/** Profile fields with a value each field refuses. */
const badProfileValue: Record<string, fc.Arbitrary<unknown>> = {
  username: fc.oneof(blank, fc.constant(5), longer(200)),
  email: fc.oneof(fc.constantFrom('nope', 'a@b', '@x.y', 'a b@c.d'), fc.constant(false)),
  fullname: fc.oneof(fc.constant(1), longer(200), fc.constant([])),
  title: fc.oneof(fc.constant(true), longer(200)),
  phone: fc.oneof(fc.constant({}), longer(50)),
  avatar: fc.oneof(
    fc.constantFrom('nope', 'data:image/png;base64,AAAA', 'data:text/plain;base64,QQ=='),
    fc.constant(5),
  ),
  notification_email: fc.constantFrom(2, -1, 'yes', null),
  notification_desktop: fc.constantFrom(2, '1', {}),
  time_12h: fc.constantFrom(3, 'true', []),
  date_format: junkString.filter((s) => !(DATE_FORMATS as readonly string[]).includes(s)),
  language: junkString.filter((s) => !isLanguage(s)),
};
const goodProfileValue: Record<string, fc.Arbitrary<unknown>> = {
  username: fc.constant('fuzz.name'),
  email: fc.constant('fuzz@example.com'),
  fullname: fc.constant('Fuzz'),
  title: fc.constant('T'),
  phone: fc.constant('1'),
  notification_email: fc.constantFrom(0, 1, true),
  time_12h: fc.constant(0),
  language: fc.constant('sv'),
};

const unknownField = fc
  .string({ minLength: 1, maxLength: 10 })
  .filter((k) => !(PROFILE_FIELDS as readonly string[]).includes(k) && k !== '__proto__');

/** Whether `id` (?id= of current_organization) would be a valid selection of the demo orgs. */
const selectsOwnOrgs = (fx: Fixture, id: string) =>
  new RegExp(ID_LIST_PATTERN).test(id) &&
  id.split(',').every((x) => [fx.nordic, fx.baltic].includes(Number(x.trim())));

const validMarkerBody = fc.record({ name: fc.constant('m'), position: validTime });
const STALE = 100_000;

const SPECS: Record<string, Spec> = {
  'GET /api/health': read,
  'GET /api/health/live': read,
  'GET /api/health/ready': read,
  // Login runs argon2 (tens of ms) once the body is well-formed: semantic ones stop before it.
  'POST /api/v2/auth/login': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, u: blank, p: junkString })
        .map(({ who, u, p }) => S({ who, body: json({ username: u, password: p }) })),
      fc
        .record({ who: whoArb, u: fc.constantFrom('demo.super', 'demo.user', 'nobody') })
        .map(({ who, u }) => S({ who, body: json({ username: u, password: '' }) })),
    ],
  },
  'POST /api/v1/auth/login': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, u: blank })
        .map(({ who, u }) => S({ who, body: json({ username: u, password: 'x' }) })),
    ],
  },
  'GET /api/v2/auth/sessions': read,
  // Only random session ids (never a real one): revoking answers 404.
  'DELETE /api/v2/auth/session/logout/:id': { write: true, safe: true, pools: () => ({ id: fc.uuid() }) },
  'GET /api/v3/user/session': read,
  // Public: the session or null (issue 20 §7).
  'GET /api/v3/user/session/probe': read,
  // BankID (not configured here: start and callback only redirect to the login page) and the
  // account selection's question.
  'GET /api/v3/auth/bankid': read,
  'GET /api/v3/auth/bankid/start': read,
  'GET /api/v3/auth/bankid/callback': read,
  'GET /api/v3/user/session/organization_choice': read,
  'PUT /api/v3/user/session/current_organization': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          id: fc.oneof(
            junkString,
            fc.constantFrom(
              '0',
              `${fx.nordic},0`,
              String(NOWHERE),
              `${fx.nordic},${NOWHERE}`,
              `${fx.baltic},-1`,
            ),
          ),
        })
        .filter(({ id }) => !selectsOwnOrgs(fx, id) && id.length <= 2000)
        .map(({ who, id }) => S({ who, query: q({ id }) })),
    ],
  },
  'GET /api/v3/user/profile': read,
  'PUT /api/v3/user/profile/language': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, l: junkString.filter((s) => !isLanguage(s) && s.length <= 20) })
        .map(({ who, l }) => S({ who, query: q({ language: l }) })),
    ],
  },
  // Every body has an unknown field or a field with a value it refuses; nothing is saved then.
  'PUT /api/v3/user/profile': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          good: fc.record(goodProfileValue, { requiredKeys: [] }),
          k: unknownField,
          v: junkValue,
        })
        .map(({ who, good, k, v }) => S({ who, body: json({ ...good, [k]: v }) })),
      fc
        .record({
          who: whoArb,
          good: fc.record(goodProfileValue, { requiredKeys: [] }),
          bad: fc
            .constantFrom(...Object.keys(badProfileValue))
            .chain((k) => badProfileValue[k]!.map((v) => [k, v] as const)),
        })
        .map(({ who, good, bad }) => S({ who, body: json({ ...good, [bad[0]]: bad[1] }) })),
    ],
  },
  // Bodies that are not an image of the type they claim (or none).
  'POST /api/v3/user/profile/avatar': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          type: fc.constantFrom(...AVATAR_CONTENT_TYPES),
          b: fc.uint8Array({ maxLength: 200 }),
        })
        .map(({ who, type, b }) =>
          S({ who, body: { kind: 'bytes', bytes: Buffer.concat([Buffer.from('X'), Buffer.from(b)]), type } }),
        ),
      fc
        .record({ who: whoArb, type: fc.constantFrom(...AVATAR_CONTENT_TYPES) })
        .map(({ who, type }) => S({ who, body: { kind: 'bytes', bytes: Buffer.alloc(0), type } })),
      // A real PNG header declared as another type.
      fc
        .record({ who: whoArb, type: fc.constantFrom('image/jpeg', 'image/gif', 'image/webp') })
        .map(({ who, type }) =>
          S({
            who,
            body: {
              kind: 'bytes',
              bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
              type,
            },
          }),
        ),
      // The right magic number, then junk: past the type check, into the decoder (issue 14 §8).
      fc
        .record({
          who: whoArb,
          magic: fc.constantFrom<[string, string]>(
            ['image/png', '\x89PNG\r\n\x1a\n'],
            ['image/jpeg', '\xff\xd8\xff'],
            ['image/gif', 'GIF89a'],
            ['image/webp', 'RIFF\x00\x00\x00\x00WEBPVP8 '],
          ),
          b: fc.uint8Array({ maxLength: 300 }),
        })
        .map(({ who, magic: [type, head], b }) =>
          S({ who, body: { kind: 'bytes', bytes: Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(b)]), type } }),
        ),
    ],
  },
  // The avatar is null already (fixture): a delete rewrites the same value.
  'DELETE /api/v3/user/profile/avatar': { write: true, safe: true },
  // A wrong old password (argon2: a few only).
  'PUT /api/v3/user/password': {
    write: true,
    genericWeight: 12,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          o: junkString.filter((s) => s.length <= 1000),
          n: junkString.filter((s) => s.length <= 1000),
        })
        .map(({ who, o, n }) => S({ who, query: q({ oldPassword: o, newPassword: n }) })),
      // The same in the JSON body form (issue 14 §5), with junk extra fields now and then.
      fc
        .record({
          who: whoArb,
          o: junkString.filter((s) => s.length <= 1000),
          n: junkString.filter((s) => s.length <= 1000),
          extra: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), junkString, { maxKeys: 2 }), { nil: undefined }),
        })
        .map(({ who, o, n, extra }) => S({ who, body: json({ ...extra, oldPassword: o, newPassword: n }) })),
    ],
  },
  // Two-factor authentication (TOTP). Neither fuzzed user has it on or a setup pending, and no
  // request carries a pending sign-in's cookie: setup gets only wrong passwords (400 before
  // anything is kept), enable finds no setup, disable and new recovery codes find it off (409), the
  // second step finds no pending sign-in (401). None of them writes.
  'GET /api/v3/user/two-factor': read,
  'POST /api/v3/user/two-factor/setup': {
    write: true,
    genericWeight: 12,
    semantic: () => [
      fc
        .record({ who: whoArb, p: junkString.filter((s) => s.length >= 1 && s.length <= 1000) })
        .map(({ who, p }) => S({ who, body: json({ password: p }) })),
    ],
  },
  'POST /api/v3/user/two-factor/enable': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, c: fc.oneof(fc.stringMatching(/^\d{6}$/), junkString.filter((s) => s.length >= 1 && s.length <= 64)) })
        .map(({ who, c }) => S({ who, body: json({ code: c }) })),
    ],
  },
  'POST /api/v3/user/two-factor/disable': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, p: fc.constantFrom('fieldwatch-demo', 'x'), c: fc.stringMatching(/^\d{6}$/) })
        .map(({ who, p, c }) => S({ who, body: json({ password: p, code: c }) })),
    ],
  },
  'POST /api/v3/user/two-factor/recovery-codes': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, c: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('k7d2m-q9xhp', 'abcde-fghjk')) })
        .map(({ who, c }) => S({ who, body: json({ code: c }) })),
    ],
  },
  'POST /api/v2/auth/login/two-factor': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, c: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.constantFrom('k7d2m-q9xhp')) })
        .map(({ who, c }) => S({ who, body: json({ code: c }) })),
    ],
  },
  // Public: an account nobody has (no token stored, nothing sent; the answer is the same as for
  // a real one, so only the unchanged tables tell), or a link that would lead elsewhere (400).
  'POST /api/v3/user/forgotPassword': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, login: junkString.filter((s) => s.length >= 1 && s.length <= 320 && !/demo|@fieldwatch/i.test(s)) })
        .map(({ who, login }) => S({ who, body: json({ login, baseUrl: 'http://localhost/reset-password' }) })),
      fc
        .record({
          who: whoArb,
          login: fc.constantFrom('demo.user', 'DEMO.SUPER', 'erik.johansson@fieldwatch.example'),
          url: fc.constantFrom('https://evil.example/x', 'http://localhost.evil/x', 'http://localhost:81/x', 'javascript:alert(1)'),
        })
        .map(({ who, login, url }) => S({ who, body: json({ login, baseUrl: url }) })),
    ],
  },
  'POST /api/v3/user/createRestorePasswordToken': {
    write: true,
    semantic: (fx) => [
      // Nobody with that id.
      fc
        .record({ who: whoArb, url: fc.constantFrom('http://localhost/reset', 'http://localhost:80/r') })
        .map(({ who, url }) => S({ who, body: json({ userId: NOWHERE, baseUrl: url }) })),
      // A User may only ask for himself.
      fc
        .constantFrom(fx.userId.super, fx.userId.reader)
        .map((userId) => S({ who: 'user', body: json({ userId, baseUrl: 'http://localhost/reset' }) })),
      // Himself, but the link would point elsewhere.
      fc
        .record({
          who: whoArb,
          url: fc.oneof(
            junkString,
            fc.constantFrom(
              'https://evil.example/x',
              'http://localhost.evil/x',
              'http://localhost:81/x',
              'https://localhost/x',
            ),
          ),
        })
        .filter(({ url }) => {
          try {
            return url.length > 0 && url.length <= 2000 && new URL(url).origin !== 'http://localhost';
          } catch {
            return url.length > 0 && url.length <= 2000;
          }
        })
        .map(({ who, url }) => S({ who, body: json({ userId: fx.userId[who], baseUrl: url }) })),
    ],
  },
  'GET /api/v3/user/verifyChangePasswordToken/:token': read,
  // E-mail notification settings (notify-mail): unknown fields and refused values save nothing.
  'GET /api/v3/user/profile/notifications': read,
  'PUT /api/v3/user/profile/notifications': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, k: unknownField, v: junkValue })
        .map(({ who, k, v }) => S({ who, body: json({ intervalMin: 15, [k]: v }) })),
      fc
        .record({
          who: whoArb,
          v: fc.oneof(
            fc.record({ intervalMin: fc.integer().filter((n) => ![5, 15, 30, 60, 240, 1440].includes(n)) }),
            fc.record({ priorities: fc.array(junkString.filter((x) => !['low', 'normal', 'high', 'critical'].includes(x)), { minLength: 1, maxLength: 3 }) }),
            fc.record({ alarmTypes: fc.array(fc.integer({ min: 53 }), { minLength: 1, maxLength: 3 }) }),
          ),
        })
        .map(({ who, v }) => S({ who, body: json(v) })),
    ],
  },
  // Unsubscribe links: the fuzzer never has the server's key, so every token is refused (400).
  'GET /api/v3/notify-mail/unsubscribe': read,
  'POST /api/v3/notify-mail/unsubscribe': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          t: fc
            .oneof(
              junkString,
              fc.tuple(fc.integer({ min: 1, max: 5 }), fc.base64String({ minLength: 44, maxLength: 44 })).map(([u, b]) => `${u}.${b.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}`),
            )
            .filter((x) => x.length >= 1 && x.length <= 200),
        })
        .map(({ who, t }) => S({ who, query: q({ token: t }) })),
    ],
  },
  // No restore token was ever issued: every token is refused.
  'POST /api/v3/user/changePassword': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          t: fc
            .oneof(junkString, fc.base64String({ minLength: 44, maxLength: 44 }))
            .filter((s) => s.length >= 1 && s.length <= 200),
          n: fc.string({ maxLength: 20 }),
        })
        .map(({ who, t, n }) => S({ who, body: json({ token: t, newPassword: n }) })),
    ],
  },
  // Registration (public). Semantic requests pass the schema but are refused before anything is
  // counted or stored: a confirmation that differs. Verify: no link was ever mailed, so every token
  // is refused. Resend counts the client address (login_throttle) and may mail: only invalid ones.
  'POST /api/v3/register': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          p: fc.string({ minLength: 6, maxLength: 40 }),
          c: fc.string({ maxLength: 40 }),
          name: fc.string({ minLength: 1, maxLength: 50 }).filter((x) => /\S/.test(x)),
        })
        .filter(({ p, c }) => p !== c)
        .map(({ who, p, c, name }) =>
          S({ who, body: json({ name, email: 'fuzz.person@example.com', password: p, confirmPassword: c }) }),
        ),
    ],
  },
  'POST /api/v3/register/verify': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          t: fc.oneof(junkString, fc.base64String({ minLength: 44, maxLength: 44 })).filter((x) => x.length >= 1 && x.length <= 200),
        })
        .map(({ who, t }) => S({ who, body: json({ token: t }) })),
    ],
  },
  'POST /api/v3/register/resend': { write: true },
  'GET /api/v3/user/organization/:id': read,
  'GET /api/v3/user/preferences': read,
  'PUT /api/v3/user/preferences': { write: true },
  'GET /api/v3/user/dashboard': read,
  'GET /api/v3/user/dashboard/template': read,
  'GET /api/v3/user/widget': read,
  'GET /api/v3/user/dashboard/:id': read,
  'POST /api/v3/user/dashboard': { write: true },
  'PUT /api/v3/user/dashboard/:id': {
    write: true,
    pools: (fx) => ({ id: fc.constantFrom(...[...fx.readerDashboards, NOWHERE].map(String)) }),
    semantic: (fx) => [
      // Content the shared rules refuse.
      fc
        .record({ who: whoArb, c: junkValue, i: fc.nat() })
        .filter(
          ({ c }) =>
            typeof c === 'object' && c !== null && !Array.isArray(c) && !validateDashboardContent(c).ok,
        )
        .map(({ who, c, i }) =>
          S({
            who,
            path: { id: String(fx.builtIns[who][i % fx.builtIns[who].length]) },
            body: json({ content: c }),
          }),
        ),
      // Valid content, blank name.
      fc.record({ who: whoArb, n: blank, i: fc.nat() }).map(({ who, n, i }) =>
        S({
          who,
          path: { id: String(fx.builtIns[who][i % fx.builtIns[who].length]) },
          body: json({ content: fx.validContent, name: n }),
        }),
      ),
      // Valid content based on a version that is not the stored one: 409.
      fc
        .record({
          who: whoArb,
          t: fc.date({ min: new Date('2001-01-01'), max: new Date('2019-01-01'), noInvalidDate: true }),
          i: fc.nat(),
        })
        .map(({ who, t, i }) =>
          S({
            who,
            path: { id: String(fx.builtIns[who][i % fx.builtIns[who].length]) },
            body: json({ content: fx.validContent, updatedAt: t.toISOString() }),
          }),
        ),
      // Another user's dashboard, or none: 404.
      fc
        .record({ who: whoArb, id: fc.constantFrom(...fx.readerDashboards, NOWHERE) })
        .map(({ who, id }) => S({ who, path: { id: String(id) }, body: json({ content: fx.validContent }) })),
    ],
  },
  // Built-ins cannot be deleted (400); other users' or missing ones are 404. No custom dashboards exist.
  'DELETE /api/v3/user/dashboard/:id': {
    write: true,
    safe: true,
    pools: (fx) => ({
      id: fc.constantFrom(
        ...[...fx.builtIns.super, ...fx.builtIns.user, ...fx.readerDashboards, NOWHERE].map(String),
      ),
    }),
  },
  'PUT /api/v3/user/dashboard/:id/updateName': {
    write: true,
    pools: (fx) => ({ id: fc.constantFrom(...[...fx.readerDashboards, NOWHERE].map(String)) }),
    semantic: (fx) => [
      fc.record({ who: whoArb, n: blank, i: fc.nat() }).map(({ who, n, i }) =>
        S({
          who,
          path: { id: String(fx.builtIns[who][i % fx.builtIns[who].length]) },
          body: json({ name: n }),
        }),
      ),
      // The id in the body is not the one in the path.
      fc.record({ who: whoArb, i: fc.nat() }).map(({ who, i }) => {
        const id = fx.builtIns[who][i % fx.builtIns[who].length]!;
        return S({ who, path: { id: String(id) }, body: json({ name: 'Renamed', id: id + 1 }) });
      }),
      fc
        .record({ who: whoArb, id: fc.constantFrom(...fx.readerDashboards, NOWHERE) })
        .map(({ who, id }) => S({ who, path: { id: String(id) }, body: json({ name: 'Renamed' }) })),
    ],
  },
  'PUT /api/v3/user/dashboard/:id/filter': {
    write: true,
    pools: (fx) => ({ id: fc.constantFrom(...[...fx.readerDashboards, NOWHERE].map(String)) }),
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          id: fc.constantFrom(...fx.readerDashboards, NOWHERE),
          f: fc.record(
            { statuses: fc.subarray([...UNIT_STATUSES]), search: fc.string({ maxLength: 10 }) },
            { requiredKeys: [] },
          ),
        })
        .map(({ who, id, f }) => S({ who, path: { id: String(id) }, body: json(f) })),
    ],
  },
  // Only other users' or missing dashboards (restoring one's own built-in would write).
  'POST /api/v3/user/dashboard/:id/restore': {
    write: true,
    safe: true,
    pools: (fx) => ({ id: fc.constantFrom(...[...fx.readerDashboards, NOWHERE].map(String)) }),
  },
  'GET /api/v1/device/:id/details': read,
  'GET /api/v1/device/:id/options': read,
  'GET /api/v2/device/devices/:id/options': read,
  'GET /api/v2/device/legacy/devices/:id/settings': read,
  'PUT /api/v2/device/legacy/devices/:id/settings': {
    write: true,
    semantic: (fx) => {
      const badValue = fc.oneof(
        longer(500),
        fc.constant({ nested: 1 }),
        fc.constant([1]),
        fc.constant(new Raw('1e309')),
        fc.constant(new Raw('-1e309')),
      );
      return [
        // One value the settings refuse.
        fc
          .record({
            who: whoArb,
            v: badValue,
            s: fc.constantFrom('general', 'radio', 'x'),
            k: fc.constantFrom('a', 'mode', 'measureIntervalMin'),
          })
          .map(({ who, v, s, k }) =>
            S({
              who,
              path: { id: String(fx.unit.id) },
              body: json({ revision: fx.unit.settingsRevision, settings: { [s]: { [k]: v } } }),
            }),
          ),
        // A revision that is not the stored one: 409.
        fc.record({ who: whoArb, r: fc.integer({ min: STALE, max: 2 * STALE }) }).map(({ who, r }) =>
          S({
            who,
            path: { id: String(fx.unit.id) },
            body: json({ revision: r, settings: { general: { timezone: 'UTC' } } }),
          }),
        ),
        fc
          .record({ who: whoArb, id: nowhereInt })
          .map(({ who, id }) =>
            S({ who, path: { id: String(id) }, body: json({ revision: 1, settings: {} }) }),
          ),
      ];
    },
  },
  'PUT /api/v2/device/legacy/devices/:a/:b/:c': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          v: fc.oneof(longer(500), fc.constant({ a: 1 }), fc.constant([true]), fc.constant(new Raw('1e309'))),
        })
        .map(({ who, v }) =>
          S({ who, path: { a: String(fx.unit.id), b: 'radio', c: 'mode' }, body: json({ value: v }) }),
        ),
      fc
        .record({
          who: whoArb,
          r: fc.integer({ min: STALE, max: 2 * STALE }),
          v: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()),
        })
        .map(({ who, r, v }) =>
          S({
            who,
            path: { a: String(fx.unit.id), b: 'radio', c: 'mode' },
            body: json({ value: v, revision: r }),
          }),
        ),
    ],
  },
  'POST /api/v2/device/deviceFilter': read,
  'GET /api/v2/device/legacy/devices/:id/channel/:n/markers': read,
  'POST /api/v2/device/legacy/devices/:id/channel/:n/markers': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          p: badTime.filter((s) => s.length >= 1 && s.length <= 40),
          extra: fc.record(
            { locked: fc.boolean(), comments: fc.string({ maxLength: 5 }) },
            { requiredKeys: [] },
          ),
        })
        .map(({ who, p, extra }) =>
          S({
            who,
            path: { id: String(fx.unit.id), n: '1' },
            body: json({ name: 'm', position: p, ...extra }),
          }),
        ),
      // A channel the unit does not have: 404.
      fc
        .record({ who: whoArb, b: validMarkerBody, n: fc.constantFrom(0, 999, 32767) })
        .map(({ who, b, n }) => S({ who, path: { id: String(fx.unit.id), n: String(n) }, body: json(b) })),
      fc
        .record({ who: whoArb, b: validMarkerBody, id: nowhereInt })
        .map(({ who, b, id }) => S({ who, path: { id: String(id), n: '1' }, body: json(b) })),
    ],
  },
  'PUT /api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId': {
    write: true,
    semantic: (fx) => {
      const m = fx.markers;
      const at = (x: { unit: number; ch: number; id: number }, ch = x.ch) => ({
        id: String(x.unit),
        n: String(ch),
        markerId: String(x.id),
      });
      return [
        fc
          .record({ who: whoArb, p: badTime.filter((s) => s.length >= 1 && s.length <= 40) })
          .map(({ who, p }) => S({ who, path: at(m.open), body: json({ position: p, name: 'x' }) })),
        // The locked marker only takes being unlocked: 409.
        fc
          .record({
            who: whoArb,
            b: fc.record(
              { name: fc.constant('x'), comments: fc.string({ maxLength: 5 }), locked: fc.constant(true) },
              { requiredKeys: ['name'] },
            ),
          })
          .map(({ who, b }) => S({ who, path: at(m.locked), body: json(b) })),
        // The marker is not on that channel: 404.
        fc
          .record({ who: whoArb, ch: fc.constantFrom(0, 2, 999) })
          .map(({ who, ch }) => S({ who, path: at(m.open, ch), body: json({ name: 'x' }) })),
      ];
    },
  },
  // The locked marker (409), the open one on another channel (404), or none.
  'DELETE /api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId': {
    write: true,
    safe: true,
    pools: (fx) => ({
      id: fc.constantFrom(String(fx.unit.id), String(NOWHERE)),
      n: fc.constantFrom('1', '0', '2', '999'),
      markerId: fc.constantFrom(String(fx.markers.locked.id), String(NOWHERE)),
    }),
    semantic: (fx) => [
      fc
        .record({ who: whoArb, ch: fc.constantFrom(0, 2, 999) })
        .map(({ who, ch }) =>
          S({ who, path: { id: String(fx.unit.id), n: String(ch), markerId: String(fx.markers.open.id) } }),
        ),
    ],
  },
  'GET /api/v2/device/devices/:id/relay': read,
  'POST /api/v2/device/devices/:id/relay': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          id: nowhereInt,
          b: fc.record({ on: fc.boolean(), reset: fc.boolean() }, { requiredKeys: ['on'] }),
        })
        .map(({ who, id, b }) => S({ who, path: { id: String(id) }, body: json(b) })),
    ],
  },
  'GET /api/v2/device/devices/:id/actions': read,
  // Valid actions for units that do not exist: 404, nothing stored.
  'POST /api/v2/device/devices/:id/actions': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, id: nowhereInt, action: fc.constantFrom('test', 'getData', 'restart', 'purgeData') })
        .map(({ who, id, action }) => S({ who, path: { id: String(id) }, body: json({ action }) })),
    ],
  },
  // Units that do not exist are refused in the answer (200, nothing accepted, nothing stored).
  'POST /api/v3/device/actions': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          unitIds: fc.array(nowhereInt, { minLength: 1, maxLength: 5 }),
          action: fc.constantFrom('test', 'setTime', 'restart'),
        })
        .map(({ who, unitIds, action }) => S({ who, body: json({ unitIds, action }) })),
    ],
  },
  'GET /api/v3/device/devices/:id/firmware': read,
  // Versions the unit cannot take: 400 (or 403/404 by caller), nothing scheduled.
  'POST /api/v3/device/devices/:id/firmware': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, version: fc.constantFrom('0.0.0', '99.1.0', 'x', '1.0.0-beta') })
        .map(({ who, version }) => S({ who, path: { id: String(fx.unit.id) }, body: json({ version }) })),
    ],
  },
  'GET /api/v3/device/devices/:id/log': read,
  'GET /api/v3/device/table': read,
  'GET /api/v3/device/table.csv': read,
  // Valid new units that cannot be placed: another (or no) organisation, a location or tag that
  // does not exist: 404/403, nothing stored.
  'POST /api/v3/device/devices': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, organization: nowhereInt })
        .map(({ who, organization }) => S({ who, body: json({ name: 'Fuzz unit', serial: 'FUZZ-1', type: 22, organization }) })),
      fc
        .record({ who: whoArb, locationId: fc.constantFrom('nope', 'nowhere-location') })
        .map(({ who, locationId }) => S({ who, body: json({ name: 'Fuzz unit', serial: 'FUZZ-2', type: 22, locationId }) })),
      fc
        .record({ who: whoArb, tagId: fc.constantFrom('no-such-tag', 'tag-0000') })
        .map(({ who, tagId }) => S({ who, body: json({ name: 'Fuzz unit', tagId }) })),
    ],
  },
  // Valid changes to units that do not exist: 404, nothing changed.
  'PUT /api/v3/device/devices/:id': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, id: nowhereInt, name: fc.constantFrom('Renamed', 'X') })
        .map(({ who, id, name }) => S({ who, path: { id: String(id) }, body: json({ name }) })),
    ],
  },
  'GET /api/v3/device/devices/:id/channels': read,
  // A port that the shared rule (domain/port-settings) refuses, or a stale settings revision.
  'PUT /api/v3/device/devices/:id/channels/:n': {
    write: true,
    semantic: (fx) => {
      const at = (n: number) => ({ id: String(fx.unit.id), n: String(n) });
      return [
        fc
          .record({
            who: whoArb,
            body: fc.constantFrom<Record<string, unknown>>(
              { factor: 0 },
              { kind: 'switch', factor: 2 },
              { kind: 'switch', unitOfMeasure: 'mA' },
              { kind: 'pt', unitOfMeasure: 'bar' },
              { kind: 'channel' },
              { name: '   ' },
              { factor: 1e308, offset: -1e308, name: '' },
            ),
          })
          .map(({ who, body }) => S({ who, path: at(fx.unit.limitsChannel), body: json(body) })),
        fc
          .record({ who: whoArb, kind: fc.constantFrom('analog', 'formula', 'pt', 'switch') })
          .map(({ who, kind }) => S({ who, path: at(fx.unit.noLimitsChannel), body: json({ kind }) })),
        fc
          .record({ who: whoArb, revision: fc.integer({ min: fx.unit.settingsRevision + 1000, max: 2_000_000_000 }) })
          .map(({ who, revision }) => S({ who, path: at(fx.unit.limitsChannel), body: json({ factor: 3, revision }) })),
        fc
          .record({ who: whoArb, n: fc.integer({ min: 200, max: 32767 }) })
          .map(({ who, n }) => S({ who, path: at(n), body: json({ name: 'X' }) })),
      ];
    },
  },
  // Malformed tag ids, and the tags other units carry.
  'PUT /api/v3/device/devices/:id/nfc/tag': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          tag: fc.oneof(
            fc.constantFrom('has space', 'tag_underscore', 'ÅÄÖ', 'a'.repeat(65), 'x.y', 'a/b'),
            junkString.filter((t) => t.trim() !== '' && !/^[A-Za-z0-9-]{1,64}$/.test(t.trim())),
          ),
        })
        .map(({ who, tag }) => S({ who, path: { id: String(fx.unit.id) }, body: json({ tagUuid: tag }) })),
      fc
        .record({ who: whoArb, tag: fc.constantFrom(...fx.tagUuids) })
        .map(({ who, tag }) => S({ who, path: { id: String(fx.unit.id) }, body: json({ tagUuid: tag.toUpperCase() }) })),
    ],
  },
  'GET /api/v2/device/legacy/devices/:id/radar/:channel': read,
  'GET /api/v3/device/devices/:id/data': read,
  'GET /api/v2/device/devices/:id/data': read,
  // Without a live token every request is 401 (a live one is only ever sent with schema-invalid bodies).
  'POST /api/v3/ingest': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          auth: fc.oneof(
            fc.constant(undefined),
            junkString,
            fc.constantFrom('Bearer ', 'Bearer fwt_', `Bearer fwt_${'A'.repeat(43)}`, 'Basic abc'),
          ),
          points: fc.array(
            fc.record({
              unitId: fc.constantFrom(...fx.nordicUnits.slice(0, 3)),
              channel: fc.integer({ min: 0, max: 5 }),
              ts: validTime,
              value: fc.double({ noNaN: true, noDefaultInfinity: true }),
            }),
            { maxLength: 5 },
          ),
        })
        .map(({ auth, points }) =>
          S({
            who: 'super',
            body: json({ points }),
            ...(auth !== undefined ? { headers: { authorization: auth } } : {}),
          }),
        ),
    ],
  },
  'POST /api/v3/admin/tokens': {
    write: true,
    semantic: () => [
      fc
        .record({ who: whoArb, n: fc.constant('t') })
        .map(({ who, n }) => S({ who, body: json({ name: n, organizationId: NOWHERE }) })),
    ],
  },
  'GET /api/v3/admin/tokens': read,
  // The audit log (issue 18 §1): reads of the caller's organisations' entries.
  'GET /api/v3/admin/audit': read,
  'GET /api/v3/admin/audit.csv': read,
  'GET /api/v3/admin/organizations': read,
  'GET /api/v3/admin/organizations/:id': read,
  'GET /api/v3/admin/organizations/:id/users': read,
  // An account under an organisation of nobody: refused, nothing made.
  'POST /api/v3/admin/organizations': {
    write: true,
    semantic: () => [
      fc.record({ who: whoArb }).map(({ who }) => S({ who, body: json({ name: 'Fuzz', parentId: NOWHERE, rights: [] }) })),
    ],
  },
  'PUT /api/v3/admin/organizations/:id/general': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, tz: fc.constantFrom('Mars/Olympus', 'GMT+99', 'x') })
        .map(({ who, tz }) =>
          S({
            who,
            path: { id: String(fx.nordic) },
            body: json({
              name: 'N', contactName: '', contactEmail: '', address: '', zip: '', city: '', country: '', phone: '',
              companyName: '', companyAddress: '', companyZip: '', companyCity: '', customerId: '', organisationNumber: '',
              defaultLanguage: 'en', defaultTimezone: tz,
            }),
          }),
        ),
    ],
  },
  // Colours without contrast in one of the themes, pictures that are not raster images.
  'PUT /api/v3/admin/organizations/:id/customization': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          body: fc.oneof(
            fc.constantFrom('#ffffff', '#000000', '#fafafa', '#0d1117').map((accent) => ({ accent })),
            fc
              .constantFrom('<svg onload="alert(1)"/>', 'GIF89a', '')
              .map((t) => ({ logo: `data:image/svg+xml;base64,${Buffer.from(t).toString('base64')}` })),
          ),
        })
        .map(({ who, body }) => S({ who, path: { id: String(fx.nordic) }, body: json(body) })),
    ],
  },
  'PUT /api/v3/admin/organizations/:id/security': {
    write: true,
    semantic: (fx) => [
      fc.record({ who: whoArb }).map(({ who }) =>
        S({
          who,
          path: { id: String(fx.nordic) },
          body: json({
            passwordPolicy: { minLength: 6, requireDigit: false, requireMixedCase: false, requireSymbol: false },
            sessionLifetimeHours: 24,
            signInMethods: ['bankid'],
          }),
        }),
      ),
    ],
  },
  'PUT /api/v3/admin/organizations/:id/rights': { write: true },
  // Users moved out of an organisation of nobody, or to the account they are in.
  'POST /api/v3/admin/organizations/:id/users': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, from: fc.constantFrom(NOWHERE, fx.nordic) })
        .map(({ who, from }) => S({ who, path: { id: String(fx.nordic) }, body: json({ userIds: [1], fromId: from }) })),
    ],
  },
  'GET /api/v3/branding': read,
  'GET /api/v3/branding/:slug': read,
  // The revoked token (revoking again changes nothing) or none.
  'DELETE /api/v3/admin/tokens/:id': {
    write: true,
    safe: true,
    pools: (fx) => ({ id: fc.constantFrom(String(fx.revokedToken), String(NOWHERE)) }),
  },
  'GET /api/v2/device/devices': read,
  'GET /api/v1/device': read,
  'GET /api/v3/events/events': read,
  'GET /api/v3/events/notifications': read,
  'GET /api/v3/events/tasks': read,
  'POST /api/v3/events/tasks': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, e: fc.uuid(), c: fc.constantFrom(...EVENT_CATEGORIES) })
        .map(({ who, e, c }) => S({ who, body: json({ title: 'T', category: c, eventIds: [e] }) })),
      fc
        .record({ who: whoArb, a: fc.constantFrom('nobody.here', 'demo.reader') })
        .map(({ who, a }) => S({ who, body: json({ title: 'T', assignees: [a] }) })),
      fc
        .record({ who: whoArb })
        .map(({ who }) => S({ who, body: json({ title: 'T', organizationId: NOWHERE }) })),
      fc.constant(S({ who: 'user', body: json({ title: 'T', organizationId: fx.baltic }) })),
    ],
  },
  'PATCH /api/v3/events/tasks/:id': { write: true, semantic: (fx) => taskUpdates(fx) },
  'PUT /api/v3/events/tasks/:id': { write: true, semantic: (fx) => taskUpdates(fx) },
  // The task screens (modules/tasks): reads, and file writes that only reach missing tasks or files.
  'GET /api/v3/tasks': read,
  'GET /api/v3/tasks.csv': read,
  'GET /api/v3/tasks/users': read,
  'GET /api/v3/tasks/:id': read,
  'GET /api/v3/tasks/:id/users': read,
  'GET /api/v3/tasks/:id/files': read,
  'GET /api/v3/tasks/:id/files/:fileId': read,
  // Uploads to no task (404) — generic junk included; to a real task only bodies refused by type (415) or empty (400).
  'POST /api/v3/tasks/:id/files': {
    write: true,
    safe: true,
    pools: () => ({ id: fc.constantFrom('nope', 'no-such-task', '00000000-0000-0000-0000-000000000000') }),
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          t: fc.constantFrom(...fx.nordicTasks.slice(0, 3)),
          type: fc.constantFrom('image/png', 'application/pdf', 'application/octet-stream', 'text/html', 'text/plain'),
          b: fc.uint8Array({ maxLength: 200 }),
        })
        .map(({ who, t, type, b }) =>
          // A NUL byte first: no image, pdf or text starts so.
          S({ who, path: { id: t.id }, query: q({ name: 'f.txt' }), body: { kind: 'bytes', bytes: Buffer.concat([Buffer.from([0]), Buffer.from(b)]), type } }),
        ),
      fc
        .record({ who: whoArb, t: fc.constantFrom(...fx.nordicTasks.slice(0, 3)) })
        .map(({ who, t }) => S({ who, path: { id: t.id }, query: q({ name: 'empty.txt' }), body: { kind: 'bytes', bytes: Buffer.alloc(0), type: 'text/plain' } })),
    ],
  },
  // Files that do not exist: deleting them changes nothing.
  'DELETE /api/v3/tasks/:id/files/:fileId': {
    write: true,
    safe: true,
    pools: (fx) => ({
      id: fc.constantFrom(...fx.nordicTasks.slice(0, 3).map((t) => t.id), 'nope'),
      fileId: fc.constantFrom('nope', '00000000-0000-0000-0000-000000000000'),
    }),
  },
  // The notification page (modules/notifications).
  'GET /api/v3/notifications': read,
  'GET /api/v3/notifications/counts': read,
  // Marking seen only what is no-op: missing, another user's or already seen ids, all of a customer
  // of nothing; or bodies the handler refuses (both ids and all, or neither).
  'POST /api/v3/notifications/seen': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          ids: fc.array(
            fc.oneof(fc.uuid(), fc.constantFrom(...fx.readerNotifications.slice(0, 5), 'nope')),
            { minLength: 1, maxLength: 4 },
          ),
        })
        .map(({ who, ids }) => S({ who, body: json({ ids: [...ids, ...fx.seenNotifications[who].slice(0, 2)] }) })),
      fc
        .record({ who: whoArb, p: fc.subarray([...NOTIFICATION_PRIORITIES]) })
        .map(({ who, p }) => S({ who, body: json({ all: true, customer: NOWHERE, ...(p.length ? { priority: p } : {}) }) })),
      fc
        .record({ who: whoArb, all: fc.constantFrom(true, false, undefined), withIds: fc.boolean() })
        .filter(({ all, withIds }) => withIds === (all === true))
        .map(({ who, all, withIds }) =>
          S({ who, body: json({ ...(all !== undefined ? { all } : {}), ...(withIds ? { ids: ['nope'] } : {}) }) }),
        ),
    ],
  },
  // Missing, another user's, or already seen notifications: marking them changes nothing.
  'PUT /api/v3/events/notifications/:id/seen': {
    write: true,
    safe: true,
    pools: (fx) => ({
      id: fc.oneof(fc.uuid(), fc.constantFrom(...fx.readerNotifications.slice(0, 5), 'nope')),
    }),
    semantic: (fx) => [
      fc
        .record({ who: whoArb, i: fc.nat() })
        .filter(({ who }) => fx.seenNotifications[who].length > 0)
        .map(({ who, i }) =>
          S({ who, path: { id: fx.seenNotifications[who][i % fx.seenNotifications[who].length]! } }),
        ),
    ],
  },
  'GET /api/v3/admin/users': read,
  // Ownership and usage (issue 18 §1): transfers between users of nobody or to oneself, a share of
  // a dashboard of nobody, and periods the route refuses (reversed, too long, impossible dates).
  'GET /api/v3/admin/ownership/dashboards': read,
  'GET /api/v3/admin/ownership/workspaces': read,
  'POST /api/v3/admin/ownership/dashboards/transfer': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, org: fc.constantFrom(NOWHERE, fx.nordic), u: fc.constantFrom(NOWHERE, 1) })
        .map(({ who, org, u }) => S({ who, body: json({ organizationId: org, fromUserId: u, toUserId: u }) })),
    ],
  },
  'PUT /api/v3/admin/ownership/dashboards/:id/share': {
    write: true,
    safe: true,
    pools: () => ({ id: fc.constant(String(NOWHERE)) }),
  },
  'POST /api/v3/admin/ownership/workspaces/transfer': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, org: fc.constantFrom(NOWHERE, fx.nordic), u: fc.constantFrom(NOWHERE, 1) })
        .map(({ who, org, u }) => S({ who, body: json({ organizationId: org, fromUserId: u, toUserId: u }) })),
    ],
  },
  'GET /api/v3/admin/usage': read,
  // Admin user management (issue 18 §1). Writes to a user id go to an id of nobody (404); new
  // users only into an organisation of nobody (404): nothing is ever created or changed.
  'POST /api/v3/admin/users/invitations': {
    write: true,
    semantic: () => [
      fc.record({ who: whoArb, t: fc.constantFrom(0, 1, 2) }).map(({ who, t }) =>
        S({
          who,
          body: json({ name: 'F', email: 'f@example.com', userType: t, organizationIds: [NOWHERE], baseUrl: 'http://localhost/r' }),
        }),
      ),
    ],
  },
  'POST /api/v3/admin/users': {
    write: true,
    semantic: () => [
      fc.record({ who: whoArb, t: fc.constantFrom(0, 1, 2) }).map(({ who, t }) =>
        S({
          who,
          body: json({ username: 'fuzz.new', name: 'F', email: 'f@example.com', userType: t, organizationIds: [NOWHERE], baseUrl: 'http://localhost/r' }),
        }),
      ),
    ],
  },
  'PUT /api/v3/admin/users/:id': {
    write: true,
    safe: true,
    pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0') }),
  },
  'POST /api/v3/admin/users/:id/deactivate': { write: true, safe: true, pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0') }) },
  'POST /api/v3/admin/users/:id/reactivate': { write: true, safe: true, pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0') }) },
  'DELETE /api/v3/admin/users/:id': { write: true, safe: true, pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0') }) },
  'POST /api/v3/admin/users/:id/reset-link': { write: true, safe: true, pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0') }) },
  'GET /api/v3/admin/users/:id/sessions': read,
  'DELETE /api/v3/admin/users/:id/sessions': { write: true, safe: true, pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0') }) },
  // Nobody in the fixture has two-factor authentication on: a reset of anyone changes nothing.
  'DELETE /api/v3/admin/users/:id/two-factor': { write: true, safe: true, pools: () => ({ id: fc.constantFrom(String(NOWHERE), '0', '1', '2', '3') }) },
  'GET /api/v3/config': read,
  'GET /api/v1/nfc/tag': read,
  'GET /api/v3/onboarding/tag/:uuid': read,
  // The onboarding steps (onboarding-steps.test.ts). Nobody of the fixture has begun one, so a
  // placement or an activation with a valid body is refused ("choose the organisation first").
  'GET /api/v3/onboarding/flow/:uuid': read,
  'GET /api/v3/onboarding/places': read,
  'PUT /api/v3/onboarding/flow/:uuid/organization': {
    write: true,
    semantic: (fx) => [
      // Not the caller's (or nobody's) organisation: 404.
      fc
        .record({ who: whoArb, tag: fc.constantFrom(...fx.tagUuids), org: fc.constantFrom(NOWHERE, 2_000_000) })
        .map(({ who, tag, org }) => S({ who, path: { uuid: tag }, body: json({ organizationId: org }) })),
      // Both one of his and a new one: 400.
      fc
        .record({ who: whoArb, tag: fc.constantFrom(...fx.tagUuids) })
        .map(({ who, tag }) =>
          S({
            who,
            path: { uuid: tag },
            body: json({
              organizationId: fx.nordic,
              newOrganization: {
                companyName: 'F',
                companyAddress: 'A',
                companyZip: '1',
                companyCity: 'C',
                contactName: 'N',
                contactEmail: 'n@x.example',
              },
            }),
          }),
        ),
      // A tag nobody has: 404.
      fc
        .record({ who: whoArb, tag: fc.stringMatching(/^f[0-9a-f]{7}-dead$/) })
        .map(({ who, tag }) => S({ who, path: { uuid: tag }, body: json({ organizationId: fx.nordic }) })),
    ],
  },
  'PUT /api/v3/onboarding/flow/:uuid/placement': {
    write: true,
    semantic: (fx) => [
      // Off the map (400), or anywhere before the organisation is chosen (409).
      fc
        .record({
          who: whoArb,
          tag: fc.constantFrom(...fx.tagUuids),
          lat: fc.oneof(fc.double({ min: 90.000001, max: 1e6, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true })),
          lon: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
          loc: fc.oneof(fc.constant<Record<string, string>>({ locationName: 'L' }), fc.constant({ locationId: fx.containers.location })),
        })
        .map(({ who, tag, lat, lon, loc }) => S({ who, path: { uuid: tag }, body: json({ name: 'P', lat, lon, ...loc }) })),
    ],
  },
  'POST /api/v3/onboarding/flow/:uuid/activate': {
    write: true,
    semantic: (fx) => [
      // Terms not accepted (400), of another version (409), or nothing chosen yet (409).
      fc
        .record({
          who: whoArb,
          tag: fc.constantFrom(...fx.tagUuids),
          termsVersion: fc.constantFrom('2023_1', '2022_2', 'x'),
          acceptTerms: fc.boolean(),
        })
        .map(({ who, tag, termsVersion, acceptTerms }) => S({ who, path: { uuid: tag }, body: json({ termsVersion, acceptTerms }) })),
    ],
  },
  // The embedded onboarding's sign-in (onboarding-embed.test.ts): the fuzzer's pages are no
  // partner's, so every one is refused (403) or malformed (400); signing out a product session too.
  'POST /api/v3/onboarding/embed/session': {
    write: true,
    safe: true,
    semantic: () => [
      fc
        .record({ who: whoArb, u: fc.constantFrom('demo.super', 'demo.user', 'nobody', ''), p: junkString })
        .map(({ who, u, p }) => S({ who, body: json({ username: u, password: p }) })),
    ],
  },
  'DELETE /api/v3/onboarding/embed/session': { write: true, safe: true },
  'GET /api/v3/admin/trials': read,
  // No unit of the fixture has a trial: every conversion is a 404.
  'POST /api/v3/admin/trials/:id/convert': {
    write: true,
    safe: true,
    pools: (fx) => ({ id: fc.constantFrom(String(NOWHERE), String(fx.unit.id), String(fx.balticUnits[0]!), '0') }),
  },
  'GET /api/v2/device/groups': read,
  'POST /api/v2/device/groups': {
    write: true,
    semantic: () => [
      fc.record({ who: whoArb, d: blank }).map(({ who, d }) => S({ who, body: json({ description: d }) })),
      fc
        .record({ who: whoArb })
        .map(({ who }) => S({ who, body: json({ description: 'G', organization: NOWHERE }) })),
    ],
  },
  'PUT /api/v2/device/groups': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, d: blank })
        .map(({ who, d }) => S({ who, body: json({ id: fx.group, description: d }) })),
      fc
        .record({ who: whoArb, id: nowhereInt })
        .map(({ who, id }) => S({ who, body: json({ id, description: 'G' }) })),
    ],
  },
  'DELETE /api/v2/device/groups': {
    write: true,
    semantic: (fx) => [
      // The group is Nordic's: another organisation named answers "Failed to delete group".
      fc
        .record({ who: whoArb, o: fc.constantFrom(fx.baltic, NOWHERE) })
        .map(({ who, o }) => S({ who, body: json({ id: fx.group, organization: o }) })),
      fc
        .record({ who: whoArb, id: nowhereInt })
        .map(({ who, id }) => S({ who, body: json({ id, organization: fx.nordic }) })),
    ],
  },
  'PUT /api/v2/device/devices/updateGroup': {
    write: true,
    semantic: (fx) => [
      // All or none: one unit that is missing or not of the group's organisation.
      fc
        .record({
          who: whoArb,
          bad: fc.constantFrom(NOWHERE, fx.balticUnits[0]!),
          n: fc.integer({ min: 0, max: 2 }),
        })
        .map(({ who, bad, n }) =>
          S({ who, body: json({ groupId: fx.group, devices: [...fx.nordicUnits.slice(0, n), bad] }) }),
        ),
      fc
        .record({ who: whoArb, g: nowhereInt })
        .map(({ who, g }) => S({ who, body: json({ groupId: g, devices: [fx.unit.id] }) })),
    ],
  },
  'GET /api/v3/containers': read,
  'GET /api/v3/containers/:id': read,
  'POST /api/v3/containers': {
    write: true,
    semantic: (fx) => [
      fc
        .record({ who: whoArb, k: fc.constantFrom(...CONTAINER_KINDS), n: blank })
        .map(({ who, k, n }) => S({ who, body: json({ kind: k, name: n }) })),
      fc.record({ who: whoArb, k: fc.constantFrom(...CONTAINER_KINDS) }).map(({ who, k }) =>
        S({
          who,
          body: json({ kind: k, name: 'C', content: [{ type: k === 'group' ? 'location' : 'unit' }] }),
        }),
      ),
      fc
        .record({ who: whoArb, p: fc.constantFrom('nope', fx.containers.location) })
        .map(({ who, p }) => S({ who, body: json({ kind: 'group', name: 'C', parentId: p }) })),
      fc
        .record({ who: whoArb })
        .map(({ who }) =>
          S({ who, body: json({ kind: 'location', name: 'C', parentId: fx.containers.group }) }),
        ),
      fc
        .record({
          who: whoArb,
          t: fc.constantFrom(String(NOWHERE), 'x', '-1', '1.5', String(fx.balticUnits[0])),
        })
        .map(({ who, t }) =>
          // A Baltic unit in a Nordic location (organization given): 404 for the SuperUser too.
          S({
            who,
            body: json({
              kind: 'location',
              name: 'C',
              organization: fx.nordic,
              content: [{ type: 'unit', target: t }],
            }),
          }),
        ),
      fc
        .record({ who: whoArb, t: fc.constantFrom('nope', fx.containers.group) })
        .map(({ who, t }) =>
          S({ who, body: json({ kind: 'group', name: 'C', content: [{ type: 'location', target: t }] }) }),
        ),
      fc
        .record({ who: whoArb, k: fc.constantFrom(...CONTAINER_KINDS) })
        .map(({ who, k }) => S({ who, body: json({ kind: k, name: 'C', organization: NOWHERE }) })),
    ],
  },
  // Units that do not exist, a stale revision, a group as the target: refused, nothing moved.
  'PUT /api/v3/containers/:id/units': {
    write: true,
    semantic: (fx) => {
      const { group, location } = fx.containers;
      return [
        fc
          .record({ who: whoArb, units: fc.array(nowhereInt, { minLength: 1, maxLength: 3 }) })
          .map(({ who, units }) => S({ who, path: { id: location }, body: json({ units }) })),
        fc
          .record({ who: whoArb, r: fc.integer({ min: STALE, max: 2 * STALE }) })
          .map(({ who, r }) => S({ who, path: { id: location }, body: json({ units: [fx.unit.id], revision: r }) })),
        fc.record({ who: whoArb }).map(({ who }) => S({ who, path: { id: group }, body: json({ units: [fx.unit.id] }) })),
      ];
    },
  },
  'PUT /api/v3/containers/:id': {
    write: true,
    semantic: (fx) => {
      const { group, location } = fx.containers;
      return [
        fc
          .record({
            who: whoArb,
            id: fc.constantFrom(group, location),
            r: fc.integer({ min: STALE, max: 2 * STALE }),
          })
          .map(({ who, id, r }) => S({ who, path: { id }, body: json({ revision: r, name: 'X' }) })),
        fc
          .record({ who: whoArb, id: fc.constantFrom(group, location), n: blank })
          .map(({ who, id, n }) => S({ who, path: { id }, body: json({ revision: 1, name: n }) })),
        fc
          .record({ who: whoArb })
          .map(({ who }) => S({ who, path: { id: group }, body: json({ revision: 1, parentId: group }) })),
        fc
          .record({ who: whoArb })
          .map(({ who }) => S({ who, path: { id: location }, body: json({ revision: 1, parentId: group }) })),
        fc.record({ who: whoArb }).map(({ who }) =>
          S({
            who,
            path: { id: location },
            body: json({ revision: 1, content: [{ type: 'unit', target: String(NOWHERE) }] }),
          }),
        ),
        fc
          .record({ who: whoArb, id: fc.constantFrom('nope', 'x:y', '..') })
          .map(({ who, id }) => S({ who, path: { id }, body: json({ revision: 1, name: 'X' }) })),
      ];
    },
  },
  'DELETE /api/v3/containers/:id': {
    write: true,
    semantic: (fx) => [
      fc
        .record({
          who: whoArb,
          id: fc.constantFrom(fx.containers.group, fx.containers.location),
          r: fc.integer({ min: STALE, max: 2 * STALE }),
        })
        .map(({ who, id, r }) => S({ who, path: { id }, query: q({ revision: String(r) }) })),
      fc
        .record({ who: whoArb, id: fc.constantFrom('nope', 'a.b', '..', '-') })
        .map(({ who, id }) => S({ who, path: { id } })),
    ],
  },
  'GET /api/v1/weather/getWeather': read,
  'POST /api/v1/weather/getWeather': read,
  'GET /api/v3/alarms/types': read,
  'GET /api/v2/device/legacy/alarm_actions': read,
  'POST /api/v2/device/alarms': read,
  'POST /api/v3/alarms/:id/actions': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          id: fc.constantFrom(NOWHERE, Number.MAX_SAFE_INTEGER, 2 ** 40),
          a: fc.constantFrom(...ALARM_ACTIONS),
        })
        .map(({ who, id, a }) => S({ who, path: { id: String(id) }, body: json({ action: a }) })),
    ],
  },
  'GET /api/v3/alarms/:id/history': read,
  // All or none: any id that is nobody's makes the whole call a 404, nothing changed.
  'POST /api/v3/alarms/actions': {
    write: true,
    semantic: () => [
      fc
        .record({
          who: whoArb,
          ids: fc.array(fc.constantFrom(NOWHERE, Number.MAX_SAFE_INTEGER, 2 ** 40), { minLength: 1, maxLength: 5 }),
          a: fc.constantFrom(...ALARM_ACTIONS),
        })
        .map(({ who, ids, a }) => S({ who, body: json({ action: a, ids }) })),
    ],
  },
  'GET /api/v3/device/devices/:id/channels/:n/limits': read,
  'PUT /api/v3/device/devices/:id/channels/:n/limits': {
    write: true,
    semantic: (fx) => {
      const at = (n: number) => ({ id: String(fx.unit.id), n: String(n) });
      return [
        fc
          .record({
            who: whoArb,
            lo: fc.integer({ min: 11, max: 1000 }),
            hi: fc.integer({ min: -1000, max: 10 }),
            l: fc.integer({ min: 1, max: 4 }),
          })
          .map(({ who, lo, hi, l }) =>
            S({
              who,
              path: at(fx.unit.limitsChannel),
              body: json({ levels: [{ level: l, low: lo, high: hi }] }),
            }),
          ),
        fc.record({ who: whoArb, l: fc.integer({ min: 1, max: 4 }) }).map(({ who, l }) =>
          S({
            who,
            path: at(fx.unit.limitsChannel),
            body: json({
              levels: [
                { level: l, low: 1 },
                { level: l, high: 2 },
              ],
            }),
          }),
        ),
        fc
          .record({ who: whoArb, v: fc.constantFrom(new Raw('1e309'), new Raw('-1e309')) })
          .map(({ who, v }) =>
            S({ who, path: at(fx.unit.limitsChannel), body: json({ levels: [{ level: 1, low: v }] }) }),
          ),
        fc.record({ who: whoArb }).map(({ who }) =>
          S({
            who,
            path: at(fx.unit.noLimitsChannel),
            body: json({ levels: [{ level: 1, low: 1, high: 2 }] }),
          }),
        ),
        fc
          .record({ who: whoArb, n: fc.constantFrom(999, 10_000) })
          .map(({ who, n }) => S({ who, path: at(n), body: json({ levels: [{ level: 1, low: 1 }] }) })),
      ];
    },
  },
  'GET /api/v1/xrequest/:method': { write: true },
  'POST /api/v1/xrequest/:method': { write: true },
  // Added while this suite was written (paged device list): a read.
  'GET /api/v3/device/devices': read,
};

function taskUpdates(fx: Fixture): Array<fc.Arbitrary<FuzzReq>> {
  const t = fc.constantFrom(...fx.nordicTasks.slice(0, 5));
  const payload = fc.oneof(
    fc.record({ op: fc.constant('note'), note: fc.constant('n') }),
    fc.record({ op: fc.constant('status'), status: fc.constantFrom(...TASK_STATUSES) }),
    fc.record({ op: fc.constant('title'), title: fc.constant('t') }),
  );
  return [
    // A revision that is not the stored one: 409.
    fc
      .record({ who: whoArb, t, p: payload, r: fc.integer({ min: STALE, max: 2 * STALE }) })
      .map(({ who, t, p, r }) => S({ who, path: { id: t.id }, body: json({ ...p, revision: r }) })),
    // An operation without its payload (spec §5): 400.
    fc
      .record({ who: whoArb, t, op: fc.constantFrom(...TASK_OPERATIONS) })
      .map(({ who, t, op }) => S({ who, path: { id: t.id }, body: json({ op, revision: t.revision }) })),
    // Unassigning someone who is not assigned: "User not assigned".
    fc.record({ who: whoArb, t: t.filter((x) => !x.assignees.includes('demo.super')) }).map(({ who, t }) =>
      S({
        who,
        path: { id: t.id },
        body: json({ op: 'unassign', user: 'demo.super', revision: t.revision }),
      }),
    ),
    // Events that do not exist, a user who is not a member.
    fc
      .record({ who: whoArb, t, e: fc.uuid() })
      .map(({ who, t, e }) =>
        S({ who, path: { id: t.id }, body: json({ op: 'events', eventIds: [e], revision: t.revision }) }),
      ),
    fc.record({ who: whoArb, t }).map(({ who, t }) =>
      S({
        who,
        path: { id: t.id },
        body: json({ op: 'assign', user: 'demo.reader', revision: t.revision }),
      }),
    ),
    fc
      .record({ who: whoArb, id: fc.oneof(fc.uuid(), fc.constant('nope')), p: payload })
      .map(({ who, id, p }) => S({ who, path: { id }, body: json({ ...p, revision: 1 }) })),
  ];
}

// ───────────────────────── xrequest ─────────────────────────

/** xrequest methods that only read: any parameters. */
const XREQ_READS = [
  'GetAlarms',
  'GetUnitsByPos',
  'GetUnitGroups',
  'GetUnitsInfo',
  'GetUnitType',
  'GetUnitsShowValue',
  'GetUnitsDataCSV',
  'GetRadarDates',
  'GetRadar',
  'GetAllMarks',
  'GetKPIAlarms',
  'GetKPIBattery',
  'GetKPISwitch',
  'GetGISData',
  'GetReportParkingUsage',
  'GetChannel',
  'GetUserData',
  'GetAlarmLimits',
];
const XREQ_PARAM_NAMES = [
  'UnitID',
  'UnitIDs',
  'Units',
  'Devices',
  'ChannelID',
  'Channel',
  'From',
  'To',
  'Since',
  'Until',
  'StartDate',
  'EndDate',
  'Start',
  'End',
  'Stop',
  'Date',
  'Timestamp',
  'AlarmTypes',
  'Types',
  'Active',
  'Rows',
  'Limit',
  'Lat',
  'Lon',
  'Lng',
  'Distance',
  'Radius',
  'ValueType',
  'ValueID',
  'Default',
  'CustomerID',
  'Revision',
  'JSonData',
  'Name',
  'Position',
  'Locked',
  'Comments',
  'MarkID',
  'On',
  'Reset',
  'Action',
  'Level',
  'Low',
  'High',
  'Enabled',
  'ChannelName',
  'UnitOfMeasure',
  'unitId',
  'channelId',
  'unitid',
  'FromTime',
  'ToTime',
];

type Params = Record<string, unknown>;

const notJson = (s: string) => {
  if (s.trim() === '') return false; // empty counts as absent
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
};

/** xrequest write methods: parameters that each one refuses (or that make it a no-op). */
function xreqWrites(fx: Fixture): Record<string, fc.Arbitrary<Params>> {
  const unit = fx.unit.id;
  const lim = fx.unit.limitsChannel;
  const m = fx.markers;
  const plainKey = fc.constantFrom('fuzz', 'prefs', 'a.b');
  return {
    EditChannel: fc.oneof(
      fc.constant({ UnitID: unit, ChannelID: 1 }),
      blank.map((n) => ({ UnitID: unit, ChannelID: 1, ChannelName: n === '' ? ' ' : n })),
      longer(100).map((n) => ({ UnitID: unit, ChannelID: 1, ChannelName: n })),
      longer(100).map((u) => ({ UnitID: unit, ChannelID: 1, UnitOfMeasure: u })),
      fc.constantFrom(999, 0).map((c) => ({ UnitID: unit, ChannelID: c, ChannelName: 'X' })),
      fc.constantFrom('channel', 'digital', 'ANALOG', '1').map((k) => ({ UnitID: unit, ChannelID: fx.unit.limitsChannel, ChannelKind: k })),
      fc.constantFrom('analog', 'switch').map((k) => ({ UnitID: unit, ChannelID: fx.unit.noLimitsChannel, ChannelKind: k })),
      fc.constantFrom('0', '0.0', 'abc', '1e999').map((v) => ({ UnitID: unit, ChannelID: fx.unit.limitsChannel, Factor: v })),
      fc.constant({ UnitID: unit, ChannelID: fx.unit.limitsChannel, ChannelKind: 'switch', Factor: '2' }),
      fc
        .oneof(
          junkString.filter((s) => !/^\s*\d+\s*$/.test(s)),
          nowhereInt.map(String),
        )
        .map((u) => ({ UnitID: u, ChannelID: 1, ChannelName: 'X' })),
    ),
    EditMark: fc.oneof(
      // (An empty Position counts as absent.)
      badTime.filter((p) => p !== '').map((p) => ({ MarkID: m.open.id, Position: p, Name: 'x' })),
      fc.constant({ MarkID: m.locked.id, Name: 'x' }),
      fc.constant({ MarkID: m.locked.id, Locked: 'true' }),
      fc.constantFrom('maybe', '2', 'ja').map((l) => ({ MarkID: m.open.id, Locked: l })),
      longer(2000).map((c) => ({ MarkID: m.open.id, Comments: c })),
      blank.filter((b) => b !== '').map((n) => ({ MarkID: m.open.id, Name: n })),
      nowhereInt.map((id) => ({ MarkID: id, Name: 'x' })),
      fc.constant({ UnitID: unit, ChannelID: 1, Name: 'x' }),
      validTime.map((p) => ({ UnitID: unit, ChannelID: 999, Name: 'x', Position: p })),
      validTime.map((p) => ({ UnitID: NOWHERE, ChannelID: 1, Name: 'x', Position: p })),
    ),
    DeleteMark: fc.oneof(
      fc.constant({ MarkID: m.locked.id }),
      nowhereInt.map((id) => ({ MarkID: id })),
      junkString.map((x) => ({ MarkID: x })),
    ),
    SetRelay: fc.oneof(
      fc.constant({ UnitID: fx.relayUnit }),
      fc.constantFrom('maybe', '2', 'on').map((o) => ({ UnitID: fx.relayUnit, On: o })),
      fc.constant({ UnitID: fx.relayUnit, Reset: 'false' }),
      nowhereInt.map((id) => ({ UnitID: id, On: 'true' })),
    ),
    UnitAction: fc.oneof(
      junkString
        .filter((s) => !(UNIT_ACTIONS as readonly string[]).includes(s))
        .map((a) => ({ UnitID: unit, Action: a })),
      fc
        .record({ a: fc.constantFrom(...UNIT_ACTIONS), id: nowhereInt })
        .map(({ a, id }) => ({ UnitID: id, Action: a })),
    ),
    SetAlarmLimits: fc.oneof(
      fc
        .constantFrom('0', '5', 'x', '1.5')
        .map((l) => ({ UnitID: unit, ChannelID: lim, Level: l, Low: '1' })),
      fc.constant({ UnitID: unit, ChannelID: lim, Level: 1, Low: '10', High: '5' }),
      fc.constant({ UnitID: unit, ChannelID: lim, Level: 2, Enabled: 'maybe' }),
      fc.constant({ UnitID: unit, ChannelID: lim, Level: 2, Low: 'NaN' }),
      fc.constant({ UnitID: unit, ChannelID: lim, Level: 2, Low: '1e309' }),
      fc.constant({ UnitID: unit, ChannelID: fx.unit.noLimitsChannel, Level: 1, Low: '1' }),
      fc.constant({ UnitID: NOWHERE, ChannelID: lim, Level: 1, Low: '1' }),
      fc.constant({ UnitID: unit, ChannelID: lim }),
    ),
    SetUserData: fc.oneof(
      fc
        .record({
          t: junkString.filter((s) => !/^[A-Za-z0-9_.:-]{1,100}$/.test(s.trim()) && s.trim() !== ''),
          v: junkValue,
        })
        .map(({ t, v }) => ({ ValueType: t, ValueID: 'k', JSonData: toJsonText(v) })),
      plainKey.map((k) => ({ ValueType: 'fuzz', ValueID: k })),
      // Text JSON.parse refuses (a JSON body's '{"__proto__":…}' is fine as a value here).
      fc
        .record({ k: plainKey, j: fc.constantFrom(...MALFORMED_JSON.filter(notJson)) })
        .map(({ k, j }) => ({ ValueType: 'fuzz', ValueID: k, JSonData: j })),
      fc
        .record({ k: plainKey, d: deepJson })
        .map(({ k, d }) => ({ ValueType: 'fuzz', ValueID: k, JSonData: d.text })),
      fc
        .constantFrom('"a\\u0000b"', '{"\\u0000":1}', '["\\ud800"]')
        .map((j) => ({ ValueType: 'fuzz', ValueID: 'k', JSonData: j })),
      plainKey.map((k) => ({ ValueType: 'fuzz', ValueID: k, JSonData: '1', CustomerID: NOWHERE })),
      // Typed keys: records the shared rules refuse are ignored (Stored 0).
      fc
        .record({
          key: fc.constantFrom(
            ['_event_management', 'tasks'],
            ['_event_management', 'events'],
            ['_event_management', 'notifications'],
            ['_group', 'groups'],
            ['_group', 'locations'],
          ),
          recs: fc.array(junkValue, { maxLength: 4 }),
        })
        .filter(({ key, recs }) =>
          recs.every((r) =>
            key[1] === 'tasks'
              ? !isValidTask(r)
              : key[1] === 'events'
                ? !isValidEvent(r)
                : key[1] === 'notifications'
                  ? !isValidNotification(r)
                  : toContainer(r) === null,
          ),
        )
        .map(({ key, recs }) => ({ ValueType: key[0], ValueID: key[1], JSonData: toJsonText(recs) })),
    ),
    // No plain value exists; typed deletes name ids that do not exist (404, nothing deleted).
    DeleteUserData: fc.oneof(
      plainKey.map((k) => ({ ValueType: 'fuzz', ValueID: k })),
      fc
        .record({
          key: fc.constantFrom(
            ['_event_management', 'tasks'],
            ['_event_management', 'events'],
            ['_group', 'groups'],
          ),
          id: fc.uuid(),
        })
        .map(({ key, id }) => ({ ValueType: key[0], ValueID: key[1], JSonData: id })),
      fc
        .constantFrom('[', '{}', '[1]', '[{"x":1}]')
        .map((j) => ({ ValueType: '_event_management', ValueID: 'tasks', JSonData: j })),
    ),
  };
}

/** Requests of the two xrequest routes: any method (and junk names), writes only as above. */
function xrequest(fx: Fixture, route: AppRoute): fc.Arbitrary<FuzzReq> {
  const writes = xreqWrites(fx);
  const value = fc.oneof(
    junkString,
    junkNumber.map((n) => (n instanceof Raw ? n.text : n)),
    fc.constantFrom(
      fx.unit.id,
      String(fx.unit.id),
      fx.balticUnits[0]!,
      `${fx.nordicUnits.slice(0, 3).join(',')}`,
      [fx.unit.id, fx.relayUnit],
      NOWHERE,
    ),
    validTime,
    fc.boolean(),
  );
  const readParams = fc.dictionary(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...XREQ_PARAM_NAMES) },
      { weight: 1, arbitrary: junkKey },
    ),
    value,
    { maxKeys: 6 },
  );
  const send = (params: Params, who: Who, asQuery: boolean): FuzzReq =>
    asQuery || route.method === 'GET'
      ? {
          who,
          path: {},
          query: {
            kind: 'obj',
            v: Object.fromEntries(
              Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(asText) : asText(v)]),
            ),
          },
          body: { kind: 'none' },
        }
      : { who, path: {}, query: noQuery, body: json(params) };
  const method = (name: string): Segment => name;
  const reads = fc
    .record({ m: fc.constantFrom(...XREQ_READS), p: readParams, who: whoArb, qs: fc.boolean() })
    .map(({ m, p, who, qs }) => ({ ...send(p, who, qs), path: { method: method(m) }, semantic: true }));
  const writeReqs = fc
    .record({ m: fc.constantFrom(...Object.keys(writes)), who: whoArb, qs: fc.boolean() })
    .chain(({ m, who, qs }) =>
      writes[m]!.map((p) => ({ ...send(p, who, qs), path: { method: method(m) }, semantic: true })),
    );
  // Unknown or malformed method names, with junk anywhere.
  const unknown = fc
    .record({
      m: fc.oneof(
        fc.constantFrom(
          'Nope',
          'getalarms',
          'SETUSERDATA',
          'Get_Alarms',
          '__proto__',
          'constructor',
          'toString',
          'hasOwnProperty',
        ),
        junkSegment,
      ),
      who: whoArb,
      qs: junkQuery,
      b: junkBody,
    })
    .map(({ m, who, qs, b }): FuzzReq => ({
      who,
      path: { method: m },
      query: qs,
      body: route.method === 'GET' ? { kind: 'none' } : b,
      semantic: true,
    }));
  // Read methods with junk bodies and content types.
  const readJunk = fc
    .record({ m: fc.constantFrom(...XREQ_READS), who: whoArb, qs: junkQuery, b: junkBody })
    .map(({ m, who, qs, b }): FuzzReq => ({
      who,
      path: { method: m },
      query: qs,
      body: route.method === 'GET' ? { kind: 'none' } : b,
      semantic: true,
    }));
  return fc.oneof(
    { weight: 4, arbitrary: reads },
    { weight: 4, arbitrary: writeReqs },
    { weight: 1, arbitrary: unknown },
    { weight: 1, arbitrary: readJunk },
  );
}

// ───────────────────────── the suite ─────────────────────────

const routeKey = (r: AppRoute) => `${r.method} ${r.url}`;
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0);

/**
 * A stand-in weather provider answering every request with well-formed days, so that the weather
 * routes answer 200 rather than the documented 503 "Weather data missing" of a server without one.
 */
async function fakeWeatherProvider(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const n =
      Math.min(
        Number(url.searchParams.get('past_days') ?? 0) + Number(url.searchParams.get('forecast_days') ?? 0),
        40,
      ) || 1;
    const time = Array.from({ length: n }, (_, i) =>
      new Date(Date.UTC(2025, 5, 1 + i)).toISOString().slice(0, 10),
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        daily: {
          time,
          weather_code: time.map(() => 3),
          temperature_2m_max: time.map(() => 20),
          temperature_2m_min: time.map(() => 10),
          precipitation_sum: time.map(() => 0.5),
          wind_speed_10m_max: time.map(() => 4),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The fuzz suite on one driver, for one share of the routes: fuzz.test.ts and fuzz-2.test.ts each
 * take half of the routes on PGlite, fuzz-postgres.test.ts all of them on PostgreSQL, so that the
 * test workers run them side by side (one file runs on one worker; the whole suite in one file was
 * the longest pole of `npm test`).
 */
export function fuzzSuite(driver: Driver, share: { index: number; of: number } = { index: 0, of: 1 }): void {
  describe(`fuzzing every route on ${driver}${share.of > 1 ? ` (share ${share.index + 1} of ${share.of})` : ''}`, () => {
    let weather: Awaited<ReturnType<typeof fakeWeatherProvider>>;
    let d: DemoServer;
    let fx: Fixture;
    let twin: FastifyInstance;
    let routes: Map<string, AppRoute>;
    let baseline: Fingerprint;

    beforeAll(async () => {
      weather = await fakeWeatherProvider();
      d = await startDemo(driver, { weatherUrl: weather.url, weatherTimeoutMs: 2000 });
      fx = await makeFixture(d);
      routes = new Map(appRoutes(d.s.app).map((r) => [routeKey(r), r]));
      // The validation twin: the same validator options, guard, error handler and route schemas.
      twin = Fastify({ ajv: AJV_OPTIONS, bodyLimit: BODY_LIMIT_BYTES, logger: false });
      installErrorHandler(twin);
      installInputGuard(twin);
      for (const r of routes.values()) {
        if (SKIPPED[routeKey(r)]) continue;
        const s = (r.schema ?? {}) as Record<string, unknown>;
        twin.route({
          method: r.method as 'GET',
          url: r.url,
          schema: {
            ...(s.params ? { params: s.params } : {}),
            ...(s.querystring ? { querystring: s.querystring } : {}),
            ...(s.body ? { body: s.body } : {}),
          },
          handler: async () => ({ valid: true }),
        });
      }
      await twin.ready();
      baseline = await tableFingerprint(d.s.db);
    }, 180_000);

    afterAll(async () => {
      await twin?.close();
      await d?.s.close();
      await weather?.close();
    });

    it('fuzzes every route of the app, or skips it with a reason', () => {
      const keys = [...routes.keys()];
      const unlisted = keys.filter((k) => !SPECS[k] && !SKIPPED[k]);
      expect({ unlisted }).toEqual({ unlisted: [] });
      const stale = [...Object.keys(SPECS), ...Object.keys(SKIPPED)].filter((k) => !routes.has(k));
      expect({ stale }).toEqual({ stale: [] });
      // Every xrequest method is either a read or has write generators.
      const writes = Object.keys(xreqWrites(fx));
      expect({ unclassified: fx.legacy.filter((m) => !XREQ_READS.includes(m) && !writes.includes(m)) }).toEqual(
        { unclassified: [] },
      );
    });

    it.each(Object.keys(SPECS).filter((_, i) => i % share.of === share.index))(
      '%s',
      async (key) => {
        const route = routes.get(key);
        if (!route) return; // reported by the enumeration test
        const spec = SPECS[key]!;
        const pools = spec.pools?.(fx) ?? {};
        const gen =
          route.url === '/api/v1/xrequest/:method' ? xrequest(fx, route) : generic(fx, route, pools, spec.safe);
        const semantic = spec.semantic?.(fx) ?? [];
        const arb: fc.Arbitrary<FuzzReq> = semantic.length
          ? fc.oneof(
              { weight: spec.genericWeight ?? semantic.length, arbitrary: gen },
              ...semantic.map((a) => ({ weight: 1, arbitrary: a })),
            )
          : gen;
        const target = RUNS[driver];
        let sent = 0;
        let twinValid = 0;
        const accepted: string[] = [];

        const property = async (batch: FuzzReq[]) => {
          const out: Array<{ o: InjectOptions; r: LightMyRequestResponse }> = [];
          const toSend: InjectOptions[] = [];
          for (const r of batch) {
            const o = toInject(route, r, fx.cookie[r.who]);
            if (spec.write && !spec.safe && !r.semantic) {
              const t = await twin.inject(o);
              if (t.statusCode < 400) {
                twinValid += 1;
                continue; // might be a valid write: not sent
              }
            }
            toSend.push(o);
          }
          await Promise.all(toSend.map(async (o) => out.push({ o, r: await d.s.app.inject(o) })));
          for (const { o, r } of out) {
            sent += 1;
            if (r.statusCode >= 500)
              throw new Error(`${r.statusCode} for ${describeReq(o)}\n→ ${r.body.slice(0, 500)}`);
            const readMethod = XREQ_READS.some((m) => String(o.url).startsWith(`/api/v1/xrequest/${m}`));
            if (spec.write && !readMethod && r.statusCode < 400 && accepted.length < 20)
              accepted.push(`${r.statusCode} ${describeReq(o)} → ${r.body.slice(0, 200)}`);
          }
        };
        for (let round = 0; sent < target; round++) {
          const before = sent;
          await fc.assert(fc.asyncProperty(fc.array(arb, { minLength: BATCH, maxLength: BATCH }), property), {
            numRuns: Math.ceil((target - sent) / BATCH),
            seed: SEED + hash(key) + round,
            // The failing request is in the error; shrinking would replay hundreds of batches.
            endOnFailure: true,
          });
          if (sent === before)
            throw new Error(`${key}: the generators produce nothing to send (${twinValid} schema-valid)`);
        }
        expect(sent).toBeGreaterThanOrEqual(target);

        const after = await tableFingerprint(d.s.db);
        const changed = fingerprintDiff(baseline, after);
        baseline = after;
        expect({ changed, acceptedWrites: changed.length ? accepted : [] }).toEqual({
          changed: [],
          acceptedWrites: [],
        });
      },
      ROUTE_TIMEOUT_MS,
    );
  });
}
