/**
 * The sign-in sequence of a returning user (session, then dashboards, then the events, containers
 * and devices), started by index.ts while the shell's
 * own code (React, single-spa, i18next…) still downloads and evaluates: on a cold load that is most
 * of a second in which the network would otherwise sit idle.
 *
 * The order of the sequence is kept: the dashboards are asked for only after the session answered
 * with a 2xx, the rest only after the dashboards did. bootstrap hands the answers to the page's
 * data cache (see calls.ts), where the sequence finds them. It imports only the paths (a file that
 * imports nothing): it is part of the tiny entry chunk.
 */
import { SESSION_CALLS, SESSION_HINT_COOKIE, SESSION_PATHS } from '@fieldwatch/shared/session-paths';

export { SESSION_CALLS };

export type SessionCall = keyof typeof SESSION_CALLS;

/** An early answer: its HTTP status (0 when the request failed, -1 when it was not sent) and JSON body when 2xx. */
export interface EarlyAnswer {
  status: number;
  body?: unknown;
}

/** The early answers of the sequence, one promise per call (never rejecting). */
export type EarlySession = Record<SessionCall, Promise<EarlyAnswer>>;

export const isOk = (a: EarlyAnswer) => a.status >= 200 && a.status < 300;

const NOT_SENT: EarlyAnswer = { status: -1 };
// The badge counts unseen notifications on the server (notifications/counts) and the page reads
// its own pages: no notification list belongs to the sign-in sequence.
const AFTER_DASHBOARDS = ['events', 'containers', 'devices'] as const;

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

/** Whether this browser had a session (the server's SESSION_HINT_COOKIE beside the HttpOnly one). */
export function hasSessionHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** "Signed out", known without asking: no request, so no 401 in the console of a plain visit. */
const SIGNED_OUT: EarlyAnswer = { status: 401 };

/**
 * The session check, through the public probe (SESSION_PATHS.sessionProbe): it answers 200 with the
 * session, or with `data: null` when the hint outlived the session — then the hint goes, and the
 * answer reads as "signed out" without a 401 in the console (issue 20 §7). A 401 (an older server
 * without the probe would not send one; a proxy might) still means signed out.
 */
export function checkSession(): Promise<EarlyAnswer> {
  if (!hasSessionHint()) return Promise.resolve(SIGNED_OUT);
  return fetch(SESSION_PATHS.sessionProbe, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (res): Promise<EarlyAnswer> => {
      if (!res.ok) return { status: res.status };
      const body = (await res.json()) as { data?: unknown } | null;
      return body && body.data ? { status: res.status, body } : SIGNED_OUT;
    })
    .catch(() => ({ status: 0 }))
    .then((a) => {
      if (a.status === 401) document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
      return a;
    });
}

export function startSessionEarly(): EarlySession {
  const session = checkSession();
  const dashboards = session.then((a) => (isOk(a) ? fetchCall('dashboards') : NOT_SENT));
  const after = (call: SessionCall) => dashboards.then((a) => (isOk(a) ? fetchCall(call) : NOT_SENT));
  return {
    session,
    dashboards,
    ...(Object.fromEntries(AFTER_DASHBOARDS.map((call) => [call, after(call)])) as Record<(typeof AFTER_DASHBOARDS)[number], Promise<EarlyAnswer>>),
  };
}
