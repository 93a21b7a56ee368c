/**
 * The calls of the sign-in sequence as queries of the page's data cache. The answers index.ts
 * started early (early.ts) are handed to the cache under the same keys (prefetchQuery), so the
 * sequence finds them there, or joins them while they travel. A call the cache cannot answer well
 * (no early answer, or one that is not a 2xx) is asked through the API client, whose interceptors
 * deal with every answer that is not a 2xx (expired session, errors) — except a 401 to the early
 * session check, which simply means "signed out".
 *
 * The cache holds the answers of one session: sign-in, sign-out and expiry drop them
 * (clearSessionData), so `take` never finds an older session's answer.
 */
import {
  isSessionData,
  queryKeys,
  RequestFailed,
  type Result,
  type SessionResponse,
  unwrap,
} from '@fieldwatch/shared';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { api, queryClient, sessionStore } from '../../platform';
import { type EarlyAnswer, type EarlySession, fetchCall, isOk, SESSION_CALLS, type SessionCall } from './early';

/**
 * Calls whose answer can be large (the unit list of 100,000 units) are asked with fetch() also when
 * there is no early answer (a customer change, a refresh): Response.json() parses it several times
 * faster than the API client's XMLHttpRequest (figures in e2e/perf/README.md).
 */
const LARGE_ANSWERS: ReadonlySet<SessionCall> = new Set(['devices']);

/** Lists scoped by the customer selection: their keys carry the selected customers. */
const BY_CUSTOMERS = ['events', 'containers', 'devices'] as const;

function keyOf(call: SessionCall, customers: readonly number[]): QueryKey {
  switch (call) {
    case 'session':
      return queryKeys.session();
    case 'dashboards':
      return queryKeys.dashboards();
    case 'events':
      return queryKeys.events(customers);
    case 'containers':
      return queryKeys.containers(customers);
    case 'devices':
      return queryKeys.devices(customers);
  }
}

/** The early answer was no good answer (not sent, failed, not a 2xx): ask through the API client. */
class EarlyMiss extends Error {
  constructor(call: SessionCall, status: number) {
    super(`early ${call}: ${status}`);
    this.name = 'EarlyMiss';
  }
}

/** What an early answer holds: the body of a 2xx, null for "signed out" (401 to the session check). */
async function fromEarly<T>(call: SessionCall, answer: Promise<EarlyAnswer>): Promise<T | null> {
  const a = await answer;
  if (isOk(a)) return unwrap<T>(a.body);
  if (call === 'session' && a.status === 401) return null;
  throw new EarlyMiss(call, a.status);
}

/** Asks the server now. */
async function ask<T>(call: SessionCall): Promise<T | null> {
  if (LARGE_ANSWERS.has(call)) {
    const answer = await fetchCall(call);
    if (isOk(answer)) return unwrap<T>(answer.body);
  }
  const { url, params } = SESSION_CALLS[call];
  const [data, failed] = await api.get<T>(url, { ...params });
  if (failed) throw new RequestFailed(call);
  return data ?? null;
}

const options = (call: SessionCall, customers: readonly number[]) => ({
  queryKey: keyOf(call, customers),
  // The unit list stays for the session (screens and widgets read it from here), replaced whole.
  ...(call === 'devices' ? { gcTime: Infinity, structuralSharing: false } : {}),
});

/** Hands the early answers to the cache; the lists scoped by the selection once the session names it. */
export function seedEarlyAnswers(early: EarlySession): void {
  const seed = (call: SessionCall, customers: readonly number[]) =>
    void queryClient.prefetchQuery({ ...options(call, customers), queryFn: () => fromEarly(call, early[call]) });
  seed('session', []);
  seed('dashboards', []);
  void early.session.then((a) => {
    if (!isOk(a)) return;
    const customers = unwrap<SessionResponse>(a.body)?.selectedCustomers ?? [];
    for (const call of BY_CUSTOMERS) seed(call, customers);
  });
}

async function fetchCallQuery<T>(call: SessionCall, customers: readonly number[], staleTime: number, fallback?: T): Promise<Result<T>> {
  const run = () => queryClient.fetchQuery({ ...options(call, customers), queryFn: () => ask<T>(call), staleTime });
  try {
    return [(await run()) as T, false];
  } catch (err) {
    if (!(err instanceof EarlyMiss)) return [fallback, true];
  }
  try {
    return [(await run()) as T, false];
  } catch {
    return [fallback, true];
  }
}

/** The sequence's answer to `call`: the one the cache has for this session (early), else asked now. */
export function take<T>(call: SessionCall, customers: readonly number[], fallback?: T): Promise<Result<T>> {
  return fetchCallQuery(call, customers, Infinity, fallback);
}

/** A new answer to `call` (a customer change, a poll), joining one that is already on its way. */
export function askAfresh<T>(call: SessionCall, customers: readonly number[], fallback?: T): Promise<Result<T>> {
  return fetchCallQuery(call, customers, 0, fallback);
}

/**
 * Keeps the unit list of `customers` only: lists are kept for the session (no garbage collection),
 * so the lists of earlier selections are dropped here rather than held, each up to 100,000 units.
 * Nothing is dropped when another selection has been made meanwhile (its list is the one to keep).
 */
export function keepDevicesOf(customers: readonly number[]): void {
  const current = hashKey(queryKeys.devices(customers));
  if (current !== hashKey(queryKeys.devices(sessionStore.getState().selectedCustomers))) return;
  queryClient.removeQueries({ queryKey: queryKeys.devices([]).slice(0, 1), predicate: (q) => q.queryHash !== current });
}

/** Drops every answer of the session (sign-in, sign-out, expiry); the shell's own entries stay. */
export function clearSessionData(): void {
  queryClient.removeQueries({ predicate: (q) => isSessionData(q.queryKey) });
}
