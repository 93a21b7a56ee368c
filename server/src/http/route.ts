/**
 * route(app, ENDPOINTS.x, handler): registers one entry of the shared endpoint table — its method,
 * path and schema, and `public` as the route's config — and types the handler's request (params,
 * query, body) from that same schema. So a route names its endpoint once, and nothing written by
 * hand can disagree with what Fastify validates: not the method or path, not the public flag, not
 * a `<{ Body: … }>` generic that once matched the schema and later did not.
 *
 * Why a helper and not `app.withTypeProvider<ContractTypeProvider>().post(ENDPOINTS.x.path,
 * { schema: ENDPOINTS.x.schema, config: { public: true } }, …)` in each plugin: that still writes
 * the method, the path, the schema and the public flag beside each other by hand for each of the
 * ~80 routes; the table already holds all four. The contract test checks them after the fact; the
 * helper makes a mismatch impossible to write.
 *
 * Types only: validation stays with Fastify's own ajv and its options (AJV_OPTIONS in ../app.ts;
 * coercion is why Nullable() in shared/src/contract/common.ts is one schema with two types).
 * TypeBox schemas are plain JSON schemas, so ajv and the types read the same object.
 *
 * The type provider is ContractTypeProvider below, not @fastify/type-provider-typebox's: that one
 * types a request by Static<> — what a caller sends — so a property with a default (WithDefault)
 * came out optional although ajv (useDefaults) always fills it in. Received<> is what the handler
 * gets. (Its validator compiler is not wanted either: it would replace ajv and its options.)
 *
 * The inferred types are what the schema lets through. A `Json<V>()` schema checks loosely (e.g.
 * "an object") and carries the type V of what the domain accepts: there the handler gets V while
 * the content is still unchecked, and must pass it to the domain rules that check it.
 */
import type { Endpoint, HttpMethod, Received, RouteSchemas } from '@fieldwatch/shared';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { Static, TSchema } from 'typebox';

/** Types a route's request parts by Received<schema>, its reply by Static<schema>. */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Received<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/**
 * The schemas that type a handler. Not `response`: a response schema documents (and serialises)
 * some statuses — createContainer's 409 — not every answer, and typing the reply by it would allow
 * no other status. What an endpoint answers is its `answer` type.
 */
type RequestSchemas<S extends RouteSchemas> = Omit<S, 'response'>;

/** The handler of a route with schemas S: its request typed by them. */
export type SchemaHandler<S extends RouteSchemas> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RequestSchemas<S>,
  ContractTypeProvider
>;
/** The handler of an endpoint (for a handler written apart from its route() call). */
export type EndpointHandler<E extends Endpoint> = SchemaHandler<E['schema']>;

/** The request of an endpoint (for a function a handler hands its request to). */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RequestSchemas<E['schema']>,
  ContractTypeProvider
>;

/** Route options the table does not hold (bodyLimit, errorHandler…); schema and config come from it. */
export type RouteExtras<S extends RouteSchemas> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RequestSchemas<S>,
    ContractTypeProvider
  >,
  'schema' | 'config'
>;

type AnyEndpoint<S extends RouteSchemas> = Endpoint<HttpMethod, string, S, unknown>;

export function route<S extends RouteSchemas>(
  app: FastifyInstance,
  endpoint: AnyEndpoint<S>,
  handler: SchemaHandler<NoInfer<S>>,
): void;
export function route<S extends RouteSchemas>(
  app: FastifyInstance,
  endpoint: AnyEndpoint<S>,
  options: RouteExtras<NoInfer<S>>,
  handler: SchemaHandler<NoInfer<S>>,
): void;
export function route<S extends RouteSchemas>(
  app: FastifyInstance,
  endpoint: AnyEndpoint<S>,
  ...rest: [SchemaHandler<S>] | [RouteExtras<S>, SchemaHandler<S>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  app
    .withTypeProvider<ContractTypeProvider>()
    .route<RouteGenericInterface, ContextConfigDefault, RequestSchemas<S>>({
      ...options,
      method: endpoint.method,
      url: endpoint.path,
      // An endpoint without schemas registers none (the contract test checks the very object).
      ...(Object.keys(endpoint.schema).length > 0 ? { schema: endpoint.schema } : {}),
      ...(endpoint.public ? { config: { public: true } } : {}),
      handler,
    });
}
