/**
 * Error answers: always `{ message, code? }` (ApiErrorBody). Client mistakes are 4xx with a clear
 * message; only genuine server faults become 500, with a generic text and the detail in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES, validationMessage, type ApiErrorBody } from '@fieldwatch/shared';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message, 'validation');
export const unauthorized = () => new HttpError(401, MESSAGES.loggedOut, 'unauthorized');
export const forbidden = (message: string) => new HttpError(403, message, 'forbidden');
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message, 'not_found');
/** The request lost a race or was based on an old read: reload and try again. */
export const conflict = (message: string) => new HttpError(409, message, 'conflict');

/** Answers for database faults: the request was fine, the database was not (or another write won). */
export const DB_MESSAGES = {
  unavailable: 'The database is not answering right now. Nothing was changed; please try again in a moment.',
  conflict: 'Someone else changed or removed this at the same time. Reload and try again.',
} as const;

/** SQLSTATEs of a database that is down, overloaded or too slow: 503, the request may be retried. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available (lock_timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
]);
/** Socket-level failures of the driver's connection. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres messages without a code: a connection that never opened, or died mid-query. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed)/;
/**
 * A concurrent write won the race: a row it needed is gone (foreign key), a unique value was taken
 * meanwhile, or the database gave up one of two conflicting transactions. 409, never 500.
 */
const CONFLICT_SQLSTATES = new Set(['23505', '23503', '40001', '40P01']);

/**
 * What a database error means for the caller, looking through Drizzle's DrizzleQueryError (which
 * wraps the driver's error as `cause`): 'unavailable', 'conflict', or null for anything else.
 */
export function classifyDbError(err: unknown): 'unavailable' | 'conflict' | null {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return 'unavailable';
      if (CONFLICT_SQLSTATES.has(code)) return 'conflict';
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return 'unavailable';
  }
  return null;
}

/** Authority message of the admin area (the spec's wording, for an area instead of a device). */
export const MISSING_AREA_AUTHORITY = 'You are missing authority for this area';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      const body: ApiErrorBody = { message: err.message, ...(err.code ? { code: err.code } : {}) };
      return reply.code(err.statusCode).send(body);
    }
    if ('validation' in err && err.validation) {
      // A named field of the contract that is blank, too short or not an address answers the
      // spec's text ("Username should not be blank"), as the browser's form says it.
      const part = err.validationContext
        ? (request.routeOptions.schema as Record<string, unknown> | undefined)?.[err.validationContext]
        : undefined;
      const first = err.validation[0];
      const message = (first && validationMessage(part, first)) ?? err.message;
      return reply.code(400).send({ message, code: 'validation' } satisfies ApiErrorBody);
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message, code: 'bad_request' } satisfies ApiErrorBody);
    }
    const db = classifyDbError(err);
    if (db === 'unavailable') {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .send({ message: DB_MESSAGES.unavailable, code: 'db_unavailable' } satisfies ApiErrorBody);
    }
    if (db === 'conflict') {
      request.log.info({ err }, 'concurrent write conflict');
      return reply.code(409).send({ message: DB_MESSAGES.conflict, code: 'conflict' } satisfies ApiErrorBody);
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.somethingWrong } satisfies ApiErrorBody);
  });
}
