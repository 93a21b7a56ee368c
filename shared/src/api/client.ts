/**
 * The API client of spec §7–§8 on axios: session cookie on every call, the [data, errorFlag]
 * wrapper, and interceptors for 401 (session expired, once), 417 (invalid credentials) and
 * network errors (the error's message).
 */
import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios';
import { ID_CHUNK_SIZE, MESSAGES } from '../constants';
import type { Bus } from '../bus';
import { ENDPOINTS, pathFor } from '../contract/endpoints';

export type Result<T> = [T, false] | [T | undefined, true];

export interface ApiClient {
  http: AxiosInstance;
  /** Any call: resolves [data, false] on success, [fallback, true] on a failed or non-ok response. */
  request<T>(config: AxiosRequestConfig, fallback?: T): Promise<Result<T>>;
  get<T>(url: string, params?: Record<string, unknown>, fallback?: T): Promise<Result<T>>;
  /** Older API: /api/v1/xrequest/<method>, arrays, unit id lists chunked by 4000 and merged. */
  legacy<T>(method: string, params?: Record<string, unknown>, unitIds?: number[]): Promise<T[]>;
  /** Allow the next 401 to be reported again (after a new login). */
  armUnauthorized(): void;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message of a failed call: server's text when it sent one, otherwise axios' message. */
export function errorMessage(err: unknown): string {
  if (isAxiosError(err)) {
    const body = err.response?.data as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string') return body.message;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Unwraps { data } envelopes; older endpoints answer bare arrays or objects. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body)
    return (body as { data: T }).data;
  return body as T;
}

export function chunk<T>(list: readonly T[], size = ID_CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Interprets an older-API answer by the rules of spec §8. */
export function interpretLegacy<T>(path: string, body: unknown): T[] {
  if (body === '' || body === undefined || body === null)
    throw new ApiError(`API ${path} returned empty string`);
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 1) {
    const only = list[0] as Record<string, unknown>;
    if (only && typeof only === 'object') {
      if ('Result' in only) throw new ApiError(`API ${path} error message - ${String(only.Result)}`);
      if (Object.keys(only).length === 0) return [];
    }
  }
  return list as T[];
}

/**
 * Error codes of the server that mean the same to every screen (issue 14): the database did not
 * answer (503), or a write came from another site (403). Each becomes a translated toast, at most
 * once per CODE_TOAST_QUIET_MS, so a page of failing calls shows one message.
 */
const serverCodeToast: Record<string, string | undefined> = {
  db_unavailable: 'errors.dbUnavailable',
  cross_site: 'errors.crossSite',
};
export const CODE_TOAST_QUIET_MS = 10_000;

function errorCode(err: AxiosError): string {
  const body = err.response?.data as { code?: unknown } | undefined;
  return body && typeof body.code === 'string' ? body.code : '';
}

export interface ApiClientOptions {
  bus: Bus;
  baseURL?: string;
  /** Called (once until re-armed) when a call answers 401. */
  onUnauthorized?: () => void;
  /** Whether the user is signed in: a 401 while signed out (e.g. the first session probe) is not an expiry. */
  isSignedIn?: () => boolean;
  timeoutMs?: number;
}

export function createApiClient({
  bus,
  baseURL = '',
  onUnauthorized,
  isSignedIn = () => true,
  timeoutMs = 30_000,
}: ApiClientOptions): ApiClient {
  // No XSRF token: the session cookie is SameSite=Lax and the server reads no token header. Left
  // on, axios reads the (absent) token cookie through the async cookieStore before every send, a
  // round trip to the browser process that queues each request behind whatever the page is doing.
  const http = axios.create({
    baseURL,
    withCredentials: true,
    timeout: timeoutMs,
    withXSRFToken: false,
    xsrfCookieName: '',
  });
  let unauthorizedReported = false;
  const lastCodeToast = new Map<string, number>();

  http.interceptors.response.use(undefined, (err: unknown) => {
    if (isAxiosError(err)) {
      const status = err.response?.status;
      const url = err.config?.url ?? '';
      const isLogin = /\/auth\/login$/.test(url);
      if (status === 401 && !isLogin) {
        if (!unauthorizedReported && isSignedIn()) {
          unauthorizedReported = true;
          bus.emit('toast', { kind: 'warning', message: 'errors.loggedOut' });
          bus.emit('session:expired');
          onUnauthorized?.();
        }
      } else if (status === 417 && !/\/api\/v2\/auth\/login$/.test(url)) {
        // The shell's login form says it inline (POST /api/v2/auth/login): once, not twice.
        bus.emit('toast', { kind: 'danger', message: 'errors.invalidCredentials' });
      } else if (status !== undefined && serverCodeToast[errorCode(err)]) {
        // Server codes every screen can meet; screens still show their own failure text as well.
        const key = serverCodeToast[errorCode(err)]!;
        const now = Date.now();
        if (now - (lastCodeToast.get(key) ?? -Infinity) > CODE_TOAST_QUIET_MS) {
          lastCodeToast.set(key, now);
          bus.emit('toast', { kind: 'danger', message: key });
        }
      } else if (!err.response && !axios.isCancel(err)) {
        bus.emit('toast', { kind: 'danger', message: err.message || MESSAGES.somethingWrong, raw: true });
      }
    }
    return Promise.reject(err);
  });

  async function request<T>(config: AxiosRequestConfig, fallback?: T): Promise<Result<T>> {
    try {
      const res = await http.request(config);
      return [unwrap<T>(res.data), false];
    } catch {
      return [fallback, true];
    }
  }

  async function legacy<T>(
    method: string,
    params: Record<string, unknown> = {},
    unitIds?: number[],
  ): Promise<T[]> {
    const path = pathFor(ENDPOINTS.xrequest, { method });
    const call = async (p: Record<string, unknown>) => {
      try {
        const res = await http.post(path, p);
        return interpretLegacy<T>(path, res.data);
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new ApiError(
          `API ${path} ${errorMessage(err)}`,
          isAxiosError(err) ? err.response?.status : undefined,
        );
      }
    };
    if (!unitIds) return call(params);
    const parts = await Promise.all(chunk(unitIds).map((ids) => call({ ...params, UnitIDs: ids.join(',') })));
    return parts.flat();
  }

  return {
    http,
    request,
    get: (url, params, fallback) => request({ method: 'GET', url, params }, fallback),
    legacy,
    armUnauthorized: () => {
      unauthorizedReported = false;
    },
  };
}

/** A call expecting a single item: none raises, more than one raises with the count (spec §5, §8). */
export function single<T>(list: readonly T[]): T {
  if (list.length === 0) throw new ApiError(MESSAGES.noData);
  if (list.length > 1)
    throw new ApiError(`Expected a single item, but ${list.length} was returned by the API`);
  return list[0] as T;
}
