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
}

export interface EnvVarDoc {
  name: string;
  description: string;
  default: string;
}

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
  };
}

function resolveDataDir(value: string): string {
  return value === 'memory://' ? value : path.resolve(value);
}
