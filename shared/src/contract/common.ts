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
export const UseContext = WithDefault(T.Boolean({ default: false }));

declare const DEFAULTED: unique symbol;
/** Marks (in the type only; nothing at run time) a schema that WithDefault made optional. */
export interface HasDefault {
  readonly [DEFAULTED]: true;
}

/**
 * An optional property whose schema has a `default`, e.g. `page: WithDefault(T.Integer({ default: 1 }))`.
 * A caller may leave it out; the server's validator then fills it in (ajv's useDefaults, on in
 * Fastify), so a route handler always has it. The type keeps both views: Static<> (what a caller
 * sends: QueryOf, BodyOf) has it optional, Received<> (what a handler gets) has it present. At run
 * time this is T.Optional of the very schema given.
 */
export function WithDefault<S extends T.TSchema>(schema: S) {
  if ((schema as { default?: unknown }).default === undefined) throw new Error('WithDefault: the schema has no default');
  return T.Optional(schema as S & HasDefault);
}

type DefaultedKeys<P> = { [K in keyof P]: P[K] extends HasDefault ? K : never }[keyof P];
type Flat<O> = { [K in keyof O]: O[K] } & {};
/**
 * What a route handler receives for a schema once it is validated: Static<S>, except that the
 * properties of an object schema made by WithDefault are present (filled in when absent).
 */
export type Received<S extends T.TSchema> =
  S extends T.TObject<infer P>
    ? Flat<Omit<T.Static<S>, DefaultedKeys<P>> & Required<Pick<T.Static<S>, DefaultedKeys<P> & keyof T.Static<S>>>>
    : T.Static<S>;

/** One of a fixed list of texts, as `{ type: 'string', enum }` (the form ajv and OpenAPI read best). */
export function StringEnum<const V extends readonly string[]>(values: V, options: { default?: V[number] } = {}) {
  return T.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A value or null, as one schema whose `type` lists both (`["number", "null"]`). Not a union of two
 * schemas: the server's validator coerces types (Fastify's default, wanted for query strings), and
 * in a union the first branch would coerce a null to 0 or "" before the null branch is tried — a
 * "no limit" would be saved as a limit of 0. With the types listed together, ajv coerces only when
 * the value is none of them, so null stays null. Keywords of the value (minimum, pattern…) do not
 * apply to null; an enumeration gets null added.
 */
export function Nullable<S extends T.TSchema>(schema: S) {
  const s = schema as unknown as { type?: unknown; enum?: unknown[] };
  if (typeof s.type !== 'string') return T.Union([schema, T.Null()]);
  return T.Unsafe<T.Static<S> | null>({
    ...(schema as object),
    type: [s.type, 'null'],
    ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}),
  });
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
