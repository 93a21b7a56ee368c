/**
 * Input every route can trust, checked once for params, query string and body before schema
 * validation (400 { code: 'validation' }):
 * - no text PostgreSQL cannot store: U+0000 (refused in text and jsonb alike) and broken UTF-16
 *   (a lone surrogate is refused inside jsonb, and silently replaced in text);
 * - JSON nested at most MAX_JSON_DEPTH levels: deeper documents overflow the stacks of
 *   JSON.stringify and of PostgreSQL's jsonb parser. No document of this API comes near it.
 * Values that arrive as JSON text inside a field (xrequest JSonData) are checked where they are
 * parsed, with checkJsonValue.
 *
 * And after schema validation: numbers are finite. Ajv coerces the text "1e309", "Infinity" or
 * "-Infinity" (a path segment, a query value, or a JSON string where a number is expected) to
 * ±Infinity, and its minimum/maximum checks let non-finite numbers through, so an integer id field
 * would otherwise hand Infinity to a query (a 500). JSON itself has no Infinity (1e309 overflows to
 * it): refused as well.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const MAX_JSON_DEPTH = 32;

/** U+0000, or a surrogate that is not half of a pair. */
// eslint-disable-next-line no-control-regex -- U+0000 is what this looks for
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(s: string, name: string): void {
  if (UNSTORABLE_TEXT.test(s)) {
    throw badRequest(
      s.includes('\u0000')
        ? `${name} must not contain the character U+0000`
        : `${name} must be valid Unicode text`,
    );
  }
}

/** Throws 400 unless every string (values and keys) is storable and nesting is within bounds. */
export function checkJsonValue(value: unknown, name: string): void {
  // Iterative: a hostile document must not overflow this walker's stack either.
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      checkText(v, name);
      continue;
    }
    if (typeof v !== 'object' || v === null || Buffer.isBuffer(v)) continue;
    if (depth >= MAX_JSON_DEPTH) throw badRequest(`${name} is nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else {
      for (const [k, item] of Object.entries(v)) {
        checkText(k, name);
        stack.push({ v: item, depth: depth + 1 });
      }
    }
  }
}

/** Throws 400 when a number anywhere in `value` is NaN or ±Infinity. */
export function checkFiniteNumbers(value: unknown, name: string): void {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: name }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw badRequest(`${path} must be a finite number`);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: `${path}/${i}` }));
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) stack.push({ v: item, path: `${path}/${k}` });
    }
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkJsonValue(request.params, 'params');
    checkJsonValue(request.query, 'querystring');
    checkJsonValue(request.body, 'body');
  });
  app.addHook('preHandler', async (request) => {
    checkFiniteNumbers(request.params, 'params');
    checkFiniteNumbers(request.query, 'querystring');
    checkFiniteNumbers(request.body, 'body');
  });
}
