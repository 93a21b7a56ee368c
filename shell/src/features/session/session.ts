/**
 * The session's data flow (spec §4): login clears all state, then loads access, profile, language,
 * permissions and dashboards, starts the alarm listener, then loads devices and renders. Logout and
 * a 401 stop the listener and clear state.
 */
import type { i18n as I18n } from 'i18next';
import { create } from 'zustand';
import {
  ALARM_POLL_MS,
  type Container,
  type FwEvent,
  type DashboardSummary,
  type FwNotification,
  LOGIN_BUSY_CODE,
  type LoginResponse,
  type LoginThrottledBody,
  type SessionResponse,
  type Result,
  type Unit,
  unwrap,
} from '@fieldwatch/shared';
import { isAxiosError } from 'axios';
import { api, bus, sessionStore } from '../../platform';
import { startPush, stopPush } from './push';
import { dropEarly, fetchCall, isOk, SESSION_CALLS, takeEarly, type SessionCall } from './early';

/**
 * Calls whose answer can be large — the unit list, 20 MB for 100,000 units — are asked with fetch()
 * also when there is no early answer (a customer change, a refresh): Response.json() parses it about
 * three times faster than the API client's XMLHttpRequest on a 2-core machine (0.3 s against 1.1 s).
 */
const LARGE_ANSWERS: ReadonlySet<SessionCall> = new Set(['devices']);

/**
 * One call of the sign-in sequence: the answer index.ts already has (early.ts) when it is a good
 * one, otherwise through the API client — which also deals with every answer that is not a 2xx
 * (expired session, errors). A 401 to the session check is final: signed out.
 */
async function sequenceCall<T>(call: SessionCall, fallback?: T): Promise<Result<T>> {
  const answer = await (takeEarly(call) ?? (LARGE_ANSWERS.has(call) ? fetchCall(call) : undefined));
  if (answer && isOk(answer)) return [unwrap<T>(answer.body), false];
  if (answer?.status === 401 && call === 'session') return [fallback, true];
  const { url, params } = SESSION_CALLS[call];
  return api.get<T>(url, params, fallback);
}

/** Unseen notifications, kept fresh by the alarm listener. */
export const useAlarmListener = create<{ unseen: number; lastPoll: number | null }>(() => ({ unseen: 0, lastPoll: null }));

let pollTimer: ReturnType<typeof setInterval> | null = null;

async function pollAlarms() {
  const [list, failed] = await sequenceCall<FwNotification[]>('notifications', []);
  if (!failed && list) useAlarmListener.setState({ unseen: list.filter((n) => !n.seen).length, lastPoll: Date.now() });
}

const onNotificationsChanged = () => void pollAlarms();

export function startAlarmListener() {
  stopAlarmListener();
  startPush();
  void pollAlarms();
  pollTimer = setInterval(() => void pollAlarms(), ALARM_POLL_MS);
  bus.on('notifications:changed', onNotificationsChanged);
}

export function stopAlarmListener() {
  stopPush();
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
  bus.off('notifications:changed', onNotificationsChanged);
  useAlarmListener.setState({ unseen: 0, lastPoll: null });
}

export async function loadDevices(): Promise<void> {
  const [units, failed] = await sequenceCall<Unit[]>('devices', []);
  if (!failed && units) {
    sessionStore.getState().setDevices(units);
    // For e2e/perf: the map's own first-render time is measured from here (units parsed, in the store).
    performance.mark?.('fw-units-loaded', { detail: { count: units.length } });
  }
}

/** Events and containers (groups, locations) of the selected customers. */
async function loadEventsAndContainers(): Promise<void> {
  const [[events, eventsFailed], [containers, containersFailed]] = await Promise.all([
    sequenceCall<FwEvent[]>('events', []),
    sequenceCall<Container[]>('containers', []),
  ]);
  const store = sessionStore.getState();
  if (!eventsFailed && events) store.setEvents(events);
  if (!containersFailed && containers) store.setContainers(containers);
}

async function loadDashboards(): Promise<void> {
  const [list, failed] = await sequenceCall<DashboardSummary[]>('dashboards', []);
  if (!failed && list) sessionStore.getState().setDashboards(list);
}

/** Runs the loading sequence for an existing session cookie. Resolves whether the user is signed in. */
export async function loadSession(i18n: I18n): Promise<boolean> {
  try {
    return await runSequence(i18n);
  } finally {
    dropEarly();
  }
}

/** Whether the sequence was ended meanwhile (a 401 expired it, or the user signed out). */
const ended = () => sessionStore.getState().status !== 'loading';

async function runSequence(i18n: I18n): Promise<boolean> {
  const store = sessionStore.getState();
  store.setStatus('loading');
  const [session, failed] = await sequenceCall<SessionResponse>('session');
  if (failed || !session) {
    store.clear();
    return false;
  }
  api.armUnauthorized();
  if (session.user.language && session.user.language !== i18n.language) await i18n.changeLanguage(session.user.language);
  // Dashboards before the session counts as signed in: navigation waits for them (spec §2).
  // From here a 401 is an expiry (the interceptor's isSignedIn sees the user): it ends the sequence.
  sessionStore.setState({ user: session.user, customers: session.Customers, selectedCustomers: session.selectedCustomers });
  await loadDashboards();
  if (ended()) return false;
  startAlarmListener();
  // Device types are static (DEVICE_TYPES in @fieldwatch/shared); then events, containers, devices.
  await Promise.all([loadEventsAndContainers(), loadDevices()]);
  if (ended()) {
    stopAlarmListener();
    return false;
  }
  sessionStore.getState().setSession(session);
  bus.emit('session:changed');
  return true;
}

/** 'throttled': too many failed sign-ins (429), wait `retryAfter` seconds; 'busy': 503, retry soon. */
export type LoginOutcome = 'ok' | 'invalid' | 'error' | 'busy' | { throttled: number };

/** What a failed sign-in request means for the form. */
export function loginFailure(err: unknown): Exclude<LoginOutcome, 'ok'> {
  if (!isAxiosError(err)) return 'error';
  const status = err.response?.status;
  if (status === 417) return 'invalid';
  if (status === 503 && (err.response?.data as { code?: unknown } | undefined)?.code === LOGIN_BUSY_CODE) return 'busy';
  if (status === 429) {
    const body = err.response?.data as Partial<LoginThrottledBody> | undefined;
    const header = Number(err.response?.headers?.['retry-after']);
    const wait = typeof body?.retryAfter === 'number' ? body.retryAfter : header;
    return { throttled: Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 60 };
  }
  return 'error';
}

export async function login(i18n: I18n, username: string, password: string, remember: boolean): Promise<LoginOutcome> {
  stopAlarmListener();
  sessionStore.getState().clear();
  try {
    await api.http.post<{ data: LoginResponse }>('/api/v2/auth/login', { username, password, remember });
  } catch (err) {
    return loginFailure(err);
  }
  return (await loadSession(i18n)) ? 'ok' : 'error';
}

export async function logout(): Promise<void> {
  stopAlarmListener();
  // State is cleared now and the areas unmount, but the status reads "signed out" (and the shell
  // goes to the login page) only once the server has ended the session: a Back or a reload right
  // after it must not find the session still alive.
  const store = sessionStore.getState();
  store.clear();
  store.setStatus('loading');
  await api.request({ method: 'GET', url: '/api/v2/auth/logout' });
  sessionStore.getState().clear();
  bus.emit('session:changed');
}

/** Called on a 401 anywhere: the interceptor has already shown "You have been logged out". */
export function expireSession(): void {
  stopAlarmListener();
  sessionStore.getState().clear();
  bus.emit('session:changed');
}

export async function selectCustomers(ids: number[]): Promise<boolean> {
  const [session, failed] = await api.request<SessionResponse>({
    method: 'PUT',
    url: '/api/v3/user/session/current_organization',
    params: { id: ids.join(',') },
  });
  if (failed || !session) {
    bus.emit('toast', { kind: 'danger', message: 'errors.somethingWrong' });
    return false;
  }
  const store = sessionStore.getState();
  store.setSelectedCustomers(session.selectedCustomers);
  await Promise.all([loadDevices(), loadDashboards(), loadEventsAndContainers()]);
  store.bumpRefresh();
  bus.emit('customers:changed', session.selectedCustomers);
  return true;
}

export async function changeLanguage(i18n: I18n, lang: string): Promise<void> {
  await i18n.changeLanguage(lang);
  if (sessionStore.getState().status === 'signedIn') {
    await api.request({ method: 'PUT', url: '/api/v3/user/profile/language', params: { language: lang } });
  }
}
