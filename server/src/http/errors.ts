/**
 * Error answers: always `{ message, code? }` (ApiErrorBody). Client mistakes are 4xx with a clear
 * message; only genuine server faults become 500, with a generic text and the detail in the log.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES, type ApiErrorBody } from '@fieldwatch/shared';

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

/** Authority message of the admin area (the spec's wording, for an area instead of a device). */
export const MISSING_AREA_AUTHORITY = 'You are missing authority for this area';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      const body: ApiErrorBody = { message: err.message, ...(err.code ? { code: err.code } : {}) };
      return reply.code(err.statusCode).send(body);
    }
    if ('validation' in err && err.validation) {
      return reply.code(400).send({ message: err.message, code: 'validation' } satisfies ApiErrorBody);
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message, code: 'bad_request' } satisfies ApiErrorBody);
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.somethingWrong } satisfies ApiErrorBody);
  });
}
