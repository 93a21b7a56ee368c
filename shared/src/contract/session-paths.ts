/**
 * The paths of the calls a returning user's page makes first (session, dashboards, the alarm
 * listener's lists, containers, units). The endpoint table takes them from here, and the shell's
 * entry chunk reads them before anything else has loaded, so this file imports nothing: it is
 * bundled into that tiny chunk on its own (`@fieldwatch/shared/session-paths`), without the
 * contract's schemas.
 */
export const SESSION_PATHS = {
  session: '/api/v3/user/session',
  /**
   * The page's first session check: public, 200 either way — the session, or `data: null` for
   * "signed out" — so a signed-out visit logs no 401 in the browser's console (issue 20 §7).
   */
  sessionProbe: '/api/v3/user/session/probe',
  dashboards: '/api/v3/user/dashboard',
  notifications: '/api/v3/events/notifications',
  events: '/api/v3/events/events',
  containers: '/api/v3/containers',
  devices: '/api/v2/device/devices',
} as const;

/** The sign-in sequence's calls: their paths and query (the shell's early requests, a standalone remote). */
export const SESSION_CALLS = {
  session: { url: SESSION_PATHS.session, params: {} },
  dashboards: { url: SESSION_PATHS.dashboards, params: { excludeContent: true, useContext: true } },
  events: { url: SESSION_PATHS.events, params: { limit: 200 } },
  containers: { url: SESSION_PATHS.containers, params: { use_context: true } },
  devices: { url: SESSION_PATHS.devices, params: { use_context: true } },
} as const;

/**
 * A cookie beside the (HttpOnly) session cookie that scripts can read, with the same lifetime: it
 * says only "this browser had a session". Without it the page does not ask for the session at all,
 * so a plain visit to the login page makes no request that answers 401 (issue 18 §3). It holds no
 * secret: the session cookie alone signs in.
 */
export const SESSION_HINT_COOKIE = 'fw_signed_in';
