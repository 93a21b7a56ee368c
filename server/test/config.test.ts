import path from 'node:path';
import { ConfigError, ENV_VARS, loadConfig } from '../src/config';
import { DEFAULT_DATA_DIR, REPO_ROOT } from '../src/paths';

describe('config', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: DEFAULT_DATA_DIR,
      databaseUrl: undefined,
      demo: true,
      staticRoot: REPO_ROOT,
      remoteUrls: {},
      cookieSecure: 'auto',
      trustProxy: false,
      logLevel: 'info',
    });
    expect(DEFAULT_DATA_DIR).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: 'postgres://x@db/fw',
      DEMO: '0',
      STATIC_ROOT: '/srv/fw',
      REMOTE_URL_ONBOARDING: 'https://cdn.example.com/onboarding/mf-manifest.json',
      COOKIE_SECURE: '1',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: 'memory://',
      databaseUrl: 'postgres://x@db/fw',
      demo: false,
      staticRoot: '/srv/fw',
      remoteUrls: { onboarding: 'https://cdn.example.com/onboarding/mf-manifest.json' },
      cookieSecure: 'always',
      trustProxy: true,
      logLevel: 'warn',
    });
  });

  it('turns the demo off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true);
  });

  it.each([
    { PORT: 'abc' },
    { PORT: '70000' },
    { DEMO: 'maybe' },
    { LOG_LEVEL: 'loud' },
    { COOKIE_SECURE: 'sometimes' },
  ])('rejects %j with a clear message', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('documents every variable it reads (for --help)', () => {
    const names = ENV_VARS.map((v) => v.name);
    for (const n of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'DEMO',
      'STATIC_ROOT',
      'COOKIE_SECURE',
      'TRUST_PROXY',
      'LOG_LEVEL',
    ]) {
      expect(names).toContain(n);
    }
    for (const r of ['DASHBOARD', 'DEVICES', 'TASKS', 'ADMIN', 'ONBOARDING'])
      expect(names).toContain(`REMOTE_URL_${r}`);
  });
});
