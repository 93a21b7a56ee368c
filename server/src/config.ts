/** Server configuration from the environment. Every variable is listed in ENV_VARS (--help). */
import path from 'node:path';
import { DEFAULT_SERVER_PORT, REMOTE_NAMES, type RemoteName } from '@fieldwatch/shared';
import { DEFAULT_DATA_DIR, REPO_ROOT } from './paths';

export type CookieSecure = 'auto' | 'always' | 'never';

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder, or 'memory://'. Ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  /** Seed demo organisations, users and fleet into an empty database. */
  demo: boolean;
  /** Folder holding shell/dist and mf-<name>/dist. */
  staticRoot: string;
  /** Per-remote override of the mf-manifest.json URL in /remotes.json. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  cookieSecure: CookieSecure;
  /** Honour X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy: boolean;
  logLevel: string;
  /** Base URL of the HTTP weather provider (Open-Meteo's API shape); unset = no provider. */
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
}

export interface EnvVarDoc {
  name: string;
  description: string;
  default: string;
}

export const DEFAULT_WEATHER_TIMEOUT_MS = 3000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const ENV_VARS: readonly EnvVarDoc[] = [
  { name: 'PORT', default: String(DEFAULT_SERVER_PORT), description: 'TCP port to listen on' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to bind' },
  {
    name: 'DATA_DIR',
    default: path.relative(process.cwd(), DEFAULT_DATA_DIR) || DEFAULT_DATA_DIR,
    description: "Embedded PGlite data folder ('memory://' for a throw-away database)",
  },
  { name: 'DATABASE_URL', default: '(unset)', description: 'PostgreSQL connection string; replaces PGlite' },
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
    name: 'COOKIE_SECURE',
    default: 'auto',
    description: 'auto: Secure cookie when the request came over https; 1: always; 0: never',
  },
  { name: 'TRUST_PROXY', default: '0', description: '1: trust X-Forwarded-For/-Proto from a reverse proxy' },
  { name: 'LOG_LEVEL', default: 'info', description: LOG_LEVELS.join(', ') },
  {
    name: 'WEATHER_URL',
    default: '(unset: no weather)',
    description: "Base URL of an Open-Meteo-compatible weather API, e.g. https://api.open-meteo.com",
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
      'Demo simulator: writes one measurement per demo channel every SIMULATOR_INTERVAL_S through the ingestion path, and backfills a year of history for a unit when it is first charted',
  },
  { name: 'SIMULATOR_INTERVAL_S', default: '60', description: 'Seconds between simulator ticks (1-86400)' },
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

  const weatherUrl = env.WEATHER_URL ? httpUrl('WEATHER_URL', env.WEATHER_URL) : undefined;
  const nfcHost = env.NFC_HOST ? new URL(httpUrl('NFC_HOST', env.NFC_HOST)).origin : '';
  const weatherTimeoutMs = env.WEATHER_TIMEOUT_MS ? Number(env.WEATHER_TIMEOUT_MS) : DEFAULT_WEATHER_TIMEOUT_MS;
  if (!Number.isInteger(weatherTimeoutMs) || weatherTimeoutMs < 1 || weatherTimeoutMs > 60_000)
    throw new ConfigError(`WEATHER_TIMEOUT_MS must be 1-60000, got "${env.WEATHER_TIMEOUT_MS}"`);

  const simulatorIntervalSec = env.SIMULATOR_INTERVAL_S ? Number(env.SIMULATOR_INTERVAL_S) : undefined;
  if (simulatorIntervalSec !== undefined && (!Number.isInteger(simulatorIntervalSec) || simulatorIntervalSec < 1 || simulatorIntervalSec > 86_400))
    throw new ConfigError(`SIMULATOR_INTERVAL_S must be 1-86400, got "${env.SIMULATOR_INTERVAL_S}"`);

  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR ? resolveDataDir(env.DATA_DIR) : DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    demo: flag('DEMO', env.DEMO, env.NODE_ENV !== 'production'),
    staticRoot: path.resolve(env.STATIC_ROOT || REPO_ROOT),
    remoteUrls,
    cookieSecure,
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY, false),
    logLevel,
    // Optional keys only when set, so the defaults stay implicit (see their consumers).
    ...(weatherUrl ? { weatherUrl } : {}),
    ...(env.WEATHER_TIMEOUT_MS ? { weatherTimeoutMs } : {}),
    ...(nfcHost ? { nfcHost } : {}),
    ...(env.SIMULATOR ? { simulator: flag('SIMULATOR', env.SIMULATOR, true) } : {}),
    ...(simulatorIntervalSec !== undefined ? { simulatorIntervalSec } : {}),
  };
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

function resolveDataDir(value: string): string {
  return value === 'memory://' ? value : path.resolve(value);
}
