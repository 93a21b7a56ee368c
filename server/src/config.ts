/** Server configuration from the environment. Every variable is listed in ENV_VARS (--help). */
import os from 'node:os';
import path from 'node:path';
import {
  AREA_LOAD_TIMEOUT_RANGE,
  DEFAULT_AREA_LOAD_TIMEOUT_MS,
  DEFAULT_SERVER_PORT,
  REMOTE_NAMES,
  type RemoteName,
} from '@fieldwatch/shared';
import { DEFAULT_DATA_DIR, DEFAULT_MAIL_DIR, DEFAULT_RELEASES_DIR, REPO_ROOT } from './paths';

export type CookieSecure = 'auto' | 'always' | 'never';

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder, or 'memory://'. Ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connect timeout (DB_CONNECT_TIMEOUT_MS); unset = DB_TIMEOUT_DEFAULTS.connectMs. */
  dbConnectTimeoutMs?: number;
  /** PostgreSQL statement_timeout (DB_STATEMENT_TIMEOUT_MS); unset = DB_TIMEOUT_DEFAULTS.statementMs. */
  dbStatementTimeoutMs?: number;
  /** PostgreSQL idle_in_transaction_session_timeout (DB_IDLE_TX_TIMEOUT_MS). */
  dbIdleInTransactionTimeoutMs?: number;
  /** Seed demo organisations, users and fleet into an empty database. */
  demo: boolean;
  /** Folder holding shell/dist and mf-<name>/dist. */
  staticRoot: string;
  /** Per-remote override of the mf-manifest.json URL in /remotes.json. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  /**
   * The deploy key (RELEASE_KEY) of the release command and the /api/v3/platform/remotes calls;
   * unset = releases are turned off (the remote map is the dist folders and REMOTE_URL_*).
   */
  releaseKey?: string;
  /** AREA_LOAD_TIMEOUT_MS: how long the shell lets an area's code load (sent with /remotes.json). */
  areaLoadTimeoutMs?: number;
  /** The release store (RELEASES_DIR): RELEASES_DIR/<remote>/<version>/ is served as /remotes/<remote>/<version>/. */
  releasesDir?: string;
  /** Other origins releases may be served from (REMOTE_ORIGINS, plus those of REMOTE_URL_*); the CSP allows them. */
  remoteOrigins?: string[];
  cookieSecure: CookieSecure;
  /** Honour X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * Origins our pages are served from (PUBLIC_ORIGIN): a state-changing request whose Origin or
   * Referer names another one is refused (src/http/origin.ts). Unset/empty = the request's own.
   */
  publicOrigins?: string[];
  /**
   * Partner origins (PARTNER_ORIGINS; the older name EMBED_ORIGINS still counts): they may frame the
   * onboarding page and embed the onboarding flow with /onboarding/embed.js (CORS on its calls). Unset = none.
   */
  partnerOrigins?: string[];
  logLevel: string;
  /**
   * Base URL of the HTTP weather provider (Open-Meteo's API shape); unset = no provider. From the
   * environment: WEATHER_URL unset = DEFAULT_WEATHER_URL, WEATHER_URL='' or 'off' = no provider.
   */
  weatherUrl?: string;
  /** How long a weather request may take before answering "Weather data missing". */
  weatherTimeoutMs?: number;
  /** Origin the browser asks for NFC tags ('' = this server), served at GET /api/v3/config. */
  nfcHost?: string;
  /**
   * Demo simulator (SIMULATOR): unset = on with DEMO except under jest (NODE_ENV=test); it writes
   * measurements every simulatorIntervalSec and backfills a unit's history when first charted.
   */
  simulator?: boolean;
  /** Seconds between simulator ticks (SIMULATOR_INTERVAL_S, default 60). */
  simulatorIntervalSec?: number;
  /** Backfill the demo fleet's history in the background (SIMULATOR_BACKFILL, default on). */
  simulatorBackfill?: boolean;
  /**
   * DEV_RELOAD (set by `npm run dev`): pages reload themselves when a front end's build changes
   * (modules/static/dev-reload.ts). Never in production.
   */
  devReload?: boolean;
  /**
   * DEV_STANDALONE=<remote> (set by `npm run dev -- <remote> --standalone`): every page is that
   * remote's standalone page (its dist's standalone.html: the area with its own sign-in, no shell).
   */
  devStandalone?: RemoteName;
  /**
   * Minutes without a measurement before a unit gets a communication error (COMM_TIMEOUT_MIN,
   * default DEFAULT_COMM_TIMEOUT_MIN; 0 = the watchdog is off). Off under jest unless set.
   */
  commTimeoutMin?: number;
  /**
   * Repeat notifications of alarms still new (active, not acknowledged) at each unit's alarm repeat
   * interval (ALARM_REPEAT, default on; the job looks once a minute). The tests turn it off and
   * drive the job with their own clock.
   */
  alarmRepeat?: boolean;
  /** Folder for task files (TASK_FILES_DIR); unset = the files are kept in the database (task_files.data). */
  taskFilesDir?: string;
  /** Largest task file in bytes (TASK_FILE_MAX_BYTES, default TASK_FILE_DEFAULT_MAX_BYTES = 10 MB). */
  taskFileMaxBytes?: number;
  /**
   * Days after their move to done that tasks are archived by the server (TASK_ARCHIVE_AFTER_DAYS,
   * default DEFAULT_TASK_ARCHIVE_DAYS; 0 = never). Off under jest unless set: tests drive the job.
   */
  taskArchiveAfterDays?: number;
  /** Street tile URL template ({z}/{x}/{y}) for the maps; '' = none (outlines only). Unset = DEFAULT_MAP_TILE_URL. */
  mapTileUrl?: string;
  /** Attribution shown under the street tiles. Unset = DEFAULT_MAP_ATTRIBUTION. */
  mapAttribution?: string;
  /** Satellite tile URL template; '' = none. Unset = DEFAULT_MAP_SATELLITE_URL. */
  mapSatelliteUrl?: string;
  /** Attribution shown under the satellite tiles. Unset = DEFAULT_MAP_SATELLITE_ATTRIBUTION. */
  mapSatelliteAttribution?: string;
  /**
   * MQTT broker the server takes measurements from (MQTT_URL, mqtt:// or mqtts://, credentials in
   * the URL); unset = no MQTT ingestion. Topics and payload: modules/ingestion/mqtt.ts.
   */
  mqttUrl?: string;
  /** First level of the measurement topics (MQTT_TOPIC_PREFIX): <prefix>/<organisation>/<unit>/points. */
  mqttTopicPrefix?: string;
  /** The server's MQTT client id (MQTT_CLIENT_ID): its persistent session at the broker. */
  mqttClientId?: string;
  /** SMTP server for outgoing mail (SMTP_URL, smtp:// or smtps://); unset = mail goes to mailDir. */
  smtpUrl?: string;
  /** Sender of outgoing mail (MAIL_FROM); unset = DEFAULT_MAIL_FROM. */
  mailFrom?: string;
  /**
   * Without smtpUrl: folder the messages are written to as .eml files (MAIL_DIR; loadConfig
   * defaults it to DEFAULT_MAIL_DIR). Unset as well (tests): the message is only logged, never kept.
   */
  mailDir?: string;
  /**
   * Mail digests of notifications to users who opted in (NOTIFY_MAIL; default on when SMTP_URL is
   * set, off otherwise). 1 without SMTP_URL files them in MAIL_DIR like every mail (the e2e tests).
   */
  notifyMail?: boolean;
  /** How often the digest job looks (NOTIFY_MAIL_TICK_MS, default 60000; tests use a second). */
  notifyMailTickMs?: number;
  /** BankID through an OpenID Connect provider (OIDC_*); unset = the BankID tab says it is not enabled. */
  oidc?: OidcConfig;
}

/** The OpenID Connect relying party's settings (server/src/modules/oidc). */
export interface OidcConfig {
  /** Issuer identifier (OIDC_ISSUER); its /.well-known/openid-configuration is read on first use. */
  issuer: string;
  clientId: string;
  /** OIDC_CLIENT_SECRET; unset = a public client (PKCE only). */
  clientSecret?: string;
  /** OIDC_REDIRECT_URL; unset = <the request's origin>/api/v3/auth/bankid/callback. */
  redirectUrl?: string;
  /** The claim holding the personal identity number (OIDC_PNR_CLAIM, default DEFAULT_OIDC_PNR_CLAIM). */
  pnrClaim: string;
  /** Scopes asked for (OIDC_SCOPE, default DEFAULT_OIDC_SCOPE). */
  scope: string;
}

export const DEFAULT_OIDC_PNR_CLAIM = 'personal_number';
export const DEFAULT_OIDC_SCOPE = 'openid email';

export interface EnvVarDoc {
  name: string;
  description: string;
  default: string;
}

export const DEFAULT_WEATHER_TIMEOUT_MS = 3000;
/**
 * The weather provider when WEATHER_URL is unset: Open-Meteo's free public API, which needs no key
 * (the server asks it, never the browser: no CSP entry). Past days there are `past_days` (spec §9:
 * five), so a connected installation shows weather with no configuration; offline the widget says
 * "Weather data missing" (spec §8).
 */
export const DEFAULT_WEATHER_URL = 'https://api.open-meteo.com';
/** WEATHER_URL values that turn the weather off. */
const WEATHER_OFF = new Set(['', 'off', 'none', 'false', '0']);
/**
 * PostgreSQL timeouts: a request whose database hangs gets its 503 within 10 s (connect, or one
 * statement), and a stalled transaction cannot hold its locks for long.
 */
export const DB_TIMEOUT_DEFAULTS = { connectMs: 5000, statementMs: 8000, idleInTransactionMs: 10_000 } as const;
/** Units report at least hourly; three missed hours is a communication error. */
export const DEFAULT_COMM_TIMEOUT_MIN = 180;
/** TASK_ARCHIVE_AFTER_DAYS when unset. */
export const DEFAULT_TASK_ARCHIVE_DAYS = 30;

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';
export const DEFAULT_MAP_SATELLITE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
export const DEFAULT_MAP_SATELLITE_ATTRIBUTION = 'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics';

export const DEFAULT_MAIL_FROM = 'Fieldwatch <no-reply@localhost>';

export const LOOPBACK_HOST = '127.0.0.1';
export const ALL_INTERFACES_HOST = '0.0.0.0';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const ENV_VARS: readonly EnvVarDoc[] = [
  { name: 'PORT', default: String(DEFAULT_SERVER_PORT), description: 'TCP port to listen on' },
  {
    name: 'HOST',
    default: `${LOOPBACK_HOST} with DEMO (its passwords are public), else ${ALL_INTERFACES_HOST}`,
    description: 'Interface to bind; 0.0.0.0 or :: with DEMO prints a warning',
  },
  {
    name: 'DATA_DIR',
    default: path.relative(process.cwd(), DEFAULT_DATA_DIR) || DEFAULT_DATA_DIR,
    description: "Embedded PGlite data folder ('memory://' for a throw-away database)",
  },
  { name: 'DATABASE_URL', default: '(unset)', description: 'PostgreSQL connection string; replaces PGlite' },
  {
    name: 'DB_CONNECT_TIMEOUT_MS',
    default: String(DB_TIMEOUT_DEFAULTS.connectMs),
    description: 'PostgreSQL: longest wait for a connection; then the request answers 503 (100-600000)',
  },
  {
    name: 'DB_STATEMENT_TIMEOUT_MS',
    default: String(DB_TIMEOUT_DEFAULTS.statementMs),
    description: 'PostgreSQL: statement_timeout; a slower statement is cancelled and the request answers 503 (100-600000)',
  },
  {
    name: 'DB_IDLE_TX_TIMEOUT_MS',
    default: String(DB_TIMEOUT_DEFAULTS.idleInTransactionMs),
    description: 'PostgreSQL: idle_in_transaction_session_timeout, ends a transaction left open by a stalled client (100-600000)',
  },
  {
    name: 'DEMO',
    default: '1 (0 when NODE_ENV=production)',
    description: 'Seed demo data into an empty database',
  },
  {
    name: 'STATIC_ROOT',
    default: 'the repository root',
    description: 'Folder containing shell/dist and mf-*/dist',
  },
  ...REMOTE_NAMES.map((name) => ({
    name: remoteUrlVar(name),
    default: `/remotes/${name}/mf-manifest.json`,
    description: `URL of the ${name} remote's mf-manifest.json in /remotes.json`,
  })),
  {
    name: 'AREA_LOAD_TIMEOUT_MS',
    default: String(DEFAULT_AREA_LOAD_TIMEOUT_MS),
    description: `How long the browser lets an area's code load (all files and retries) before the area says it is unavailable and offers a retry; other areas never wait for it (${AREA_LOAD_TIMEOUT_RANGE.min}-${AREA_LOAD_TIMEOUT_RANGE.max})`,
  },
  {
    name: 'RELEASE_KEY',
    default: '(unset: releases are turned off)',
    description:
      'Deploy key (at least 24 characters) of `npm run release` and the /api/v3/platform/remotes calls (Authorization: Bearer <key>), which publish, switch, canary and roll back remote versions; keep it secret',
  },
  {
    name: 'RELEASES_DIR',
    default: '.data/releases',
    description: 'Release store: RELEASES_DIR/<remote>/<version>/ is served as /remotes/<remote>/<version>/ (immutable)',
  },
  {
    name: 'REMOTE_ORIGINS',
    default: '(unset: only the origins of REMOTE_URL_*)',
    description:
      'Comma-separated origins (e.g. https://cdn.example.com) a released remote may be served from; the Content-Security-Policy allows exactly these',
  },
  {
    name: 'COOKIE_SECURE',
    default: 'auto',
    description: 'auto: Secure cookie when the request came over https; 1: always; 0: never',
  },
  { name: 'TRUST_PROXY', default: '0', description: '1: trust X-Forwarded-For/-Proto from a reverse proxy' },
  {
    name: 'PUBLIC_ORIGIN',
    default: "(unset: the request's own protocol and Host)",
    description:
      'Comma-separated origins the app is served from (e.g. https://fieldwatch.example.com); a write whose Origin/Referer names another origin is refused with 403',
  },
  {
    name: 'PARTNER_ORIGINS',
    default: '(unset: no partner site may embed the onboarding)',
    description:
      'Comma-separated partner origins (e.g. https://shop.example.com) that may embed the onboarding flow with /onboarding/embed.js (its calls answer CORS for them) or frame /onboarding; see docs/partners.md. EMBED_ORIGINS is read as an older name of it',
  },
  { name: 'LOG_LEVEL', default: 'info', description: LOG_LEVELS.join(', ') },
  {
    name: 'WEATHER_URL',
    default: DEFAULT_WEATHER_URL,
    description:
      "Base URL of an Open-Meteo-compatible weather API (the default is Open-Meteo's free public API, no key needed); off (or empty) = no weather",
  },
  {
    name: 'WEATHER_TIMEOUT_MS',
    default: String(DEFAULT_WEATHER_TIMEOUT_MS),
    description: 'Weather provider timeout; slower answers give "Weather data missing"',
  },
  {
    name: 'NFC_HOST',
    default: '(unset: this server)',
    description: 'Origin of the NFC tag service the browser asks ({host}/api/v1/nfc/tag)',
  },
  {
    name: 'SIMULATOR',
    default: '1 with DEMO (0 under tests)',
    description:
      'Demo simulator: writes one measurement per demo channel every SIMULATOR_INTERVAL_S through the ingestion path (limit, battery and communication-error alarms follow from it), and backfills a year of history for a unit when it is first charted',
  },
  {
    name: 'DEV_RELOAD',
    default: '0 (1 under npm run dev)',
    description:
      "Development only: every page reloads itself when a front end's build in its dist folder changes (npm run dev sets it)",
  },
  {
    name: 'DEV_STANDALONE',
    default: '(unset: the shell)',
    description:
      "Development only: a remote's name (e.g. tasks); every page is that remote's standalone page — the area with its own sign-in and no shell (npm run dev -- tasks --standalone sets it)",
  },
  {
    name: 'SIMULATOR_BACKFILL',
    default: '1',
    description:
      "With the simulator: backfill every demo unit's year of history in the background after start (parking sensors first, a few minutes on PGlite); 0 leaves it to each unit's first chart",
  },
  { name: 'SIMULATOR_INTERVAL_S', default: '60', description: 'Seconds between simulator ticks (1-86400)' },
  {
    name: 'COMM_TIMEOUT_MIN',
    default: String(DEFAULT_COMM_TIMEOUT_MIN),
    description:
      'Minutes without a measurement before a unit raises a communication error (alarm 19), checked every 5 minutes; 0 turns the watchdog off (0-43200)',
  },
  {
    name: 'ALARM_REPEAT',
    default: '1',
    description:
      "Repeat the notifications of alarms still new (active, not acknowledged) at each unit's alarm repeat interval, checked once a minute; 0 turns it off",
  },
  {
    name: 'TASK_FILES_DIR',
    default: '(unset: in the database)',
    description: 'Folder where files attached to tasks are stored; unset keeps them in the database',
  },
  {
    name: 'TASK_FILE_MAX_BYTES',
    default: '10485760',
    description: 'Largest file that can be attached to a task, in bytes (1024-1073741824); larger uploads answer 413',
  },
  {
    name: 'TASK_ARCHIVE_AFTER_DAYS',
    default: String(DEFAULT_TASK_ARCHIVE_DAYS),
    description: 'Done tasks move to the archive this many days after they were set to done, checked at start and hourly; 0 turns it off (0-3650)',
  },
  {
    name: 'MAP_TILE_URL',
    default: DEFAULT_MAP_TILE_URL,
    description:
      "Street map tile URL template ({z}, {x}, {y}; http(s) or a path on this server); 'none' = no tiles, the maps show the bundled country outlines",
  },
  { name: 'MAP_TILE_ATTRIBUTION', default: DEFAULT_MAP_ATTRIBUTION, description: 'Attribution text of the street tiles' },
  {
    name: 'MAP_SATELLITE_URL',
    default: DEFAULT_MAP_SATELLITE_URL,
    description: "Satellite tile URL template for the maps' Satellite layer; 'none' = no satellite layer",
  },
  {
    name: 'MAP_SATELLITE_ATTRIBUTION',
    default: DEFAULT_MAP_SATELLITE_ATTRIBUTION,
    description: 'Attribution text of the satellite tiles',
  },
  {
    name: 'MQTT_URL',
    default: '(unset: no MQTT ingestion)',
    description:
      'MQTT broker to take measurements from (mqtt://[user:password@]host[:port] or mqtts://…): the server subscribes to <prefix>/<organisation id>/<unit id>/points with QoS 1 and acknowledges a message only once its points are stored',
  },
  {
    name: 'MQTT_TOPIC_PREFIX',
    default: 'fieldwatch',
    description: 'First level of the measurement topics (letters, digits, - and _)',
  },
  {
    name: 'MQTT_CLIENT_ID',
    default: 'fieldwatch-<host name>',
    description:
      "The server's MQTT client id: its persistent session, so messages published while it was down arrive when it is back; replicas need one each (they share the topics: each message goes to one of them)",
  },
  {
    name: 'SMTP_URL',
    default: '(unset: mail is written to MAIL_DIR)',
    description: 'SMTP server for outgoing mail (password links, notification digests), e.g. smtp://mail.example:25 or smtps://user:pass@mail.example',
  },
  { name: 'MAIL_FROM', default: DEFAULT_MAIL_FROM, description: 'Sender address of outgoing mail' },
  {
    name: 'MAIL_DIR',
    default: path.relative(process.cwd(), DEFAULT_MAIL_DIR) || DEFAULT_MAIL_DIR,
    description: 'Without SMTP_URL: folder where each outgoing message is written as an .eml file (one log line names it)',
  },
  {
    name: 'NOTIFY_MAIL',
    default: '1 with SMTP_URL, else 0',
    description:
      "E-mail notifications: mail each opted-in user one digest of his new notifications at most every N minutes (his profile's choice); 1 without SMTP_URL writes them to MAIL_DIR",
  },
  {
    name: 'NOTIFY_MAIL_TICK_MS',
    default: '60000',
    description: 'How often the e-mail notification job looks for digests due (1000-3600000)',
  },
  {
    name: 'OIDC_ISSUER',
    default: '(unset: BankID is off)',
    description:
      "BankID through OpenID Connect: the issuer URL of the BankID broker or OpenID provider (https; http only for a provider on this machine). With OIDC_CLIENT_ID it enables the login page's BankID tab",
  },
  { name: 'OIDC_CLIENT_ID', default: '(unset)', description: "Fieldwatch's client id at the OpenID provider" },
  {
    name: 'OIDC_CLIENT_SECRET',
    default: '(unset: public client, PKCE only)',
    description: "Fieldwatch's client secret at the OpenID provider (client_secret_basic)",
  },
  {
    name: 'OIDC_REDIRECT_URL',
    default: '(unset: <origin>/api/v3/auth/bankid/callback)',
    description: 'The redirect URL registered at the provider; unset derives it from the address the browser used',
  },
  {
    name: 'OIDC_PNR_CLAIM',
    default: 'personal_number',
    description:
      "The ID token or userinfo claim holding the personal identity number (e.g. ssn), matched against the users' linked numbers; without a match a verified e-mail claim is matched against the users' e-mail",
  },
  { name: 'OIDC_SCOPE', default: 'openid email', description: 'Scopes asked of the OpenID provider (space-separated, must include openid)' },
  { name: 'NODE_ENV', default: '(unset)', description: 'production switches DEMO off by default' },
];

export class ConfigError extends Error {}

export function remoteUrlVar(name: RemoteName): string {
  return `REMOTE_URL_${name.toUpperCase()}`;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT ? Number(env.PORT) : DEFAULT_SERVER_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0-65535, got "${env.PORT}"`);

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const secure = (env.COOKIE_SECURE || 'auto').toLowerCase();
  let cookieSecure: CookieSecure;
  if (secure === 'auto') cookieSecure = 'auto';
  else cookieSecure = flag('COOKIE_SECURE', secure, false) ? 'always' : 'never';

  const remoteUrls: Config['remoteUrls'] = {};
  for (const name of REMOTE_NAMES) {
    const url = env[remoteUrlVar(name)];
    if (url) remoteUrls[name] = url;
  }

  const areaLoadTimeoutMs = env.AREA_LOAD_TIMEOUT_MS ? Number(env.AREA_LOAD_TIMEOUT_MS) : undefined;
  if (
    areaLoadTimeoutMs !== undefined &&
    (!Number.isInteger(areaLoadTimeoutMs) || areaLoadTimeoutMs < AREA_LOAD_TIMEOUT_RANGE.min || areaLoadTimeoutMs > AREA_LOAD_TIMEOUT_RANGE.max)
  )
    throw new ConfigError(
      `AREA_LOAD_TIMEOUT_MS must be ${AREA_LOAD_TIMEOUT_RANGE.min}-${AREA_LOAD_TIMEOUT_RANGE.max} (milliseconds), got "${env.AREA_LOAD_TIMEOUT_MS}"`,
    );
  const releaseKey = env.RELEASE_KEY?.trim() || undefined;
  if (releaseKey !== undefined && (releaseKey.length < 24 || /\s/.test(releaseKey)))
    throw new ConfigError('RELEASE_KEY must be at least 24 characters without spaces (e.g. openssl rand -hex 24)');
  const remoteOrigins = [
    ...new Set([
      ...originList('REMOTE_ORIGINS', env.REMOTE_ORIGINS),
      ...Object.values(remoteUrls).flatMap((u) => (/^https?:\/\//i.test(u) ? [new URL(u).origin] : [])),
    ]),
  ];

  const weatherEnv = env.WEATHER_URL?.trim();
  const weatherUrl =
    weatherEnv === undefined
      ? DEFAULT_WEATHER_URL
      : WEATHER_OFF.has(weatherEnv.toLowerCase())
        ? undefined
        : httpUrl('WEATHER_URL', weatherEnv);
  const nfcHost = env.NFC_HOST ? new URL(httpUrl('NFC_HOST', env.NFC_HOST)).origin : '';
  const dbConnectTimeoutMs = millis(env, 'DB_CONNECT_TIMEOUT_MS');
  const dbStatementTimeoutMs = millis(env, 'DB_STATEMENT_TIMEOUT_MS');
  const dbIdleInTransactionTimeoutMs = millis(env, 'DB_IDLE_TX_TIMEOUT_MS');
  const weatherTimeoutMs = env.WEATHER_TIMEOUT_MS ? Number(env.WEATHER_TIMEOUT_MS) : DEFAULT_WEATHER_TIMEOUT_MS;
  if (!Number.isInteger(weatherTimeoutMs) || weatherTimeoutMs < 1 || weatherTimeoutMs > 60_000)
    throw new ConfigError(`WEATHER_TIMEOUT_MS must be 1-60000, got "${env.WEATHER_TIMEOUT_MS}"`);

  const simulatorIntervalSec = env.SIMULATOR_INTERVAL_S ? Number(env.SIMULATOR_INTERVAL_S) : undefined;
  if (simulatorIntervalSec !== undefined && (!Number.isInteger(simulatorIntervalSec) || simulatorIntervalSec < 1 || simulatorIntervalSec > 86_400))
    throw new ConfigError(`SIMULATOR_INTERVAL_S must be 1-86400, got "${env.SIMULATOR_INTERVAL_S}"`);

  const commTimeoutMin = env.COMM_TIMEOUT_MIN ? Number(env.COMM_TIMEOUT_MIN) : undefined;
  if (commTimeoutMin !== undefined && (!Number.isInteger(commTimeoutMin) || commTimeoutMin < 0 || commTimeoutMin > 43_200))
    throw new ConfigError(`COMM_TIMEOUT_MIN must be 0-43200, got "${env.COMM_TIMEOUT_MIN}"`);

  const taskFileMaxBytes = env.TASK_FILE_MAX_BYTES ? Number(env.TASK_FILE_MAX_BYTES) : undefined;
  if (taskFileMaxBytes !== undefined && (!Number.isInteger(taskFileMaxBytes) || taskFileMaxBytes < 1024 || taskFileMaxBytes > 1_073_741_824))
    throw new ConfigError(`TASK_FILE_MAX_BYTES must be 1024-1073741824 (bytes), got "${env.TASK_FILE_MAX_BYTES}"`);
  const taskArchiveAfterDays = env.TASK_ARCHIVE_AFTER_DAYS ? Number(env.TASK_ARCHIVE_AFTER_DAYS) : undefined;
  if (taskArchiveAfterDays !== undefined && (!Number.isInteger(taskArchiveAfterDays) || taskArchiveAfterDays < 0 || taskArchiveAfterDays > 3650))
    throw new ConfigError(`TASK_ARCHIVE_AFTER_DAYS must be 0-3650 (days), got "${env.TASK_ARCHIVE_AFTER_DAYS}"`);

  const mapTileUrl = env.MAP_TILE_URL ? tileTemplate('MAP_TILE_URL', env.MAP_TILE_URL) : undefined;
  const mapSatelliteUrl = env.MAP_SATELLITE_URL ? tileTemplate('MAP_SATELLITE_URL', env.MAP_SATELLITE_URL) : undefined;

  const demo = flag('DEMO', env.DEMO, env.NODE_ENV !== 'production');
  const publicOrigins = originList('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN);
  const partnerOrigins = [
    ...new Set([...originList('PARTNER_ORIGINS', env.PARTNER_ORIGINS), ...originList('EMBED_ORIGINS', env.EMBED_ORIGINS)]),
  ];

  const smtpUrl = env.SMTP_URL ? smtpServerUrl(env.SMTP_URL) : undefined;
  const mqttUrl = env.MQTT_URL ? mqttServerUrl(env.MQTT_URL) : undefined;
  const mqttTopicPrefix = env.MQTT_TOPIC_PREFIX?.trim() || 'fieldwatch';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mqttTopicPrefix))
    throw new ConfigError(`MQTT_TOPIC_PREFIX must be 1-64 letters, digits, - or _, got "${env.MQTT_TOPIC_PREFIX}"`);
  const mqttClientId = env.MQTT_CLIENT_ID?.trim() || `fieldwatch-${os.hostname()}`.slice(0, 64);
  const notifyMailTickMs = env.NOTIFY_MAIL_TICK_MS ? Number(env.NOTIFY_MAIL_TICK_MS) : undefined;
  if (notifyMailTickMs !== undefined && (!Number.isInteger(notifyMailTickMs) || notifyMailTickMs < 1000 || notifyMailTickMs > 3_600_000))
    throw new ConfigError(`NOTIFY_MAIL_TICK_MS must be 1000-3600000, got "${env.NOTIFY_MAIL_TICK_MS}"`);
  const mailFrom = env.MAIL_FROM ? mailAddress(env.MAIL_FROM) : undefined;
  const oidc = oidcConfig(env);

  return {
    port,
    // Demo users have published passwords: reachable from this machine only unless HOST says so.
    host: env.HOST || (demo ? LOOPBACK_HOST : ALL_INTERFACES_HOST),
    dataDir: env.DATA_DIR ? resolveDataDir(env.DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL ? postgresUrl(env.DATABASE_URL) : undefined,
    ...(dbConnectTimeoutMs !== undefined ? { dbConnectTimeoutMs } : {}),
    ...(dbStatementTimeoutMs !== undefined ? { dbStatementTimeoutMs } : {}),
    ...(dbIdleInTransactionTimeoutMs !== undefined ? { dbIdleInTransactionTimeoutMs } : {}),
    demo,
    staticRoot: path.resolve(env.STATIC_ROOT || REPO_ROOT),
    remoteUrls,
    ...(releaseKey ? { releaseKey } : {}),
    ...(areaLoadTimeoutMs !== undefined ? { areaLoadTimeoutMs } : {}),
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : DEFAULT_RELEASES_DIR,
    remoteOrigins,
    ...(mqttUrl ? { mqttUrl, mqttTopicPrefix, mqttClientId } : {}),
    cookieSecure,
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY, false),
    ...(publicOrigins.length ? { publicOrigins } : {}),
    ...(partnerOrigins.length ? { partnerOrigins } : {}),
    logLevel,
    // Optional keys only when set, so the defaults stay implicit (see their consumers).
    ...(weatherUrl ? { weatherUrl } : {}),
    ...(env.WEATHER_TIMEOUT_MS ? { weatherTimeoutMs } : {}),
    ...(nfcHost ? { nfcHost } : {}),
    ...(env.SIMULATOR ? { simulator: flag('SIMULATOR', env.SIMULATOR, true) } : {}),
    ...(simulatorIntervalSec !== undefined ? { simulatorIntervalSec } : {}),
    ...(env.SIMULATOR_BACKFILL ? { simulatorBackfill: flag('SIMULATOR_BACKFILL', env.SIMULATOR_BACKFILL, true) } : {}),
    ...(env.DEV_RELOAD && flag('DEV_RELOAD', env.DEV_RELOAD, false) ? { devReload: true } : {}),
    ...(env.DEV_STANDALONE ? { devStandalone: remoteName('DEV_STANDALONE', env.DEV_STANDALONE) } : {}),
    ...(commTimeoutMin !== undefined ? { commTimeoutMin } : {}),
    ...(env.ALARM_REPEAT ? { alarmRepeat: flag('ALARM_REPEAT', env.ALARM_REPEAT, true) } : {}),
    ...(env.TASK_FILES_DIR ? { taskFilesDir: path.resolve(env.TASK_FILES_DIR) } : {}),
    ...(taskFileMaxBytes !== undefined ? { taskFileMaxBytes } : {}),
    ...(taskArchiveAfterDays !== undefined ? { taskArchiveAfterDays } : {}),
    ...(mapTileUrl !== undefined ? { mapTileUrl } : {}),
    ...(env.MAP_TILE_ATTRIBUTION ? { mapAttribution: env.MAP_TILE_ATTRIBUTION } : {}),
    ...(mapSatelliteUrl !== undefined ? { mapSatelliteUrl } : {}),
    ...(env.MAP_SATELLITE_ATTRIBUTION ? { mapSatelliteAttribution: env.MAP_SATELLITE_ATTRIBUTION } : {}),
    ...(smtpUrl ? { smtpUrl } : {}),
    ...(mailFrom ? { mailFrom } : {}),
    mailDir: env.MAIL_DIR ? path.resolve(env.MAIL_DIR) : DEFAULT_MAIL_DIR,
    ...(env.NOTIFY_MAIL ? { notifyMail: flag('NOTIFY_MAIL', env.NOTIFY_MAIL, Boolean(smtpUrl)) } : {}),
    ...(notifyMailTickMs !== undefined ? { notifyMailTickMs } : {}),
    ...(oidc ? { oidc } : {}),
  };
}

/** OIDC_*: all or nothing — an issuer without a client id (or the reverse) is a mistake, said at start. */
function oidcConfig(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId } = env;
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) throw new ConfigError('OIDC_ISSUER and OIDC_CLIENT_ID go together: set both to enable BankID, or neither');
  let url: URL | undefined;
  try {
    url = new URL(issuer);
  } catch {
    url = undefined;
  }
  const loopback = url && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]');
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)))
    throw new ConfigError(`OIDC_ISSUER must be an https:// URL (http:// only on this machine), got "${issuer}"`);
  const redirectUrl = env.OIDC_REDIRECT_URL ? httpUrl('OIDC_REDIRECT_URL', env.OIDC_REDIRECT_URL) : undefined;
  const scope = (env.OIDC_SCOPE || DEFAULT_OIDC_SCOPE).trim().split(/\s+/);
  if (!scope.includes('openid')) throw new ConfigError(`OIDC_SCOPE must include openid, got "${env.OIDC_SCOPE}"`);
  const pnrClaim = env.OIDC_PNR_CLAIM || DEFAULT_OIDC_PNR_CLAIM;
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(pnrClaim)) throw new ConfigError(`OIDC_PNR_CLAIM must be a claim name, got "${pnrClaim}"`);
  return {
    issuer,
    clientId,
    ...(env.OIDC_CLIENT_SECRET ? { clientSecret: env.OIDC_CLIENT_SECRET } : {}),
    ...(redirectUrl ? { redirectUrl } : {}),
    pnrClaim,
    scope: scope.join(' '),
  };
}

/** An smtp:// or smtps:// URL. The error never repeats the value: it may hold a password. */
function smtpServerUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new ConfigError('SMTP_URL must be smtp://host[:port] or smtps://[user:password@]host[:port]');
  return value;
}

function remoteName(variable: string, value: string): RemoteName {
  const name = value.trim().replace(/^mf-/, '');
  if (!(REMOTE_NAMES as readonly string[]).includes(name))
    throw new ConfigError(`${variable} must be one of ${REMOTE_NAMES.join(', ')}, got "${value}"`);
  return name as RemoteName;
}

/** An mqtt:// or mqtts:// URL. The error never repeats the value: it may hold a password. */
function mqttServerUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') || !url.hostname)
    throw new ConfigError('MQTT_URL must be mqtt://[user:password@]host[:port] or mqtts://…');
  return value;
}

/** "Name <address>" or a bare address. */
function mailAddress(value: string): string {
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value.trim()))
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", got "${value}"`);
  return value.trim();
}

/** DATABASE_URL: a postgres:// or postgresql:// URL (the message never repeats it: it may hold a password). */
function postgresUrl(value: string): string {
  let ok = false;
  try {
    const url = new URL(value);
    // An empty host is fine: postgres:///db?host=/var/run/postgresql (a Unix socket).
    ok = url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    ok = false;
  }
  if (!ok) throw new ConfigError('DATABASE_URL must be a postgres://user[:password]@host[:port]/database URL');
  return value;
}

/** A database timeout variable: unset = undefined (the default applies), else 100-600000 ms. */
function millis(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 100 || n > 600_000) throw new ConfigError(`${name} must be 100-600000 (milliseconds), got "${raw}"`);
  return n;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** A comma-separated list of http(s) origins (scheme://host[:port], nothing after), lower-cased. */
function originList(name: string, value: string | undefined): string[] {
  const items = (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  return items.map((item) => {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    const bare = item.replace(/\/+$/, '').toLowerCase();
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== bare)
      throw new ConfigError(`${name} must be comma-separated origins like https://fieldwatch.example.com, got "${item}"`);
    return url.origin;
  });
}

/** Whether binding `host` exposes the server beyond this machine (all interfaces). */
export function isAllInterfaces(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** A tile URL template: http(s) or an absolute path, with {z}, {x} and {y}; 'none' = '' (no tiles). */
function tileTemplate(name: string, value: string): string {
  if (/^none$/i.test(value)) return '';
  const ok =
    (/^https?:\/\/[^/\s]+/i.test(value) || /^\/[^/\s]/.test(value)) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  if (!ok) throw new ConfigError(`${name} must be an http(s) URL or /path with {z}, {x} and {y}, or none, got "${value}"`);
  return value;
}

function resolveDataDir(value: string): string {
  return value === 'memory://' ? value : path.resolve(value);
}
