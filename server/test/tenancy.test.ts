/**
 * The tenancy walk: every call that takes an id — in the path, the query or the body, including
 * the older API's xrequest methods and the records of its key-value store — is made by a user of
 * Nordic Utilities only, with a real id of a Baltic Water object. It must answer exactly as for an
 * id that does not exist (same status, same body once the id itself is blanked out) — 404, unless
 * the contract says otherwise for that call (noted at the case) — and change no stored row.
 *
 * Callers: `nordic.super`, a SuperUser of Nordic Utilities only (created here: the demo SuperUser
 * belongs to both organisations), so that no role check stands in front of the tenancy check; and
 * demo.user, the demo User of Nordic Utilities only (403 on administration, as for any id).
 *
 * The walk is built from the app's route list: a route (or xrequest method) that is neither walked
 * nor listed as not applicable, with the reason, fails the enumeration test — a new route cannot
 * escape the walk silently.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { USER_TYPES } from '@fieldwatch/shared';
import { appContext, appRoutes } from '../src/app';
import { alarms, events, nfcTags, notifications, taskFiles, tasks, unitSettings, units, unitTrials, users } from '../src/db/schema';
import {
  addUser,
  DRIVERS,
  FINGERPRINT_IGNORED_COLUMNS,
  fingerprintDiff,
  login,
  startDemo,
  tableFingerprint,
  type DemoServer,
  type Fingerprint,
} from './helpers';

const NOWHERE = 987_654_321;
type Caller = 'super' | 'user';

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Case {
  name: string;
  /** The request, for the id under test. */
  req: (id: string | number) => Req;
  /** The Baltic Water id. */
  foreign: string | number;
  /** An id of nothing. */
  missing: string | number;
  /** Expected status per caller (default 404 for both). */
  status?: Partial<Record<Caller, number>>;
  /** Only these callers (default both). */
  only?: Caller[];
  /** Bookkeeping columns this call may write besides FINGERPRINT_IGNORED_COLUMNS. */
  ignore?: Record<string, string[]>;
  /** No comparison with a missing id: with an unknown id the call would create the record. */
  noMissing?: boolean;
  /** Blanks what differs between any two calls (a timestamp of the call) before the comparison. */
  normalize?: (body: string) => string;
}

/** What the walk aims at: Baltic Water's objects, and a few Nordic ones to point from. */
interface Fixture {
  nordic: number;
  baltic: number;
  cookies: Record<Caller, string>;
  b: {
    unit: number;
    channel: number;
    settingsRevision: number;
    marker: number;
    alarm: number;
    dashboard: number;
    group: number;
    containerGroup: string;
    containerLocation: string;
    task: string;
    taskRevision: number;
    /** A file of the Baltic task. */
    taskFile: string;
    event: string;
    notification: string;
    user: number;
    session: string;
    token: number;
    tag: string;
  };
  n: {
    unit: number;
    group: number;
    containerGroup: string;
    containerLocation: string;
    task: string;
    taskRevision: number;
    token: string;
    /** A Nordic tag in stock whose onboarding both callers began, choosing Nordic Utilities. */
    stockTag: string;
  };
  validDashboardContent: unknown;
}

async function makeFixture(d: DemoServer): Promise<Fixture> {
  const db = d.s.db.db;
  const app = d.s.app;
  const call = async (cookie: string, method: Req['method'], url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: never }>().data;
  };
  const sup = d.superCookie;
  await addUser(d.s, { username: 'nordic.super', userType: USER_TYPES.SuperUser, orgs: [d.nordic] });
  const nsuper = await login(app, 'nordic.super');

  const firstUnit = async (org: number) =>
    Number(
      (
        (await db.execute(sql`
          select u.id from units u join channels c on c.unit_id = u.id and c.channel_no = 1 and c.kind = 'analog'
          where u.organization_id = ${org} order by u.id limit 1`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows[0]!.id,
    );
  const bUnit = await firstUnit(d.baltic);
  const nUnit = await firstUnit(d.nordic);
  const [settings] = await db.select().from(unitSettings).where(eq(unitSettings.unitId, bUnit));
  const marker = (await call(sup, 'POST', `/api/v2/device/legacy/devices/${bUnit}/channel/1/markers`, {
    name: 'Baltic',
    position: '2024-06-01T00:00:00Z',
  })) as { id: number };
  const [alarm] = await db
    .select({ id: alarms.id })
    .from(alarms)
    .innerJoin(units, eq(units.id, alarms.unitId))
    .where(and(eq(units.organizationId, d.baltic), eq(alarms.active, true)))
    .limit(1);
  const dashboards = (await call(
    d.readerCookie,
    'GET',
    '/api/v3/user/dashboard?excludeContent=true',
  )) as Array<{ id: number }>;
  const validDashboardContent = (
    (await call(d.readerCookie, 'GET', `/api/v3/user/dashboard/${dashboards[0]!.id}`)) as { content: unknown }
  ).content;
  const bGroup = (await call(sup, 'POST', '/api/v2/device/groups', {
    description: 'Baltic group',
    organization: d.baltic,
  })) as { GroupId: number };
  const nGroup = (await call(nsuper, 'POST', '/api/v2/device/groups', { description: 'Nordic group' })) as {
    GroupId: number;
  };
  const container = async (cookie: string, kind: string, organization?: number) =>
    (
      (await call(cookie, 'POST', '/api/v3/containers', {
        kind,
        name: `${kind} ${organization ?? ''}`,
        ...(organization ? { organization } : {}),
      })) as { id: string }
    ).id;
  const [bTask] = await db.select().from(tasks).where(eq(tasks.organizationId, d.baltic)).limit(1);
  const [nTask] = await db.select().from(tasks).where(eq(tasks.organizationId, d.nordic)).limit(1);
  const bTaskFile = randomUUID();
  await db.insert(taskFiles).values({
    id: bTaskFile,
    taskId: bTask!.id,
    organizationId: d.baltic,
    name: 'baltic.txt',
    contentType: 'text/plain',
    size: 6,
    createdBy: 'demo.super',
    data: Buffer.from('Baltic'),
  });
  const [bEvent] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.organizationId, d.baltic))
    .limit(1);
  const [reader] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.reader'));
  const [note] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, reader!.id))
    .limit(1);
  const readerSessions = (await call(d.readerCookie, 'GET', '/api/v2/auth/sessions')) as Array<{
    id: string;
    current: boolean;
  }>;
  const bToken = (await call(sup, 'POST', '/api/v3/admin/tokens', {
    name: 'Baltic',
    organizationId: d.baltic,
  })) as { id: number };
  const nToken = (await call(nsuper, 'POST', '/api/v3/admin/tokens', {
    name: 'Nordic',
    organizationId: d.nordic,
  })) as { token: string };
  const [tag] = await db
    .select({ uuid: nfcTags.tagUuid })
    .from(nfcTags)
    .innerJoin(units, eq(units.id, nfcTags.unitId))
    .where(eq(units.organizationId, d.baltic))
    .limit(1);
  // An onboarding of a Nordic tag in stock, Nordic Utilities chosen by both callers (the placement
  // walk aims at Baltic locations and groups from it), and a trial of a Baltic unit (its conversion).
  const [stock] = await db
    .select({ uuid: nfcTags.tagUuid })
    .from(nfcTags)
    .innerJoin(units, eq(units.id, nfcTags.unitId))
    .where(and(eq(units.organizationId, d.nordic), isNull(nfcTags.activatedAt)))
    .limit(1);
  for (const c of [nsuper, d.userCookie])
    await call(c, 'PUT', `/api/v3/onboarding/flow/${stock!.uuid}/organization`, { organizationId: d.nordic });
  await db.insert(unitTrials).values({ unitId: bUnit, startedAt: new Date(), endsAt: new Date(Date.now() + 28 * 86_400_000) });
  // A value of Baltic Water in the key-value store (a Nordic user must not reach it).
  await call(sup, 'POST', '/api/v1/xrequest/SetUserData', {
    ValueType: 'tenancy',
    ValueID: 'k',
    JSonData: '"baltic"',
    CustomerID: d.baltic,
  });

  return {
    nordic: d.nordic,
    baltic: d.baltic,
    cookies: { super: nsuper, user: d.userCookie },
    b: {
      unit: bUnit,
      channel: 1,
      settingsRevision: settings?.revision ?? 0,
      marker: marker.id,
      alarm: alarm!.id,
      dashboard: dashboards[0]!.id,
      group: bGroup.GroupId,
      containerGroup: await container(sup, 'group', d.baltic),
      containerLocation: await container(sup, 'location', d.baltic),
      task: bTask!.id,
      taskRevision: bTask!.revision,
      taskFile: bTaskFile,
      event: bEvent!.id,
      notification: note!.id,
      user: reader!.id,
      session: readerSessions.find((s) => s.current)!.id,
      token: bToken.id,
      tag: tag!.uuid,
    },
    n: {
      unit: nUnit,
      group: nGroup.GroupId,
      containerGroup: await container(nsuper, 'group'),
      containerLocation: await container(nsuper, 'location'),
      task: nTask!.id,
      taskRevision: nTask!.revision,
      token: nToken.token,
      stockTag: stock!.uuid,
    },
    validDashboardContent,
  };
}

// ───────────────────────── the walk ─────────────────────────

const get = (url: string): Req => ({ method: 'GET', url });
const uuid = () => randomUUID();
const ADMIN = { super: 404, user: 403 }; // demo.user is no SuperUser: "missing authority" first, for any id

/** Routes with an id, and the cases that walk them. */
const WALK: Record<string, (f: Fixture) => Case[]> = {
  'DELETE /api/v2/auth/session/logout/:id': (f) => [
    {
      name: "another user's session",
      req: (id) => ({ method: 'DELETE', url: `/api/v2/auth/session/logout/${id}` }),
      foreign: f.b.session,
      missing: uuid(),
    },
  ],
  'PUT /api/v3/user/session/current_organization': (f) => [
    {
      name: 'select Baltic Water',
      req: (id) => ({ method: 'PUT', url: `/api/v3/user/session/current_organization?id=${id}` }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
    {
      name: 'select Nordic and Baltic',
      req: (id) => ({ method: 'PUT', url: `/api/v3/user/session/current_organization?id=${f.nordic},${id}` }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
  ],
  'POST /api/v3/user/createRestorePasswordToken': (f) => [
    {
      name: 'a Baltic user',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/user/createRestorePasswordToken',
        body: { userId: id, baseUrl: 'http://localhost/reset' },
      }),
      foreign: f.b.user,
      missing: NOWHERE,
      // Issue 14 §1: refused (nothing sent) unless the caller administers every organisation of
      // the user; an unknown id answers the same, so ids cannot be probed.
      status: { super: 403, user: 403 },
    },
  ],
  'GET /api/v3/user/organization/:id': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => get(`/api/v3/user/organization/${id}`),
      foreign: f.baltic,
      missing: NOWHERE,
    },
  ],
  'GET /api/v3/user/dashboard/:id': (f) => [dash(f, 'read', (id) => get(`/api/v3/user/dashboard/${id}`))],
  'PUT /api/v3/user/dashboard/:id': (f) => [
    dash(f, 'save', (id) => ({
      method: 'PUT',
      url: `/api/v3/user/dashboard/${id}`,
      body: { content: f.validDashboardContent },
    })),
  ],
  'DELETE /api/v3/user/dashboard/:id': (f) => [
    dash(f, 'delete', (id) => ({ method: 'DELETE', url: `/api/v3/user/dashboard/${id}` })),
  ],
  'PUT /api/v3/user/dashboard/:id/updateName': (f) => [
    dash(f, 'rename', (id) => ({
      method: 'PUT',
      url: `/api/v3/user/dashboard/${id}/updateName`,
      body: { name: 'Mine' },
    })),
  ],
  'PUT /api/v3/user/dashboard/:id/filter': (f) => [
    dash(f, 'filter', (id) => ({
      method: 'PUT',
      url: `/api/v3/user/dashboard/${id}/filter`,
      body: { search: 'x' },
    })),
  ],
  'POST /api/v3/user/dashboard/:id/restore': (f) => [
    dash(f, 'restore', (id) => ({ method: 'POST', url: `/api/v3/user/dashboard/${id}/restore` })),
  ],

  'GET /api/v1/device/:id/details': (f) => [unit(f, (id) => get(`/api/v1/device/${id}/details`))],
  'GET /api/v1/device/:id/options': (f) => [unit(f, (id) => get(`/api/v1/device/${id}/options`))],
  'GET /api/v2/device/devices/:id/options': (f) => [
    unit(f, (id) => get(`/api/v2/device/devices/${id}/options`)),
  ],
  'GET /api/v2/device/legacy/devices/:id/settings': (f) => [
    unit(f, (id) => get(`/api/v2/device/legacy/devices/${id}/settings`)),
  ],
  'PUT /api/v2/device/legacy/devices/:id/settings': (f) => [
    unit(f, (id) => ({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${id}/settings`,
      body: { revision: f.b.settingsRevision, settings: { general: { timezone: 'UTC' } } },
    })),
  ],
  'PUT /api/v2/device/legacy/devices/:a/:b/:c': (f) => [
    unit(f, (id) => ({
      method: 'PUT',
      url: `/api/v2/device/legacy/devices/${id}/radio/mode`,
      body: { value: 'lte-m' },
    })),
  ],
  'GET /api/v2/device/legacy/devices/:id/channel/:n/markers': (f) => [
    unit(f, (id) => get(`/api/v2/device/legacy/devices/${id}/channel/1/markers`)),
  ],
  'POST /api/v2/device/legacy/devices/:id/channel/:n/markers': (f) => [
    unit(f, (id) => ({
      method: 'POST',
      url: `/api/v2/device/legacy/devices/${id}/channel/1/markers`,
      body: { name: 'm', position: '2024-06-01T00:00:00Z' },
    })),
  ],
  'PUT /api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId': (f) => [
    {
      name: 'the Baltic marker at its unit',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v2/device/legacy/devices/${f.b.unit}/channel/1/markers/${id}`,
        body: { name: 'x' },
      }),
      foreign: f.b.marker,
      missing: NOWHERE,
    },
    {
      name: 'the Baltic marker under a Nordic unit',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v2/device/legacy/devices/${f.n.unit}/channel/1/markers/${id}`,
        body: { name: 'x' },
      }),
      foreign: f.b.marker,
      missing: NOWHERE,
    },
  ],
  'DELETE /api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId': (f) => [
    {
      name: 'the Baltic marker at its unit',
      req: (id) => ({
        method: 'DELETE',
        url: `/api/v2/device/legacy/devices/${f.b.unit}/channel/1/markers/${id}`,
      }),
      foreign: f.b.marker,
      missing: NOWHERE,
    },
    {
      name: 'the Baltic marker under a Nordic unit',
      req: (id) => ({
        method: 'DELETE',
        url: `/api/v2/device/legacy/devices/${f.n.unit}/channel/1/markers/${id}`,
      }),
      foreign: f.b.marker,
      missing: NOWHERE,
    },
  ],
  'GET /api/v2/device/devices/:id/relay': (f) => [unit(f, (id) => get(`/api/v2/device/devices/${id}/relay`))],
  'POST /api/v2/device/devices/:id/relay': (f) => [
    unit(f, (id) => ({ method: 'POST', url: `/api/v2/device/devices/${id}/relay`, body: { on: true } })),
  ],
  'GET /api/v2/device/devices/:id/actions': (f) => [
    unit(f, (id) => get(`/api/v2/device/devices/${id}/actions`)),
  ],
  'POST /api/v2/device/devices/:id/actions': (f) => [
    unit(f, (id) => ({ method: 'POST', url: `/api/v2/device/devices/${id}/actions`, body: { action: 'test' } })),
  ],
  'POST /api/v3/device/actions': (f) => [
    {
      // Bulk: a unit of another organisation is refused in the answer, like an unknown one.
      ...unit(f, (id) => ({ method: 'POST', url: '/api/v3/device/actions', body: { unitIds: [id], action: 'test' } })),
      status: { super: 200, user: 200 },
    },
  ],
  'GET /api/v3/device/devices/:id/firmware': (f) => [unit(f, (id) => get(`/api/v3/device/devices/${id}/firmware`))],
  'POST /api/v3/device/devices/:id/firmware': (f) => [
    unit(f, (id) => ({ method: 'POST', url: `/api/v3/device/devices/${id}/firmware`, body: { version: '1.0.0' } })),
  ],
  'GET /api/v3/device/devices/:id/log': (f) => [unit(f, (id) => get(`/api/v3/device/devices/${id}/log`))],
  'GET /api/v2/device/legacy/devices/:id/radar/:channel': (f) => [
    unit(f, (id) => get(`/api/v2/device/legacy/devices/${id}/radar/1`)),
  ],
  'GET /api/v3/device/devices/:id/data': (f) => [unit(f, (id) => get(`/api/v3/device/devices/${id}/data`))],
  'GET /api/v2/device/devices/:id/data': (f) => [unit(f, (id) => get(`/api/v2/device/devices/${id}/data`))],
  'GET /api/v3/device/devices/:id/channels/:n/limits': (f) => [
    unit(f, (id) => get(`/api/v3/device/devices/${id}/channels/1/limits`)),
  ],
  'PUT /api/v3/device/devices/:id/channels/:n/limits': (f) => [
    unit(f, (id) => ({
      method: 'PUT',
      url: `/api/v3/device/devices/${id}/channels/1/limits`,
      body: { levels: [{ level: 1, low: 1, high: 2 }] },
    })),
  ],
  'POST /api/v2/device/alarms': (f) => [
    unit(f, (id) => ({ method: 'POST', url: '/api/v2/device/alarms', body: { devices: [id] } })),
    unit(
      f,
      (id) => ({ method: 'POST', url: '/api/v2/device/alarms', body: { devices: [f.n.unit, id] } }),
      'with a Nordic unit',
    ),
  ],
  'POST /api/v3/alarms/:id/actions': (f) => [
    {
      name: 'acknowledge a Baltic alarm',
      req: (id) => ({ method: 'POST', url: `/api/v3/alarms/${id}/actions`, body: { action: 'acknowledge' } }),
      foreign: f.b.alarm,
      missing: NOWHERE,
    },
    {
      name: 'reset at a Baltic alarm',
      req: (id) => ({ method: 'POST', url: `/api/v3/alarms/${id}/actions`, body: { action: 'reset' } }),
      foreign: f.b.alarm,
      missing: NOWHERE,
    },
  ],
  // All or none: one Baltic alarm among Nordic ones is refused like an unknown one.
  'POST /api/v3/alarms/actions': (f) => [
    {
      name: 'acknowledge a Baltic alarm in bulk',
      req: (id) => ({ method: 'POST', url: '/api/v3/alarms/actions', body: { action: 'acknowledge', ids: [id] } }),
      foreign: f.b.alarm,
      missing: NOWHERE,
    },
  ],
  'GET /api/v3/alarms/:id/history': (f) => [
    {
      name: 'the history of a Baltic alarm',
      req: (id) => get(`/api/v3/alarms/${id}/history`),
      foreign: f.b.alarm,
      missing: NOWHERE,
    },
  ],
  // The v1 list ignores organisation ids the user does not belong to, like unknown ones: 200 [].
  'GET /api/v1/device': (f) => [
    {
      name: '?orgs=Baltic',
      req: (id) => get(`/api/v1/device?orgs=${id}`),
      foreign: f.baltic,
      missing: NOWHERE,
      status: { super: 200, user: 200 },
    },
  ],
  'GET /api/v1/nfc/tag': (f) => [unit(f, (id) => get(`/api/v1/nfc/tag?unit=${id}`))],
  // Device ingestion authenticates a token of one organisation: a point of another organisation's
  // unit is rejected on its own like an unknown unit (200, rejected 1). The token's last use is
  // recorded (api_tokens.last_used_at), as for every authenticated ingestion.
  'POST /api/v3/ingest': (f) => [
    {
      name: 'a point of a Baltic unit with a Nordic token',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/ingest',
        headers: { authorization: `Bearer ${f.n.token}` },
        body: {
          points: [{ unitId: id, channel: 1, ts: new Date(Date.now() - 60_000).toISOString(), value: 1 }],
        },
      }),
      foreign: f.b.unit,
      missing: NOWHERE,
      status: { super: 200 },
      only: ['super'],
      ignore: { api_tokens: ['last_used_at'] },
    },
  ],
  // Ownership and usage (issue 18 §1): Baltic Water's user, dashboard and organisation.
  'POST /api/v3/admin/ownership/dashboards/transfer': (f) => [
    {
      name: "a Baltic user's dashboards",
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/admin/ownership/dashboards/transfer',
        body: { organizationId: f.nordic, fromUserId: id, toUserId: id },
      }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
    {
      name: 'within Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/admin/ownership/dashboards/transfer',
        body: { organizationId: id, fromUserId: f.b.user, toUserId: f.b.user },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/admin/ownership/dashboards/:id/share': (f) => [
    {
      name: 'a Baltic dashboard',
      req: (id) => ({ method: 'PUT', url: `/api/v3/admin/ownership/dashboards/${id}/share`, body: { organizationId: null } }),
      foreign: f.b.dashboard,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/ownership/workspaces/transfer': (f) => [
    {
      name: "a Baltic user's tasks",
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/admin/ownership/workspaces/transfer',
        body: { organizationId: f.nordic, fromUserId: id, toUserId: id },
      }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
    {
      name: 'within Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/admin/ownership/workspaces/transfer',
        body: { organizationId: id, fromUserId: f.b.user, toUserId: f.b.user },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'GET /api/v3/admin/usage': (f) => [
    {
      name: "Baltic Water's usage",
      req: (id) => get(`/api/v3/admin/usage?organizationId=${id}&from=2026-01-01&to=2026-01-31`),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/tokens': (f) => [
    {
      name: 'for Baltic Water',
      req: (id) => ({ method: 'POST', url: '/api/v3/admin/tokens', body: { name: 't', organizationId: id } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'DELETE /api/v3/admin/tokens/:id': (f) => [
    {
      name: 'a Baltic token',
      req: (id) => ({ method: 'DELETE', url: `/api/v3/admin/tokens/${id}` }),
      foreign: f.b.token,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  // The audit log (issue 18 §1): another organisation's entries, asked for by its id.
  'GET /api/v3/admin/audit': (f) => [
    {
      name: "Baltic Water's audit log",
      req: (id) => get(`/api/v3/admin/audit?organizationId=${id}`),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'GET /api/v3/admin/audit.csv': (f) => [
    {
      name: "Baltic Water's audit log as CSV",
      req: (id) => get(`/api/v3/admin/audit.csv?organizationId=${id}`),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  // Admin user management (issue 18 §1): a user of Baltic Water only, and Baltic Water as an
  // organisation to give a new or edited user.
  'POST /api/v3/admin/users/invitations': (f) => [
    {
      name: 'invite into Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/admin/users/invitations',
        body: { name: 'T', email: 't@example.com', userType: 1, organizationIds: [id], baseUrl: 'http://localhost/reset-password' },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/users': (f) => [
    {
      name: 'add to Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/admin/users',
        body: { username: 'tenancy.new', name: 'T', email: 't@example.com', userType: 1, organizationIds: [f.nordic, id], baseUrl: 'http://localhost/reset-password' },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/admin/users/:id': (f) => [
    {
      name: 'edit a Baltic user',
      req: (id) => ({ method: 'PUT', url: `/api/v3/admin/users/${id}`, body: { name: 'Taken over' } }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/users/:id/deactivate': (f) => [
    {
      name: 'deactivate a Baltic user',
      req: (id) => ({ method: 'POST', url: `/api/v3/admin/users/${id}/deactivate` }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/users/:id/reactivate': (f) => [
    {
      name: 'reactivate a Baltic user',
      req: (id) => ({ method: 'POST', url: `/api/v3/admin/users/${id}/reactivate` }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'DELETE /api/v3/admin/users/:id': (f) => [
    {
      name: 'delete a Baltic user',
      req: (id) => ({ method: 'DELETE', url: `/api/v3/admin/users/${id}?tasks=unassign` }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/users/:id/reset-link': (f) => [
    {
      name: 'a reset link for a Baltic user',
      req: (id) => ({ method: 'POST', url: `/api/v3/admin/users/${id}/reset-link`, body: { baseUrl: 'http://localhost/reset-password' } }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'GET /api/v3/admin/users/:id/sessions': (f) => [
    {
      name: "a Baltic user's sessions",
      req: (id) => get(`/api/v3/admin/users/${id}/sessions`),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'DELETE /api/v3/admin/users/:id/sessions': (f) => [
    {
      name: "end a Baltic user's sessions",
      req: (id) => ({ method: 'DELETE', url: `/api/v3/admin/users/${id}/sessions` }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'DELETE /api/v3/admin/users/:id/two-factor': (f) => [
    {
      name: "turn off a Baltic user's two-factor authentication",
      req: (id) => ({ method: 'DELETE', url: `/api/v3/admin/users/${id}/two-factor` }),
      foreign: f.b.user,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'GET /api/v3/admin/organizations/:id': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'GET', url: `/api/v3/admin/organizations/${id}` }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/admin/organizations/:id/general': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'PUT', url: `/api/v3/admin/organizations/${id}/general`, body: { name: 'Taken', contactName: '', contactEmail: '', address: '', zip: '', city: '', country: '', phone: '', companyName: '', companyAddress: '', companyZip: '', companyCity: '', customerId: '', organisationNumber: '', defaultLanguage: 'en', defaultTimezone: 'UTC' } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/admin/organizations/:id/customization': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'PUT', url: `/api/v3/admin/organizations/${id}/customization`, body: { accent: '#2f7fe8', slug: 'taken' } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/admin/organizations/:id/security': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'PUT', url: `/api/v3/admin/organizations/${id}/security`, body: { passwordPolicy: { minLength: 12, requireDigit: true, requireMixedCase: true, requireSymbol: true }, sessionLifetimeHours: 1, signInMethods: ['password'] } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/admin/organizations/:id/rights': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'PUT', url: `/api/v3/admin/organizations/${id}/rights`, body: { rights: [1, 2, 3] } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'GET /api/v3/admin/organizations/:id/users': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'GET', url: `/api/v3/admin/organizations/${id}/users` }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/organizations/:id/users': (f) => [
    {
      name: 'Baltic Water',
      req: (id) => ({ method: 'POST', url: `/api/v3/admin/organizations/${id}/users`, body: { userIds: [f.b.user], fromId: f.nordic } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'POST /api/v3/admin/organizations': (f) => [
    {
      name: 'an account under Baltic Water',
      req: (id) => ({ method: 'POST', url: '/api/v3/admin/organizations', body: { name: 'Sub', parentId: id, rights: [] } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
    {
      name: 'moving users out of Baltic Water',
      req: (id) => ({ method: 'POST', url: `/api/v3/admin/organizations/${f.nordic}/users`, body: { userIds: [f.b.user], fromId: id } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],

  'POST /api/v3/events/tasks': (f) => [
    {
      name: 'in Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/events/tasks',
        body: { title: 'T', organizationId: id },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
    // References in the payload: an unknown one is a validation error (400), a foreign one too.
    {
      name: 'with a Baltic event',
      req: (id) => ({ method: 'POST', url: '/api/v3/events/tasks', body: { title: 'T', eventIds: [id] } }),
      foreign: f.b.event,
      missing: uuid(),
      status: { super: 400, user: 400 },
    },
    {
      name: 'assigned to a Baltic user',
      req: (id) => ({ method: 'POST', url: '/api/v3/events/tasks', body: { title: 'T', assignees: [id] } }),
      foreign: 'demo.reader',
      missing: 'nobody.here',
      status: { super: 400, user: 400 },
    },
    {
      name: 'about a Baltic unit',
      req: (id) => ({ method: 'POST', url: '/api/v3/events/tasks', body: { title: 'T', unitIds: [id] } }),
      foreign: f.b.unit,
      missing: NOWHERE,
      status: { super: 400, user: 400 },
    },
    {
      name: 'at a Baltic location',
      req: (id) => ({ method: 'POST', url: '/api/v3/events/tasks', body: { title: 'T', locationId: id } }),
      foreign: f.b.containerLocation,
      missing: 'nope',
      status: { super: 400, user: 400 },
    },
  ],
  // The task screens (modules/tasks): a Baltic task, or a Baltic file, as one that does not exist.
  'GET /api/v3/tasks/:id': (f) => [{ name: 'a Baltic task', req: (id) => get(`/api/v3/tasks/${id}`), foreign: f.b.task, missing: uuid() }],
  'GET /api/v3/tasks/:id/users': (f) => [
    { name: 'a Baltic task', req: (id) => get(`/api/v3/tasks/${id}/users`), foreign: f.b.task, missing: uuid() },
  ],
  'GET /api/v3/tasks/users': (f) => [
    { name: 'Baltic Water', req: (id) => get(`/api/v3/tasks/users?organizationId=${id}`), foreign: f.baltic, missing: NOWHERE },
  ],
  'GET /api/v3/tasks/:id/files': (f) => [
    { name: 'a Baltic task', req: (id) => get(`/api/v3/tasks/${id}/files`), foreign: f.b.task, missing: uuid() },
  ],
  'POST /api/v3/tasks/:id/files': (f) => [
    {
      name: 'a Baltic task',
      req: (id) => ({
        method: 'POST',
        url: `/api/v3/tasks/${id}/files?name=x.txt`,
        headers: { 'content-type': 'text/plain' },
        body: 'a file',
      }),
      foreign: f.b.task,
      missing: uuid(),
    },
  ],
  'GET /api/v3/tasks/:id/files/:fileId': (f) => [
    { name: 'a Baltic file', req: (id) => get(`/api/v3/tasks/${f.b.task}/files/${id}`), foreign: f.b.taskFile, missing: uuid() },
    { name: 'a Baltic file under a Nordic task', req: (id) => get(`/api/v3/tasks/${f.n.task}/files/${id}`), foreign: f.b.taskFile, missing: uuid() },
  ],
  'DELETE /api/v3/tasks/:id/files/:fileId': (f) => [
    {
      name: 'a Baltic file',
      req: (id) => ({ method: 'DELETE', url: `/api/v3/tasks/${f.b.task}/files/${id}` }),
      foreign: f.b.taskFile,
      missing: uuid(),
    },
    {
      name: 'a Baltic file under a Nordic task',
      req: (id) => ({ method: 'DELETE', url: `/api/v3/tasks/${f.n.task}/files/${id}` }),
      foreign: f.b.taskFile,
      missing: uuid(),
    },
  ],
  'PATCH /api/v3/events/tasks/:id': (f) => taskCases(f, 'PATCH'),
  'PUT /api/v3/events/tasks/:id': (f) => taskCases(f, 'PUT'),
  // Marking a notification seen that does not exist does nothing (spec §5): 200 { data: null };
  // another user's notification is answered the same.
  // The notification page (modules/notifications): a Baltic customer as a filter answers the
  // empty page a customer of nothing does; marking a Baltic user's notification, or all of a
  // Baltic customer's, marks nothing (the answer's `seen` is the call's own time).
  'GET /api/v3/notifications': (f) => [
    {
      name: 'Baltic Water as the customer filter',
      req: (id) => get(`/api/v3/notifications?customer=${id}`),
      foreign: f.baltic,
      missing: NOWHERE,
      status: { super: 200, user: 200 },
    },
  ],
  'POST /api/v3/notifications/seen': (f) => [
    {
      name: "a Baltic user's notification",
      req: (id) => ({ method: 'POST', url: '/api/v3/notifications/seen', body: { ids: [id] } }),
      foreign: f.b.notification,
      missing: uuid(),
      status: { super: 200, user: 200 },
      normalize: withoutSeenTime,
    },
    {
      name: "all of Baltic Water's",
      req: (id) => ({ method: 'POST', url: '/api/v3/notifications/seen', body: { all: true, customer: id } }),
      foreign: f.baltic,
      missing: NOWHERE,
      status: { super: 200, user: 200 },
      normalize: withoutSeenTime,
    },
  ],
  'PUT /api/v3/events/notifications/:id/seen': (f) => [
    {
      name: "a Baltic user's notification",
      req: (id) => ({ method: 'PUT', url: `/api/v3/events/notifications/${id}/seen` }),
      foreign: f.b.notification,
      missing: uuid(),
      status: { super: 200, user: 200 },
    },
  ],

  'POST /api/v2/device/groups': (f) => [
    {
      name: 'in Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v2/device/groups',
        body: { description: 'G', organization: id },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
  ],
  'PUT /api/v2/device/groups': (f) => [
    {
      name: 'rename a Baltic group',
      req: (id) => ({ method: 'PUT', url: '/api/v2/device/groups', body: { id, description: 'G' } }),
      foreign: f.b.group,
      missing: NOWHERE,
    },
  ],
  'DELETE /api/v2/device/groups': (f) => [
    {
      name: 'a Baltic group',
      req: (id) => ({ method: 'DELETE', url: '/api/v2/device/groups', body: { id, organization: f.baltic } }),
      foreign: f.b.group,
      missing: NOWHERE,
    },
    {
      name: 'a Baltic group named as Nordic',
      req: (id) => ({ method: 'DELETE', url: '/api/v2/device/groups', body: { id, organization: f.nordic } }),
      foreign: f.b.group,
      missing: NOWHERE,
    },
    {
      name: 'the Nordic group named as Baltic',
      req: (id) => ({
        method: 'DELETE',
        url: '/api/v2/device/groups',
        body: { id: f.n.group, organization: id },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
  ],
  'PUT /api/v2/device/devices/updateGroup': (f) => [
    {
      name: 'into a Baltic group',
      req: (id) => ({
        method: 'PUT',
        url: '/api/v2/device/devices/updateGroup',
        body: { groupId: id, devices: [f.n.unit] },
      }),
      foreign: f.b.group,
      missing: NOWHERE,
    },
    {
      name: 'a Baltic unit into the Nordic group',
      req: (id) => ({
        method: 'PUT',
        url: '/api/v2/device/devices/updateGroup',
        body: { groupId: f.n.group, devices: [f.n.unit, id] },
      }),
      foreign: f.b.unit,
      missing: NOWHERE,
    },
  ],

  'GET /api/v3/containers/:id': (f) => containerCases(f, (id) => get(`/api/v3/containers/${id}`)),
  'PUT /api/v3/containers/:id': (f) => [
    ...containerCases(f, (id) => ({
      method: 'PUT',
      url: `/api/v3/containers/${id}`,
      body: { revision: 1, name: 'X' },
    })),
    {
      name: 'a Baltic unit into a Nordic location',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v3/containers/${f.n.containerLocation}`,
        body: { revision: 1, content: [{ type: 'unit', target: String(id) }] },
      }),
      foreign: f.b.unit,
      missing: NOWHERE,
    },
    {
      name: 'a Baltic location into a Nordic group',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v3/containers/${f.n.containerGroup}`,
        body: { revision: 1, content: [{ type: 'location', target: id }] },
      }),
      foreign: f.b.containerLocation,
      missing: 'nope',
    },
    {
      name: 'a Nordic group under a Baltic group',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v3/containers/${f.n.containerGroup}`,
        body: { revision: 1, parentId: id },
      }),
      foreign: f.b.containerGroup,
      missing: 'nope',
    },
  ],
  'DELETE /api/v3/containers/:id': (f) =>
    containerCases(f, (id) => ({ method: 'DELETE', url: `/api/v3/containers/${id}` })),
  'PUT /api/v3/containers/:id/units': (f) => [
    ...containerCases(f, (id) => ({ method: 'PUT', url: `/api/v3/containers/${id}/units`, body: { units: [f.n.unit] } })),
    {
      name: 'a Baltic unit into a Nordic location',
      req: (id) => ({ method: 'PUT', url: `/api/v3/containers/${f.n.containerLocation}/units`, body: { units: [f.n.unit, id] } }),
      foreign: f.b.unit,
      missing: NOWHERE,
    },
  ],
  'POST /api/v3/device/devices': (f) => [
    {
      name: 'in Baltic Water',
      req: (id) => ({ method: 'POST', url: '/api/v3/device/devices', body: { name: 'U', serial: 'TEN-1', type: 22, organization: id } }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
    {
      name: 'into a Baltic location',
      req: (id) => ({ method: 'POST', url: '/api/v3/device/devices', body: { name: 'U', serial: 'TEN-2', type: 22, locationId: String(id) } }),
      foreign: f.b.containerLocation,
      missing: 'nope',
    },
  ],
  'PUT /api/v3/device/devices/:id': (f) => [
    unit(f, (id) => ({ method: 'PUT', url: `/api/v3/device/devices/${id}`, body: { name: 'Renamed' } })),
  ],
  'GET /api/v3/device/devices/:id/channels': (f) => [unit(f, (id) => get(`/api/v3/device/devices/${id}/channels`))],
  'PUT /api/v3/device/devices/:id/channels/:n': (f) => [
    unit(f, (id) => ({ method: 'PUT', url: `/api/v3/device/devices/${id}/channels/1`, body: { kind: 'formula', factor: 2 } })),
  ],
  'PUT /api/v3/onboarding/flow/:uuid/organization': (f) => [
    {
      name: 'Baltic Water for a Nordic tag',
      req: (id) => ({ method: 'PUT', url: `/api/v3/onboarding/flow/${f.n.stockTag}/organization`, body: { organizationId: id } }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
  ],
  'PUT /api/v3/onboarding/flow/:uuid/placement': (f) => [
    {
      name: 'into a Baltic location',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v3/onboarding/flow/${f.n.stockTag}/placement`,
        body: { name: 'U', lat: 59, lon: 18, locationId: String(id) },
      }),
      foreign: f.b.containerLocation,
      missing: 'nope',
    },
    {
      name: 'into a Baltic group',
      req: (id) => ({
        method: 'PUT',
        url: `/api/v3/onboarding/flow/${f.n.stockTag}/placement`,
        body: { name: 'U', lat: 59, lon: 18, locationName: 'L', groupId: String(id) },
      }),
      foreign: f.b.containerGroup,
      missing: 'nope',
    },
  ],
  'GET /api/v3/onboarding/places': (f) => [
    {
      name: "Baltic Water's addresses",
      // A Baltic address (the demo streets are Swedish and Danish), no town.
      req: (id) => get(`/api/v3/onboarding/places?q=gade&organization=${id}`),
      foreign: f.baltic,
      missing: NOWHERE,
      // Answered as for no organisation: towns only (none here).
      status: { super: 200, user: 200 },
    },
  ],
  'POST /api/v3/admin/trials/:id/convert': (f) => [
    {
      name: "a Baltic unit's trial",
      req: (id) => ({ method: 'POST', url: `/api/v3/admin/trials/${id}/convert` }),
      foreign: f.b.unit,
      missing: NOWHERE,
      status: ADMIN,
    },
  ],
  'PUT /api/v3/device/devices/:id/nfc/tag': (f) => [
    unit(f, (id) => ({ method: 'PUT', url: `/api/v3/device/devices/${id}/nfc/tag`, body: { tagUuid: 'aa11bb22-tenancy' } })),
  ],
  'POST /api/v3/containers': (f) => [
    {
      name: 'in Baltic Water',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/containers',
        body: { kind: 'group', name: 'C', organization: id },
      }),
      foreign: f.baltic,
      missing: NOWHERE,
    },
    {
      name: 'a location holding a Baltic unit',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/containers',
        body: { kind: 'location', name: 'C', content: [{ type: 'unit', target: String(id) }] },
      }),
      foreign: f.b.unit,
      missing: NOWHERE,
    },
    {
      name: 'a group holding a Baltic location',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/containers',
        body: { kind: 'group', name: 'C', content: [{ type: 'location', target: id }] },
      }),
      foreign: f.b.containerLocation,
      missing: 'nope',
    },
    {
      name: 'a group under a Baltic group',
      req: (id) => ({
        method: 'POST',
        url: '/api/v3/containers',
        body: { kind: 'group', name: 'C', parentId: id },
      }),
      foreign: f.b.containerGroup,
      missing: 'nope',
    },
  ],
};

function dash(f: Fixture, name: string, req: (id: string | number) => Req): Case {
  return { name: `${name} a Baltic user's dashboard`, req, foreign: f.b.dashboard, missing: NOWHERE };
}
function unit(f: Fixture, req: (id: string | number) => Req, name = ''): Case {
  return { name: `a Baltic unit ${name}`.trim(), req, foreign: f.b.unit, missing: NOWHERE };
}
function containerCases(f: Fixture, req: (id: string | number) => Req): Case[] {
  return [
    { name: 'a Baltic group', req, foreign: f.b.containerGroup, missing: 'nope' },
    { name: 'a Baltic location', req, foreign: f.b.containerLocation, missing: 'nope' },
  ];
}
function taskCases(f: Fixture, method: 'PATCH' | 'PUT'): Case[] {
  const url = (id: string | number) => `/api/v3/events/tasks/${id}`;
  return [
    {
      name: 'a Baltic task',
      req: (id) => ({ method, url: url(id), body: { op: 'note', note: 'x', revision: f.b.taskRevision } }),
      foreign: f.b.task,
      missing: uuid(),
    },
    // References in the payload of a Nordic task: like unknown ones, 400.
    {
      name: 'a Baltic event into a Nordic task',
      req: (id) => ({
        method,
        url: url(f.n.task),
        body: { op: 'events', eventIds: [id], revision: f.n.taskRevision },
      }),
      foreign: f.b.event,
      missing: uuid(),
      status: { super: 400, user: 400 },
    },
    {
      name: 'a Baltic user onto a Nordic task',
      req: (id) => ({
        method,
        url: url(f.n.task),
        body: { op: 'assign', user: id, revision: f.n.taskRevision },
      }),
      foreign: 'demo.reader',
      missing: 'nobody.here',
      status: { super: 400, user: 400 },
    },
    {
      name: 'a Baltic unit onto a Nordic task',
      req: (id) => ({ method, url: url(f.n.task), body: { op: 'units', unitIds: [id], revision: f.n.taskRevision } }),
      foreign: f.b.unit,
      missing: NOWHERE,
      status: { super: 400, user: 400 },
    },
    {
      name: 'a Baltic location onto a Nordic task',
      req: (id) => ({ method, url: url(f.n.task), body: { op: 'location', locationId: id, revision: f.n.taskRevision } }),
      foreign: f.b.containerLocation,
      missing: 'nope',
      status: { super: 400, user: 400 },
    },
  ];
}

/** xrequest methods with an id parameter (sent both as GET query and as POST body). */
const XWALK: Record<string, (f: Fixture) => Case[]> = {
  GetAlarms: (f) => [x(f, 'GetAlarms', (id) => ({ UnitIDs: `${f.n.unit},${id}` }), 'unit')],
  // Lists of units filter: another organisation's unit is left out like an unknown one ([{}]).
  GetUnitsInfo: (f) => [x(f, 'GetUnitsInfo', (id) => ({ UnitID: id }), 'unit', 200)],
  GetUnitsShowValue: (f) => [x(f, 'GetUnitsShowValue', (id) => ({ UnitID: id }), 'unit', 200)],
  GetUnitsDataCSV: (f) => [x(f, 'GetUnitsDataCSV', (id) => ({ UnitID: id }), 'unit', 200)],
  GetUnitType: (f) => [x(f, 'GetUnitType', (id) => ({ UnitID: id }), 'unit')],
  GetChannel: (f) => [x(f, 'GetChannel', (id) => ({ UnitID: id, ChannelID: 1 }), 'unit')],
  EditChannel: (f) => [
    x(f, 'EditChannel', (id) => ({ UnitID: id, ChannelID: 1, ChannelName: 'Mine' }), 'unit'),
  ],
  GetAllMarks: (f) => [x(f, 'GetAllMarks', (id) => ({ UnitID: id }), 'unit')],
  EditMark: (f) => [
    x(f, 'EditMark', (id) => ({ MarkID: id, Name: 'Mine' }), 'marker'),
    x(
      f,
      'EditMark',
      (id) => ({ UnitID: id, ChannelID: 1, Name: 'Mine', Position: '2024-06-01 00:00:00' }),
      'unit',
    ),
  ],
  DeleteMark: (f) => [x(f, 'DeleteMark', (id) => ({ MarkID: id }), 'marker')],
  SetRelay: (f) => [x(f, 'SetRelay', (id) => ({ UnitID: id, On: 'true' }), 'unit')],
  UnitAction: (f) => [x(f, 'UnitAction', (id) => ({ UnitID: id, Action: 'test' }), 'unit')],
  GetRadarDates: (f) => [x(f, 'GetRadarDates', (id) => ({ UnitID: id }), 'unit')],
  GetRadar: (f) => [x(f, 'GetRadar', (id) => ({ UnitID: id, ChannelID: 1 }), 'unit')],
  GetReportParkingUsage: (f) => [x(f, 'GetReportParkingUsage', (id) => ({ UnitIDs: id }), 'unit')],
  GetAlarmLimits: (f) => [x(f, 'GetAlarmLimits', (id) => ({ UnitID: id, ChannelID: 1 }), 'unit')],
  SetAlarmLimits: (f) => [
    x(f, 'SetAlarmLimits', (id) => ({ UnitID: id, ChannelID: 1, Level: 1, Low: '1', High: '2' }), 'unit'),
  ],
  GetUserData: (f) => [
    x(f, 'GetUserData', (id) => ({ ValueType: 'tenancy', ValueID: 'k', CustomerID: id }), 'org'),
  ],
  SetUserData: (f) => {
    const task = {
      id: f.b.task,
      created: '2024-06-01T00:00:00.000Z',
      version: '2',
      kind: 'task',
      type: 'custom',
      title: 'T',
      status: 'resting',
      activities: [],
      revision: f.b.taskRevision,
    };
    const event = {
      id: f.b.event,
      created: '2024-06-01T00:00:00.000Z',
      version: '2',
      kind: 'event',
      type: 'system',
      title: 'E',
    };
    const note = {
      id: f.b.notification,
      created: '2024-06-01T00:00:00.000Z',
      version: '1',
      kind: 'notification',
      type: 'alarm',
      message: 'm',
      eventId: 'e',
      priority: 'low',
      seen: '2024-06-02T00:00:00.000Z',
    };
    const rec = (
      key: [string, string],
      record: (id: string | number) => object,
      foreign: string | number,
      missing: string | number,
      name: string,
    ): Case =>
      xcase(
        'SetUserData',
        name,
        (id) => ({ ValueType: key[0], ValueID: key[1], JSonData: JSON.stringify([record(id)]) }),
        foreign,
        missing,
      );
    return [
      x(
        f,
        'SetUserData',
        (id) => ({ ValueType: 'tenancy', ValueID: 'k', JSonData: '"mine"', CustomerID: id }),
        'org',
      ),
      // Records of the typed keys carry their ids: another organisation's is 404, nothing stored.
      // (With an unknown id the record would be new and stored: no missing-id comparison.)
      {
        ...rec(
          ['_event_management', 'tasks'],
          (id) => ({ ...task, id }),
          f.b.task,
          'x',
          'a Baltic task record',
        ),
        noMissing: true,
      },
      {
        ...rec(
          ['_event_management', 'events'],
          (id) => ({ ...event, id }),
          f.b.event,
          'x',
          'a Baltic event record',
        ),
        noMissing: true,
      },
      {
        ...rec(
          ['_event_management', 'notifications'],
          (id) => ({ ...note, id }),
          f.b.notification,
          'x',
          "a Baltic user's notification record",
        ),
        noMissing: true,
      },
      {
        ...rec(
          ['_group', 'groups'],
          (id) => ({ id, name: 'G', content: [], revision: 1 }),
          f.b.containerGroup,
          'x',
          'a Baltic group record',
        ),
        noMissing: true,
      },
      {
        ...rec(
          ['_group', 'locations'],
          (id) => ({ id, name: 'L', content: [], revision: 1 }),
          f.b.containerLocation,
          'x',
          'a Baltic location record',
        ),
        noMissing: true,
      },
      // References inside a new record, as the v3 containers API answers them.
      rec(
        ['_group', 'locations'],
        (id) => ({
          id: 'tenancy-loc',
          name: 'L',
          content: [{ name: 'U', type: 'unit', target: String(id) }],
        }),
        f.b.unit,
        NOWHERE,
        'a location holding a Baltic unit',
      ),
      rec(
        ['_group', 'groups'],
        (id) => ({ id: 'tenancy-grp', name: 'G', content: [{ name: 'L', type: 'location', target: id }] }),
        f.b.containerLocation,
        'nope',
        'a group holding a Baltic location',
      ),
      rec(
        ['_group', 'groups'],
        (id) => ({ id: 'tenancy-grp', name: 'G', content: [], parentId: id }),
        f.b.containerGroup,
        'nope',
        'a group under a Baltic group',
      ),
    ];
  },
  DeleteUserData: (f) => [
    x(f, 'DeleteUserData', (id) => ({ ValueType: 'tenancy', ValueID: 'k', CustomerID: id }), 'org'),
    xcase(
      'DeleteUserData',
      'a Baltic task',
      (id) => ({ ValueType: '_event_management', ValueID: 'tasks', JSonData: String(id) }),
      f.b.task,
      uuid(),
    ),
    xcase(
      'DeleteUserData',
      'a Baltic event',
      (id) => ({ ValueType: '_event_management', ValueID: 'events', JSonData: String(id) }),
      f.b.event,
      uuid(),
    ),
    xcase(
      'DeleteUserData',
      "a Baltic user's notification",
      (id) => ({ ValueType: '_event_management', ValueID: 'notifications', JSonData: String(id) }),
      f.b.notification,
      uuid(),
    ),
    xcase(
      'DeleteUserData',
      'a Baltic group',
      (id) => ({ ValueType: '_group', ValueID: 'groups', JSonData: String(id) }),
      f.b.containerGroup,
      'nope',
    ),
    xcase(
      'DeleteUserData',
      'a Baltic location',
      (id) => ({ ValueType: '_group', ValueID: 'locations', JSonData: String(id) }),
      f.b.containerLocation,
      'nope',
    ),
  ],
};

type XParams = (id: string | number) => Record<string, unknown>;
/** An xrequest case; `req` is filled per transport by the runner. */
function xcase(
  method: string,
  name: string,
  params: XParams,
  foreign: string | number,
  missing: string | number,
  status = 404,
): Case {
  return {
    name: `${method}: ${name}`,
    req: (id) => ({ method: 'POST', url: `/api/v1/xrequest/${method}`, body: params(id) }),
    foreign,
    missing,
    status: { super: status, user: status },
  };
}
function x(f: Fixture, method: string, params: XParams, what: 'unit' | 'marker' | 'org', status = 404): Case {
  const foreign = what === 'unit' ? f.b.unit : what === 'marker' ? f.b.marker : f.baltic;
  return xcase(method, `a Baltic ${what === 'org' ? 'customer' : what}`, params, foreign, NOWHERE, status);
}

/** Routes without an id of an organisation's object, each with its reason. */
const NOT_APPLICABLE: Record<string, string> = {
  'GET /api/docs': 'no input: the API document',
  'GET /api/health': 'no input',
  // Remote releases: platform-wide, no organisation's data; the deploy key, never a session.
  'GET /api/v3/platform/remotes': 'platform-wide remote map, deploy key only',
  'POST /api/v3/platform/remotes/:name/releases': 'platform-wide remote map, deploy key only',
  'PUT /api/v3/platform/remotes/:name/deployment': 'platform-wide remote map, deploy key only',
  'POST /api/v3/platform/remotes/:name/rollback': 'platform-wide remote map, deploy key only',
  'GET /api/health/live': 'no input',
  'GET /api/health/ready': 'no input: reports this replica, no organisation data',
  'POST /api/v2/auth/login': 'credentials, not an id; answers the same for any unknown user',
  'POST /api/v1/auth/login': 'credentials, not an id',
  'GET /api/v2/auth/logout': "the caller's own session only",
  'GET /api/v1/auth/logout': "the caller's own session only",
  'GET /api/v2/auth/sessions': "the caller's own sessions, no id",
  'GET /api/v3/user/session': "the caller's own session, no id",
  'GET /api/v3/user/session/probe': "the caller's own session (or null), no id",
  'GET /api/v3/user/session/organization_choice': "the caller's own choice, no id",
  'GET /api/v3/auth/bankid': 'no input: whether BankID is configured',
  'GET /api/v3/auth/bankid/start': 'public: starts a sign-in (a path of this site to go to), no organisation id',
  'GET /api/v3/auth/bankid/callback': "public: the provider's answer names a person, never an organisation",
  'GET /api/v3/user/profile': "the caller's own profile, no id",
  'PUT /api/v3/user/profile/language': "the caller's own profile, no id",
  'PUT /api/v3/user/profile': "the caller's own profile, no id",
  'POST /api/v3/user/profile/avatar': "the caller's own avatar, no id",
  'DELETE /api/v3/user/profile/avatar': "the caller's own avatar, no id",
  'PUT /api/v3/user/password': "the caller's own password, no id",
  'GET /api/v3/user/two-factor': "the caller's own two-factor authentication, no id",
  'POST /api/v3/user/two-factor/setup': "the caller's own two-factor authentication, no id",
  'POST /api/v3/user/two-factor/enable': "the caller's own two-factor authentication, no id",
  'POST /api/v3/user/two-factor/disable': "the caller's own two-factor authentication, no id",
  'POST /api/v3/user/two-factor/recovery-codes': "the caller's own two-factor authentication, no id",
  'POST /api/v2/auth/login/two-factor':
    "public: a code, not an id; the pending sign-in's cookie names its one user (two-factor.test.ts: another user's codes never complete it)",
  'GET /api/v3/user/profile/notifications': "the caller's own notification settings, no id",
  'PUT /api/v3/user/profile/notifications': "the caller's own notification settings, no id (alarm types are numbers of the spec, not of an organisation)",
  'GET /api/v3/notify-mail/unsubscribe':
    'public by design: the signed token is the key and names its one user (notify-mail.test.ts refuses forged ones)',
  'POST /api/v3/notify-mail/unsubscribe':
    'public by design: the signed token is the key and only turns its own user\'s e-mail off (notify-mail.test.ts)',
  'GET /api/v3/user/verifyChangePasswordToken/:token':
    'public by design: the restore token is the secret, not an id of an organisation (user.test.ts)',
  'POST /api/v3/user/changePassword':
    'public by design: the restore token is the secret, not an id of an organisation',
  'POST /api/v3/user/forgotPassword':
    'public: a username or e-mail address, not an id; answers the same whether an account matches or not (password-reset.test.ts)',
  'POST /api/v3/register':
    'public: creates an account of no organisation from its own fields (no organisation id is accepted, registration.test.ts)',
  'POST /api/v3/register/verify':
    "public by design: the mailed token is the secret and names its one account, of no organisation (registration.test.ts)",
  'POST /api/v3/register/resend':
    'public: a username or e-mail address, not an id; answers the same whether an account matches or not (registration.test.ts)',
  'GET /api/v3/user/preferences': "the caller's own preferences, no id",
  'PUT /api/v3/user/preferences':
    "the caller's own preference document; its weather map is keyed by unit ids that are never read back on the server, only by the browser against its own unit list",
  'GET /api/v3/user/dashboard': "the caller's own dashboards, no id",
  'GET /api/v3/user/dashboard/template': 'built-in kinds, no id',
  'GET /api/v3/user/widget': 'the widget catalogue, no id',
  'POST /api/v3/user/dashboard':
    "templateId names a built-in kind, not an object; the new dashboard is the caller's own",
  'POST /api/v2/device/deviceFilter': 'the session scope, filtered by statuses, type codes and text: no id',
  'GET /api/v3/admin/tokens': "lists the tokens of the caller's organisations, no id",
  'GET /api/v3/admin/organizations': "lists the caller's own organisations, no id",
  'GET /api/v3/branding': "the branding of the caller's own organisations, no id",
  'GET /api/v3/branding/:slug': 'public by design: an account URL shows its name, logo and colour on its login page; a slug, not an id',
  'GET /api/v2/device/devices': 'the session scope, no id',
  'GET /api/v3/device/devices': 'a page of the session scope, no id',
  'GET /api/v3/device/table': 'the session scope, filtered, sorted and paged; its group/location filters only match containers of the scope: no id of another organisation reaches a row',
  'GET /api/v3/device/table.csv': 'the same rows as the table, as CSV',
  'GET /api/v3/events/events': 'the selected customers, no id',
  'GET /api/v3/events/notifications': "the caller's own notifications, no id",
  'GET /api/v3/notifications/counts': "the caller's own unseen notifications of the selected customers, no id",
  'GET /api/v3/events/tasks': 'the selected customers, no id',
  'GET /api/v3/tasks':
    'the selected customers, filtered, sorted and paged; its unit, location and assignee filters only match tasks of the scope: no id of another organisation reaches a row',
  'GET /api/v3/tasks.csv': 'the same rows as the task list, as CSV',
  'GET /api/v3/events/stream': "pushes the caller's organisations' events (push.test.ts), no id",
  'GET /api/v3/admin/users': 'users sharing an organisation with the caller, no id',
  'GET /api/v3/admin/ownership/dashboards': "the dashboards of the users of the caller's organisations, no id",
  'GET /api/v3/admin/ownership/workspaces': "the open tasks of the users of the caller's organisations, no id",
  'GET /api/v3/config': 'deployment configuration, no id',
  'GET /api/v3/onboarding/tag/:uuid':
    'public by design: the NFC tag a new customer holds is the key to its onboarding page',
  'GET /api/v3/onboarding/flow/:uuid':
    "the caller's own steps with a tag; the tag is public by design (see above) and the answer names only the caller's organisations and their containers",
  'POST /api/v3/onboarding/flow/:uuid/activate':
    "no id but the public tag: the organisation, location and group are the ones the caller's own steps chose (walked above) and are checked again when it activates",
  'GET /api/v3/admin/trials': "lists the trials of the caller's organisations, no id",
  'GET /api/v2/device/groups': 'the session scope, no id',
  'GET /api/v3/containers': 'the session scope, no id',
  'GET /api/v1/weather/getWeather': 'coordinates, no id',
  'POST /api/v1/weather/getWeather': 'coordinates, no id',
  'GET /api/v3/alarms/types': 'the alarm type catalogue, no id',
  'GET /api/v2/device/legacy/alarm_actions': 'the alarm action catalogue, no id',
  'GET /remotes.json': 'static hosting',
  'GET /onboarding/embed.js': 'static hosting: the partner pages\' loader',
  'POST /api/v3/onboarding/embed/session': 'signs in (username and password), no id',
  'DELETE /api/v3/onboarding/embed/session': 'ends the caller\'s own embed session, no id (onboarding-embed.test.ts)',
  'GET /remotes/:name/*': 'static hosting: :name is a remote of the front end',
  'OPTIONS /remotes/:name/*': 'static hosting',
  'GET /*': 'static hosting',
};
/** xrequest methods without an id parameter. */
const XNOT_APPLICABLE: Record<string, string> = {
  GetUnitGroups: 'the selected customers, no id',
  GetKPIAlarms: 'the selected customers, no id',
  GetKPIBattery: 'the selected customers, no id',
  GetKPISwitch: 'the selected customers, no id',
  GetGISData: 'the selected customers, no id',
  GetUnitsByPos: 'a position within the selected customers, no id',
};
const XREQUEST_ROUTES = ['GET /api/v1/xrequest/:method', 'POST /api/v1/xrequest/:method'];

// ───────────────────────── the runner ─────────────────────────

function toInject(r: Req, cookie: string, asQuery: boolean): InjectOptions {
  const headers = { cookie, ...(r.headers ?? {}) };
  if (asQuery && r.url.startsWith('/api/v1/xrequest/')) {
    const qs = Object.entries((r.body ?? {}) as Record<string, unknown>)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    return { method: 'GET', url: `${r.url}?${qs}`, headers };
  }
  return {
    method: r.method,
    url: r.url,
    headers,
    ...(r.body !== undefined ? { payload: r.body as object } : {}),
  };
}

/** A "mark seen" answer without the time of the call. */
function withoutSeenTime(body: string): string {
  return body.replace(/"seen":"[^"]*"/g, '"seen":"<time>"');
}

/** The answer with the id blanked out, to compare a foreign id's answer with a missing one's. */
function blanked(body: string, id: string | number): string {
  return body.split(String(id)).join('<id>');
}

describe.each(DRIVERS)('tenancy walk on %s', (driver) => {
  let d: DemoServer;
  let f: Fixture;
  /** The rows as they were after the previous call (nothing may change them). */
  let baseline: Fingerprint;

  beforeAll(async () => {
    d = await startDemo(driver);
    f = await makeFixture(d);
    baseline = await tableFingerprint(d.s.db);
  }, 120_000);
  afterAll(async () => {
    await d?.s.close();
  });

  it('walks every route with an id, or says why it does not apply', () => {
    const keys = [...new Set(appRoutes(d.s.app).map((r) => `${r.method} ${r.url}`))];
    const unlisted = keys.filter((k) => !WALK[k] && !NOT_APPLICABLE[k] && !XREQUEST_ROUTES.includes(k));
    expect({ unlisted }).toEqual({ unlisted: [] });
    const stale = [...Object.keys(WALK), ...Object.keys(NOT_APPLICABLE)].filter((k) => !keys.includes(k));
    expect({ stale }).toEqual({ stale: [] });
    for (const reason of [...Object.values(NOT_APPLICABLE), ...Object.values(XNOT_APPLICABLE)])
      expect(reason.trim()).not.toBe('');
    const methods = appContext(d.s.app).legacy.methods();
    expect({ unlistedXrequest: methods.filter((m) => !XWALK[m] && !XNOT_APPLICABLE[m]) }).toEqual({
      unlistedXrequest: [],
    });
    expect({
      staleXrequest: [...Object.keys(XWALK), ...Object.keys(XNOT_APPLICABLE)].filter(
        (m) => !methods.includes(m),
      ),
    }).toEqual({ staleXrequest: [] });
  });

  const run = async (c: Case, transports: boolean[]) => {
    const problems: string[] = [];
    for (const caller of c.only ?? (['super', 'user'] as const)) {
      for (const asQuery of transports) {
        const ignored = { ...FINGERPRINT_IGNORED_COLUMNS, ...(c.ignore ?? {}) };
        const before = c.ignore ? await tableFingerprint(d.s.db, ignored) : baseline;
        const foreign = await d.s.app.inject(toInject(c.req(c.foreign), f.cookies[caller], asQuery));
        const missing = c.noMissing
          ? null
          : await d.s.app.inject(toInject(c.req(c.missing), f.cookies[caller], asQuery));
        const after = await tableFingerprint(d.s.db, ignored);
        const changed = fingerprintDiff(before, after);
        baseline = c.ignore ? await tableFingerprint(d.s.db) : after;
        const want = c.status?.[caller] ?? 404;
        const label = `${c.name} as ${caller}${asQuery ? ' (GET)' : ''}`;
        if (foreign.statusCode !== want)
          problems.push(`${label}: ${foreign.statusCode} ${foreign.body.slice(0, 200)} (want ${want})`);
        if (
          missing &&
          (missing.statusCode !== foreign.statusCode ||
            blanked((c.normalize ?? String)(missing.body), c.missing) !==
              blanked((c.normalize ?? String)(foreign.body), c.foreign))
        )
          problems.push(
            `${label}: a foreign id answers ${foreign.statusCode} ${foreign.body.slice(0, 200)}, a missing one ${missing.statusCode} ${missing.body.slice(0, 200)}`,
          );
        if (changed.length) problems.push(`${label}: changed ${changed.join('; ')}`);
      }
    }
    return problems;
  };

  it.each(Object.keys(WALK))('%s', async (key) => {
    const problems: string[] = [];
    for (const c of WALK[key]!(f)) problems.push(...(await run(c, [false])));
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(XWALK))('xrequest %s (GET and POST)', async (method) => {
    const problems: string[] = [];
    for (const c of XWALK[method]!(f)) problems.push(...(await run(c, [false, true])));
    expect(problems).toEqual([]);
  });
});
