/**
 * The contract of browser and server: one TypeBox schema per request payload, the endpoint table,
 * and the form rules read from those schemas.
 *
 * Why TypeBox (and not yup run by the server): a TypeBox schema IS JSON Schema, so the one object
 * is at once Fastify's route validation (ajv, compiled, fast), the OpenAPI document at /api/docs
 * (@fastify/swagger reads route schemas as they are) and, through Static<>, the TypeScript type of
 * both sides. yup would need a second, hand-kept JSON schema for the docs and its own validator on
 * every route. The browser only needs TypeBox's small builders (imported one by one, so a remote
 * bundles a few KB) and reads its form rules from the schema itself (form.ts), without ajv.
 */
export * from './common';
export * from './form';
export * from './auth';
export * from './signin';
export * from './two-factor';
export * from './user';
export * from './registration';
export * from './dashboards';
export * from './devices';
export * from './alarms';
export * from './containers';
export * from './events';
export * from './tasks';
export * from './notify-mail';
export * from './notifications';
export * from './audit';
export * from './audit-query';
export * from './permissions';
export * from './organizations';
export * from './admin-users';
export * from './ownership';
export * from './usage';
export * from './onboarding';
export * from './onboarding-embed';
export * from './releases';
export * from './version';
export * from './legacy';
export * from './endpoints';
