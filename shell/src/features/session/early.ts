/**
 * The sign-in sequence of a returning user (spec §4: session, then dashboards, then the alarm
 * listener's notifications, events, containers and devices), started by index.ts while the shell's
 * own code (React, single-spa, i18next…) still downloads and evaluates: on a cold load that is most
 * of a second in which the network would otherwise sit idle.
 *
 * The order of the sequence is kept: the dashboards are asked for only after the session answered
 * with a 2xx, the rest only after the dashboards did. loadSession takes each answer once (and drops
 * what it did not take when it ends); anything but a 2xx JSON answer is asked again through the API
 * client, whose interceptors deal with it — except a 401 to the session check, which simply means
 * "signed out". Kept free of imports: it is part of the tiny entry chunk.
 */
export const SESSION_CALLS = {
  session: { url: '/api/v3/user/session', params: {} },
  dashboards: { url: '/api/v3/user/dashboard', params: { excludeContent: true, useContext: true } },
  notifications: { url: '/api/v3/events/notifications', params: { limit: 500 } },
  events: { url: '/api/v3/events/events', params: { limit: 200 } },
  containers: { url: '/api/v3/containers', params: { use_context: true } },
  devices: { url: '/api/v2/device/devices', params: { use_context: true } },
} as const;

export type SessionCall = keyof typeof SESSION_CALLS;

/** An early answer: its HTTP status (0 when the request failed, -1 when it was not sent) and JSON body when 2xx. */
export interface EarlyAnswer {
  status: number;
  body?: unknown;
}

export const isOk = (a: EarlyAnswer) => a.status >= 200 && a.status < 300;

const NOT_SENT: EarlyAnswer = { status: -1 };
const AFTER_DASHBOARDS: SessionCall[] = ['notifications', 'events', 'containers', 'devices'];
const early = new Map<SessionCall, Promise<EarlyAnswer>>();

export function callUrl(call: SessionCall): string {
  const { url, params } = SESSION_CALLS[call];
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${url}?${query}` : url;
}

/** One call with fetch(): its status, and its JSON body when 2xx. Never throws. */
export function fetchCall(call: SessionCall): Promise<EarlyAnswer> {
  return fetch(callUrl(call), { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(
    async (res) => (res.ok ? { status: res.status, body: await res.json() } : { status: res.status }),
    () => ({ status: 0 }),
  ).catch(() => ({ status: 0 }));
}

export function startSessionEarly(): void {
  const session = fetchCall('session');
  const dashboards = session.then((a) => (isOk(a) ? fetchCall('dashboards') : NOT_SENT));
  early.set('session', session);
  early.set('dashboards', dashboards);
  for (const call of AFTER_DASHBOARDS) early.set(call, dashboards.then((a) => (isOk(a) ? fetchCall(call) : NOT_SENT)));
}

/** The early answer to a call, once; undefined when there is none (not started, taken or dropped). */
export function takeEarly(call: SessionCall): Promise<EarlyAnswer> | undefined {
  const p = early.get(call);
  early.delete(call);
  return p;
}

/** Forgets what was not taken: later calls (another sign-in, a customer change) always ask afresh. */
export function dropEarly(): void {
  early.clear();
}
