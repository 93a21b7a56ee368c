/**
 * The session's data flow: login clears all state, then loads access, profile, language,
 * permissions and dashboards, starts the alarm listener, then loads devices and renders. Logout and
 * a 401 stop the listener and clear state. The answers come from the page's data cache (calls.ts);
 * what the shell's frame shows (user, selection, dashboards, events, containers) goes into the
 * session store.
 */
import type { i18n as I18n } from 'i18next';
import { create } from 'zustand';
import {
  ALARM_POLL_MS,
  ENDPOINTS,
  pathFor,
  type Container,
  type FwEvent,
  type DashboardSummary,
  ACCOUNT_DEACTIVATED_CODE,
  LOGIN_BUSY_CODE,
  SIGN_IN_METHOD_REFUSED_CODE,
  EMAIL_NOT_VERIFIED_CODE,
  type LoginAnswer,
  type TwoFactorChallenge,
  type LoginThrottledBody,
  type NotificationCounts,
  type SessionResponse,
  type Theme,
  type Unit,
  type UserProfile,
} from '@fieldwatch/shared';
import { isAxiosError } from 'axios';
import { api, bus, sessionStore } from '../../platform';
import { useTheme } from '../theme/theme';
import { startPush, stopPush } from './push';
import { askAfresh, clearSessionData, keepDevicesOf, take } from './calls';

/** Unseen notifications, kept fresh by the alarm listener. */
export const useAlarmListener = create<{ unseen: number; lastPoll: number | null }>(() => ({ unseen: 0, lastPoll: null }));

let pollTimer: ReturnType<typeof setInterval> | null = null;

/** Answers that arrive out of order (a slow count after a newer one) are dropped. */
let pollSeq = 0;

/** The badge: the selected customers' unseen notifications, counted by the server. */
async function pollAlarms() {
  const seq = ++pollSeq;
  const [counts, failed] = await api.get<NotificationCounts>(pathFor(ENDPOINTS.notificationCounts));
  if (!failed && counts && seq === pollSeq) useAlarmListener.setState({ unseen: counts.unseen, lastPoll: Date.now() });
}

/** Re-counts soon after a change (a burst of pushed notifications or seen marks asks once). */
let recount: ReturnType<typeof setTimeout> | null = null;
const onNotificationsChanged = () => {
  if (recount) clearTimeout(recount);
  recount = setTimeout(() => {
    recount = null;
    void pollAlarms();
  }, 150);
};

export function startAlarmListener(i18n?: I18n) {
  stopAlarmListener();
  startPush(i18n);
  void pollAlarms();
  pollTimer = setInterval(() => void pollAlarms(), ALARM_POLL_MS);
  bus.on('notifications:changed', onNotificationsChanged);
  // Another customer selection counts other notifications.
  bus.on('customers:changed', onNotificationsChanged);
}

export function stopAlarmListener() {
  stopPush();
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
  bus.off('notifications:changed', onNotificationsChanged);
  bus.off('customers:changed', onNotificationsChanged);
  if (recount) clearTimeout(recount);
  recount = null;
  pollSeq += 1;
  useAlarmListener.setState({ unseen: 0, lastPoll: null });
}

/** How a load gets its answer: the sign-in sequence takes the session's one, a change asks afresh. */
type Ask = typeof take;

/** The units of `customers` into the data cache (queryKeys.devices, read by useDevices). */
export async function loadDevices(customers: readonly number[], how: Ask = askAfresh): Promise<void> {
  const [units, failed] = await how<Unit[]>('devices', customers, []);
  keepDevicesOf(customers);
  if (!failed && units) {
    // For e2e/perf: the map's own first-render time is measured from here (units parsed, cached).
    performance.mark?.('fw-units-loaded', { detail: { count: units.length } });
  }
}

/** Events and containers (groups, locations) of the selected customers. */
async function loadEventsAndContainers(customers: readonly number[], how: Ask): Promise<void> {
  const [[events, eventsFailed], [containers, containersFailed]] = await Promise.all([
    how<FwEvent[]>('events', customers, []),
    how<Container[]>('containers', customers, []),
  ]);
  const store = sessionStore.getState();
  if (!eventsFailed && events) store.setEvents(events);
  if (!containersFailed && containers) store.setContainers(containers);
}

async function loadDashboards(how: Ask): Promise<void> {
  const [list, failed] = await how<DashboardSummary[]>('dashboards', [], []);
  if (!failed && list) sessionStore.getState().setDashboards(list);
}

/**
 * What an area saved of the user's own profile (bus 'profile:changed', with the server's answer):
 * into the session store, so the header and every area's dates, times and time zone follow at
 * once, and the language and the theme switch. 'theme:set' switches the theme as the top bar's
 * toggle does.
 */
let profileListener: ((user: UserProfile) => void) | null = null;
export function watchProfile(i18n: I18n): void {
  if (profileListener) bus.off('profile:changed', profileListener);
  profileListener = (user) => {
    const current = sessionStore.getState().user;
    if (!current || current.id !== user.id) return;
    sessionStore.setState({ user });
    if (user.language && user.language !== i18n.language) void i18n.changeLanguage(user.language);
    applyTheme(user);
  };
  bus.on('profile:changed', profileListener);
}
bus.on('theme:set', (theme: Theme) => useTheme.getState().setTheme(theme));

/** The account's theme, if one was ever chosen, replaces this browser's. */
function applyTheme(user: UserProfile): void {
  if (user.theme && user.theme !== useTheme.getState().theme) useTheme.getState().setTheme(user.theme);
}

/**
 * A theme chosen in the top bar is kept on the account too, so every browser signs in with it.
 * (Applying the account's theme emits theme:changed as well; it is the stored one, nothing is sent.)
 */
bus.on('theme:changed', (theme: Theme) => {
  const { status, user } = sessionStore.getState();
  if (status !== 'signedIn' || !user || user.theme === theme) return;
  void api
    .request<UserProfile>({ method: 'PUT', url: pathFor(ENDPOINTS.updateProfile), data: { theme } })
    .then(([saved, failed]) => {
      if (!failed && saved && sessionStore.getState().user?.id === saved.id) sessionStore.setState({ user: saved });
    });
});

/** Whether the sequence was ended meanwhile (a 401 expired it, or the user signed out). */
const ended = () => sessionStore.getState().status !== 'loading';

/** Runs the loading sequence for an existing session cookie. Resolves whether the user is signed in. */
export async function loadSession(i18n: I18n): Promise<boolean> {
  const store = sessionStore.getState();
  store.setStatus('loading');
  const [session, failed] = await take<SessionResponse | null>('session', []);
  if (failed || !session) {
    store.clear();
    return false;
  }
  api.armUnauthorized();
  watchProfile(i18n);
  applyTheme(session.user);
  if (session.user.language && session.user.language !== i18n.language) await i18n.changeLanguage(session.user.language);
  // Dashboards before the session counts as signed in: navigation waits for them.
  // From here a 401 is an expiry (the interceptor's isSignedIn sees the user): it ends the sequence.
  sessionStore.setState({ user: session.user, customers: session.Customers, selectedCustomers: session.selectedCustomers });
  await loadDashboards(take);
  if (ended()) return false;
  startAlarmListener(i18n);
  // Device types are static (DEVICE_TYPES in @fieldwatch/shared); then events, containers, devices.
  const customers = session.selectedCustomers;
  await Promise.all([loadEventsAndContainers(customers, take), loadDevices(customers, take)]);
  if (ended()) {
    stopAlarmListener();
    return false;
  }
  sessionStore.getState().setSession(session);
  bus.emit('session:changed');
  return true;
}

/**
 * 'throttled': too many failed sign-ins (429), wait `retryAfter` seconds; 'busy': 503, retry soon;
 * 'deactivated': the account is deactivated (admin user management); 'methodRefused': the user's
 * organisations do not allow signing in with a password (admin Security); 'twoFactor': the password
 * was right and the account asks its two-factor code next (login/two-factor.ts), no session yet.
 */
export type LoginOutcome =
  | 'ok'
  | 'twoFactor'
  | 'invalid'
  | 'error'
  | 'busy'
  | 'deactivated'
  | 'methodRefused'
  /** A registered account whose e-mail address is not confirmed yet (registration). */
  | 'notVerified'
  | { throttled: number };

/** What a failed sign-in request means for the form. */
export function loginFailure(err: unknown): Exclude<LoginOutcome, 'ok'> {
  if (!isAxiosError(err)) return 'error';
  const status = err.response?.status;
  if (status === 417) return 'invalid';
  const code = (err.response?.data as { code?: unknown } | undefined)?.code;
  if (status === 403 && code === ACCOUNT_DEACTIVATED_CODE) return 'deactivated';
  if (status === 403 && code === SIGN_IN_METHOD_REFUSED_CODE) return 'methodRefused';
  if (status === 403 && code === EMAIL_NOT_VERIFIED_CODE) return 'notVerified';
  if (status === 503 && code === LOGIN_BUSY_CODE) return 'busy';
  if (status === 429) {
    const body = err.response?.data as Partial<LoginThrottledBody> | undefined;
    const header = Number(err.response?.headers?.['retry-after']);
    const wait = typeof body?.retryAfter === 'number' ? body.retryAfter : header;
    return { throttled: Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 60 };
  }
  return 'error';
}

/** Ends what the page holds of a session: the alarm listener, the store, the cached answers. */
function clearSession(): void {
  stopAlarmListener();
  sessionStore.getState().clear();
  clearSessionData();
}

export async function login(i18n: I18n, username: string, password: string, remember: boolean): Promise<LoginOutcome> {
  clearSession();
  try {
    const res = await api.http.post<{ data: LoginAnswer }>(pathFor(ENDPOINTS.login), { username, password, remember });
    const answer = res?.data?.data as Partial<TwoFactorChallenge> | undefined;
    if (answer?.twoFactorRequired === true) return 'twoFactor';
  } catch (err) {
    return loginFailure(err);
  }
  return (await loadSession(i18n)) ? 'ok' : 'error';
}

/**
 * A session the server opened with another answer than the login's (a verification or password
 * link): what the page held while signed out (the early "signed out" answer too) goes, then the
 * session loads as after a sign-in.
 */
export async function enterSession(i18n: I18n): Promise<boolean> {
  clearSession();
  return loadSession(i18n);
}

export async function logout(): Promise<void> {
  // State is cleared now and the areas unmount, but the status reads "signed out" (and the shell
  // goes to the login page) only once the server has ended the session: a Back or a reload right
  // after it must not find the session still alive.
  clearSession();
  sessionStore.getState().setStatus('loading');
  await api.request({ method: 'GET', url: pathFor(ENDPOINTS.logout) });
  sessionStore.getState().clear();
  bus.emit('session:changed');
}

/** Called on a 401 anywhere: the interceptor has already shown "You have been logged out". */
export function expireSession(): void {
  clearSession();
  bus.emit('session:changed');
}

export async function selectCustomers(ids: number[]): Promise<boolean> {
  const [session, failed] = await api.request<SessionResponse>({
    method: 'PUT',
    url: pathFor(ENDPOINTS.selectCustomers),
    params: { id: ids.join(',') },
  });
  if (failed || !session) {
    bus.emit('toast', { kind: 'danger', message: 'errors.somethingWrong' });
    return false;
  }
  // The new lists are asked for before the selection changes in the store: a screen that reads
  // the selection's list then joins the request instead of starting its own.
  const customers = session.selectedCustomers;
  const loads = Promise.all([loadDevices(customers), loadDashboards(askAfresh), loadEventsAndContainers(customers, askAfresh)]);
  const store = sessionStore.getState();
  store.setSelectedCustomers(customers);
  await loads;
  store.bumpRefresh();
  bus.emit('customers:changed', session.selectedCustomers);
  return true;
}

export async function changeLanguage(i18n: I18n, lang: string): Promise<void> {
  await i18n.changeLanguage(lang);
  if (sessionStore.getState().status === 'signedIn') {
    const [user, failed] = await api.request<UserProfile>({
      method: 'PUT',
      url: pathFor(ENDPOINTS.profileLanguage),
      params: { language: lang },
    });
    // The stored profile follows, so the profile's preferences show the language chosen here.
    if (!failed && user && sessionStore.getState().user?.id === user.id) sessionStore.setState({ user });
  }
}
