/**
 * Building blocks of the contract's schemas: database ids, channel numbers, enumerations of text,
 * nullable values and "free JSON with a TypeScript type". Each is a plain JSON schema (what the
 * server's validator and the OpenAPI document read) with its TypeScript type attached.
 */
import * as T from 'typebox';

/** Largest id of an integer column (PostgreSQL int4). */
export const MAX_INT = 2_147_483_647;

/** A row id: 1 … 2^31-1. */
export const Id = T.Integer({ minimum: 1, maximum: MAX_INT });
/** The channel number of a unit. */
export const ChannelNo = T.Integer({ minimum: 0, maximum: 32767 });
/** A `?id=` of one row, or a `:id` path segment. */
export const IdParams = T.Object({ id: Id });
/** `?use_context=`: scope a list by the session's selected customers instead of all the user's. */
export const UseContext = T.Optional(T.Boolean({ default: false }));

/** One of a fixed list of texts, as `{ type: 'string', enum }` (the form ajv and OpenAPI read best). */
export function StringEnum<const V extends readonly string[]>(values: V, options: { default?: V[number] } = {}) {
  return T.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/** A value or null. */
export function Nullable<S extends T.TSchema>(schema: S) {
  // Known flaw: ajv coerces types (Fastify's default), so a null sent for a number is read as 0 by
  // the first branch. Putting null first is no cure (0 would become null); the fix is a route-level
  // coercion setting, left for the alarm-limits screen.
  return T.Union([schema, T.Null()]);
}

/**
 * JSON the route only checks loosely (e.g. "an object"), typed by what the domain rules accept.
 * The domain validates the content itself (dashboards, settings documents).
 */
export function Json<V>(schema: Record<string, unknown> = {}) {
  return T.Unsafe<V>(schema);
}

/** A short text that must not be blank: at least one character that is not white space. */
export const NOT_BLANK = '\\S';

/** Every error answer: { message, code? } with a 4xx/5xx status. */
export const ApiErrorBody = T.Object({
  message: T.String(),
  /** Machine-readable code, e.g. 'validation', 'conflict'. */
  code: T.Optional(T.String()),
});
export type ApiErrorBody = T.Static<typeof ApiErrorBody>;
