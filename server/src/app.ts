/**
 * buildApp: the whole server as a Fastify instance (not yet listening). main.ts listens on it;
 * tests drive it with inject().
 */
import Fastify, { type FastifyInstance, type FastifySchema, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from './config';
import type { ServerContext } from './context';
import { openDatabase, type DbHandle } from './db/client';
import { installCompression } from './http/compression';
import { installErrorHandler } from './http/errors';
import { installSecurityHeaders } from './http/headers';
import { installOriginGuard } from './http/origin';
import { installPartnerCors } from './http/partner-cors';
import { installSecretCollector, loggerOptions } from './http/redact';
import { installInputGuard } from './http/input';
import adminPlugin from './modules/admin/plugin';
import auditPlugin from './modules/audit/plugin';
import alarmsPlugin from './modules/alarms/plugin';
import { installAuthGuard } from './modules/auth/guard';
import { installTwoFactorGuard } from './modules/two-factor/guard';
import twoFactorPlugin from './modules/two-factor/plugin';
import authPlugin from './modules/auth/plugin';
import configPlugin from './modules/config/plugin';
import containersPlugin from './modules/containers/plugin';
import dashboardsPlugin from './modules/dashboards/plugin';
import devicesPlugin from './modules/devices/plugin';
import docsPlugin from './modules/docs/plugin';
import eventsPlugin from './modules/events/plugin';
import fleetPlugin from './modules/fleet/plugin';
import healthPlugin from './modules/health/plugin';
import { MeasurementHooks } from './modules/ingestion/hooks';
import ingestionPlugin from './modules/ingestion/plugin';
import legacyPlugin from './modules/legacy/plugin';
import { LegacyRegistry } from './modules/legacy/registry';
import { createMailer } from './modules/mail/mailer';
import nfcPlugin from './modules/nfc/plugin';
import oidcPlugin from './modules/oidc/plugin';
import notificationsPlugin from './modules/notifications/plugin';
import onboardingPlugin from './modules/onboarding/plugin';
import ownershipPlugin from './modules/ownership/plugin';
import organizationsPlugin from './modules/organizations/plugin';
import parkingPlugin from './modules/parking/plugin';
import pushPlugin from './modules/push/plugin';
import releasesPlugin from './modules/releases/plugin';
import simulatorPlugin from './modules/simulator/plugin';
import tasksPlugin from './modules/tasks/plugin';
import staticPlugin from './modules/static/plugin';
import telemetryPlugin from './modules/telemetry/plugin';
import userPlugin from './modules/user/plugin';
import userDataPlugin from './modules/userdata/plugin';
import { installUsageCounter } from './modules/usage/counter';
import usagePlugin from './modules/usage/plugin';
import weatherPlugin from './modules/weather/plugin';
import { seedDemo } from './seed/seed';

export interface BuildAppOptions {
  config: Config;
  /**
   * An open database to use (tests share one per file). Without it the database of `config` is
   * opened, migrated, and closed with the app.
   */
  database?: DbHandle;
  /** Where the log goes instead of stdout (tests read it). Redacted either way (./http/redact). */
  logStream?: NodeJS.WritableStream;
}

/** JSON bodies of this API are small; anything bigger is a mistake or an attack. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How route schemas are applied (Fastify's defaults otherwise: query strings coerced, a repeated
 * key read as a list, defaults filled in). `removeAdditional: false`: where a schema says
 * `additionalProperties: false`, an unknown property is a 400 naming it. Fastify's default would
 * silently drop it and answer as if the request had been understood — a misspelt field would
 * look saved. Schemas that accept extra properties simply do not say `additionalProperties: false`.
 */
export const AJV_OPTIONS = { customOptions: { removeAdditional: false } } as const;

/** One route of the app as registered (HEAD twins of GET routes left out). */
export interface AppRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  public: boolean;
}
const routesByApp = new WeakMap<FastifyInstance, AppRoute[]>();
const contextByApp = new WeakMap<FastifyInstance, ServerContext>();

/** Every route of an app built by buildApp, in registration order (tests walk them all). */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  return routesByApp.get(app) ?? [];
}

/** The context an app built by buildApp gave its plugins (tests reach its registries). */
export function appContext(app: FastifyInstance): ServerContext {
  const ctx = contextByApp.get(app);
  if (!ctx) throw new Error('not an app built by buildApp');
  return ctx;
}

function recordRoute(list: AppRoute[], route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const m of methods) {
    const method = String(m).toUpperCase();
    if (method === 'HEAD') continue;
    list.push({ method, url: route.url, schema: route.schema, public: route.config?.public === true });
  }
}

export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    ajv: AJV_OPTIONS,
  });
  // First of all, so that it sees every route of every plugin.
  const routes: AppRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => recordRoute(routes, route));

  const handle = database ?? (await openDatabase(config));
  if (!database) app.addHook('onClose', async () => handle.close());
  try {
    if (config.demo) {
      const seeded = await seedDemo(handle.db);
      if (seeded.seeded) {
        app.log.info(
          { units: seeded.units, activeAlarms: seeded.activeAlarms, tasks: seeded.tasks },
          'demo data seeded',
        );
      }
    }
  } catch (err) {
    if (!database) await handle.close();
    throw err;
  }

  const ctx: ServerContext = {
    db: handle.db,
    config,
    mail: createMailer(config, app.log),
    legacy: new LegacyRegistry(),
    measurements: new MeasurementHooks(),
  };
  contextByApp.set(app, ctx);
  app.addHook('onClose', async () => ctx.mail.close());
  installErrorHandler(app);
  installInputGuard(app);
  installSecretCollector(app);
  await installSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  // Before any route: its onRoute hook gives every route after it compressed answers.
  await installCompression(app);
  // CORS for partner pages embedding the onboarding; its preflights are answered before any guard.
  installPartnerCors(app, config.partnerOrigins ?? []);
  // Before the session guard: a cross-site write never touches a session.
  installOriginGuard(app, config.publicOrigins ?? [], config.partnerOrigins ?? []);
  installAuthGuard(app, ctx);
  // A SuperUser whose organisation requires two-factor authentication: no admin writes without it.
  installTwoFactorGuard(app, ctx);
  // API calls per token for the usage statistics (after the answer; every route).
  installUsageCounter(app, ctx.db);
  // OpenAPI (/api/docs): first, so its onRoute hook sees every route added after it.
  await app.register(docsPlugin, ctx);

  // The domains. Each registers its routes, and its xrequest methods into ctx.legacy.
  await app.register(healthPlugin, ctx); // /api/health, /api/health/live, /api/health/ready
  await app.register(authPlugin, ctx); // login, logout, session, customer context
  await app.register(oidcPlugin, ctx); // BankID through OpenID Connect; the account selection's question
  await app.register(twoFactorPlugin, ctx); // two-factor authentication (TOTP): the sign-in's second step, the profile's settings
  await app.register(userPlugin, ctx); // profile, preferences, avatar, password, password reset
  await app.register(dashboardsPlugin, ctx); // the user's dashboards
  await app.register(devicesPlugin, ctx); // unit lists, details, settings, markers, relay, actions (commands), firmware, log, radar, channels
  await app.register(telemetryPlugin, ctx); // measurement series, latest values, CSV
  await app.register(ingestionPlugin, ctx); // device measurements in (API tokens)
  await app.register(simulatorPlugin, ctx); // the demo simulator (DEMO and SIMULATOR)
  await app.register(eventsPlugin, ctx); // events, notifications, tasks
  await app.register(tasksPlugin, ctx); // the task screens: search, CSV, detail, assignable users, files; the archive job
  await app.register(notificationsPlugin, ctx); // the notifications page: filtered list, unseen counts, mark seen
  await app.register(adminPlugin, ctx); // users and organisations
  await app.register(auditPlugin, ctx); // the audit log (admin area)
  await app.register(organizationsPlugin, ctx); // organisation settings (general, branding, accounts, security); branding for the shell
  await app.register(ownershipPlugin, ctx); // dashboard and workspace ownership (admin)
  await app.register(usagePlugin, ctx); // usage statistics (admin)
  await app.register(configPlugin, ctx); // what the browser needs of this deployment
  await app.register(nfcPlugin, ctx); // NFC tags of units
  await app.register(onboardingPlugin, ctx); // installing a unit from its tag
  await app.register(containersPlugin, ctx); // groups and locations
  await app.register(weatherPlugin, ctx); // weather forecasts
  await app.register(alarmsPlugin, ctx); // alarm types, lists, actions, limits; limit evaluation, watchdog
  await app.register(fleetPlugin, ctx); // fleet KPIs and the map
  await app.register(parkingPlugin, ctx); // parking occupancy reports
  await app.register(userDataPlugin, ctx); // the older API's user data (GetUserData, SetUserData, DeleteUserData)
  await app.register(pushPlugin, ctx); // live updates (server-sent events)
  await app.register(legacyPlugin, ctx); // /api/v1/xrequest/<Method>, dispatched to ctx.legacy
  await app.register(releasesPlugin, ctx); // remote releases: publish, switch, canary, roll back (the deploy key)
  await app.register(staticPlugin, ctx); // the front-end builds
  return app;
}
