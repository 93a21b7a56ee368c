/**
 * No secrets in logs. Passwords and reset tokens travel in query strings
 * (PUT /api/v3/user/password?oldPassword=…&newPassword=…), in paths
 * (/api/v3/user/verifyChangePasswordToken/<token>) and in bodies; sessions in Cookie, API tokens
 * in Authorization. Every log line goes through three layers:
 *
 * 1. The `req` serializer logs a redacted URL (secret-named query parameters and token path
 *    segments replaced) and no headers; pino's `redact` removes cookie/authorization/set-cookie
 *    wherever headers are logged anyway.
 * 2. Each request's logger scrubs the exact secret values of that request (query, path, body,
 *    Cookie, Authorization: collected by collectRequestSecrets) out of logged errors and strings,
 *    so an error message that repeats an input (a validation or database error) does not leak it.
 * 3. Text patterns (`password=…`, `Bearer …`, 43-character tokens) are scrubbed from every logged
 *    string and error, for lines logged without a request.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { SESSION_COOKIE_NAME } from '@fieldwatch/shared';

export const REDACTED = '[REDACTED]';

/** Parameter names that carry a secret: oldPassword, newPassword, password, token, resetToken, … */
const SECRET_NAME = /pass(?:word)?|pwd|token|secret|api[-_]?key|authorization|cookie/i;

/** A path segment right after one of these names the secret (…/verifyChangePasswordToken/<token>). */
const SECRET_SEGMENT_BEFORE = /(?:token|password)$/i;

/**
 * Random tokens as we issue them (32 bytes base64url = 43 characters) and anything like them:
 * 32+ such characters with letters and digits (long identifiers in a stack trace have no digits).
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function looksRandom(text: string): boolean {
  return /[0-9]/.test(text) && /[A-Za-z]/.test(text) && !UUID.test(text);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function isTokenLike(segment: string): boolean {
  return segment.length >= 32 && /^[A-Za-z0-9_-]+$/.test(segment) && looksRandom(segment);
}

/** The URL as it may be logged: secret query values and token path segments replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? undefined : url.slice(q + 1);
  const segments = pathPart.split('/');
  const path = segments
    .map((seg, i) => {
      const before = i > 0 ? safeDecode(segments[i - 1]!) : '';
      return seg && (SECRET_SEGMENT_BEFORE.test(before) || isTokenLike(safeDecode(seg))) ? REDACTED : seg;
    })
    .join('/');
  if (query === undefined) return path;
  const params = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (isSecretName(safeDecode(name))) return `${name}=${REDACTED}`;
    return isTokenLike(safeDecode(eq < 0 ? '' : pair.slice(eq + 1))) ? `${name}=${REDACTED}` : pair;
  });
  return `${path}?${params.join('&')}`;
}

/** Secret-looking text anywhere in a string (for lines logged without a request at hand). */
export function scrubText(text: string): string {
  return text
    .replace(/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`)
    .replace(new RegExp(`(${SESSION_COOKIE_NAME}=)[^\\s;"',]+`, 'g'), `$1${REDACTED}`)
    .replace(
      /([A-Za-z_]*(?:pass(?:word)?|pwd|token|secret|api[-_]?key)[A-Za-z_]*["']?\s*[=:]\s*["']?)[^\s&"',;}]+/gi,
      `$1${REDACTED}`,
    )
    .replace(TOKEN_LIKE, (m) => (looksRandom(m) ? REDACTED : m));
}

const SECRETS = Symbol('fieldwatch.requestSecrets');
type WithSecrets = IncomingMessage & { [SECRETS]?: Set<string> };

function addSecret(raw: WithSecrets, value: unknown): void {
  if (typeof value !== 'string' || value.length < 3) return; // shorter would blank ordinary words
  (raw[SECRETS] ??= new Set()).add(value);
}

/**
 * Body fields that carry a secret although their name says nothing of it: a two-factor code or
 * recovery code (`code`). Not in SECRET_NAME, which also names error properties (err.code).
 */
const SECRET_BODY_FIELD = /^code$/;

/** Values of secret-named fields, at any depth of a parsed body or query. */
function addSecretFields(raw: WithSecrets, value: unknown, depth = 0): void {
  if (!value || typeof value !== 'object' || depth > 8) return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretName(k) || SECRET_BODY_FIELD.test(k)) {
      if (Array.isArray(v)) v.forEach((x) => addSecret(raw, typeof x === 'string' ? x : JSON.stringify(x)));
      else addSecret(raw, typeof v === 'string' ? v : JSON.stringify(v));
    } else addSecretFields(raw, v, depth + 1);
  }
}

/** The secrets a raw request carries before any parsing: URL query and path, Cookie, Authorization. */
function collectRawSecrets(raw: WithSecrets): void {
  const url = raw.url ?? '';
  const q = url.indexOf('?');
  const segments = (q < 0 ? url : url.slice(0, q)).split('/');
  segments.forEach((seg, i) => {
    if (i > 0 && (SECRET_SEGMENT_BEFORE.test(safeDecode(segments[i - 1]!)) || isTokenLike(safeDecode(seg)))) {
      addSecret(raw, seg);
      addSecret(raw, safeDecode(seg));
    }
  });
  if (q >= 0) {
    for (const pair of url.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=');
      if (eq < 0 || !isSecretName(safeDecode(pair.slice(0, eq)))) continue;
      addSecret(raw, pair.slice(eq + 1));
      addSecret(raw, safeDecode(pair.slice(eq + 1)));
    }
  }
  for (const name of ['cookie', 'authorization']) {
    const header = raw.headers[name];
    if (typeof header !== 'string') continue;
    addSecret(raw, header);
    for (const part of header.split(/[;,\s]+/))
      addSecret(raw, part.includes('=') ? part.slice(part.indexOf('=') + 1) : part);
  }
}

/** Parsed bodies join the request's secrets before validation (whose errors may quote them). */
export function installSecretCollector(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    addSecretFields(request.raw as WithSecrets, request.body);
  });
}

function scrubWith(text: string, secrets: ReadonlySet<string> | undefined): string {
  let out = text;
  // Longest first: a cookie header is replaced whole before the token inside it.
  for (const s of [...(secrets ?? [])].sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
  return scrubText(out);
}

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as logged: pino's usual fields, every string scrubbed. */
function errorValue(err: unknown, secrets: ReadonlySet<string> | undefined): LoggedError {
  if (!(err instanceof Error))
    return { type: typeof err, message: scrubWith(String(err), secrets), stack: '' };
  const out: LoggedError = {
    type: err.constructor?.name ?? 'Error',
    message: scrubWith(err.message, secrets),
    stack: scrubWith(err.stack ?? '', secrets),
  };
  for (const [k, v] of Object.entries(err)) {
    if (k === 'message' || k === 'stack') continue;
    if (isSecretName(k)) out[k] = REDACTED;
    else if (typeof v === 'string') out[k] = scrubWith(v, secrets);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  if (err.cause !== undefined) out.cause = errorValue(err.cause, secrets);
  return out;
}

/** Header paths pino blanks wherever they are logged. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
];

/**
 * Fastify's logger options: level, output stream, the serializers and the per-request scrubbing.
 * `stream` lets tests read what would be logged.
 */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'childLoggerFactory'> {
  return {
    logger: {
      level,
      ...(stream ? { stream } : {}),
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
        err: (err: unknown) => errorValue(err, undefined),
      },
      hooks: {
        // Plain strings logged without a request (format arguments included).
        logMethod(args: unknown[], method: (...a: unknown[]) => void) {
          method.apply(
            this,
            args.map((a) => (typeof a === 'string' ? scrubText(a) : a)),
          );
        },
      },
    },
    childLoggerFactory(logger, bindings, opts, rawReq) {
      const raw = rawReq as WithSecrets;
      collectRawSecrets(raw);
      return logger.child(bindings, {
        ...opts,
        serializers: { err: (err: unknown) => errorValue(err, raw[SECRETS]) },
      });
    },
  };
}
