import path from 'node:path';
import { ConfigError, ENV_VARS, loadConfig } from '../src/config';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_URL,
  DEFAULT_MAP_TILE_URL,
} from '../src/config';
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
      SIMULATOR: '1',
      SIMULATOR_INTERVAL_S: '30',
      SIMULATOR_BACKFILL: '0',
      COMM_TIMEOUT_MIN: '90',
    });
    expect(c).toMatchObject({
      simulator: true,
      simulatorIntervalSec: 30,
      simulatorBackfill: false,
      commTimeoutMin: 90,
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
    { COMM_TIMEOUT_MIN: '-5' },
    { COMM_TIMEOUT_MIN: '1.5' },
    { SIMULATOR_BACKFILL: 'later' },
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
      'SIMULATOR',
      'SIMULATOR_INTERVAL_S',
      'SIMULATOR_BACKFILL',
      'COMM_TIMEOUT_MIN',
    ]) {
      expect(names).toContain(n);
    }
    for (const r of ['DASHBOARD', 'DEVICES', 'TASKS', 'ADMIN', 'ONBOARDING'])
      expect(names).toContain(`REMOTE_URL_${r}`);
  });
  it('reads the map tile URLs and attributions (defaults: OpenStreetMap and Esri World Imagery)', () => {
    expect(loadConfig({})).not.toHaveProperty('mapTileUrl');
    expect(DEFAULT_MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(DEFAULT_MAP_SATELLITE_URL).toMatch(/World_Imagery.*\{z\}\/\{y\}\/\{x\}$/);
    expect(DEFAULT_MAP_ATTRIBUTION).toMatch(/OpenStreetMap/);
    expect(DEFAULT_MAP_SATELLITE_ATTRIBUTION).toMatch(/Esri/);
    expect(
      loadConfig({
        MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Our tiles',
        MAP_SATELLITE_URL: 'none',
        MAP_SATELLITE_ATTRIBUTION: '© Sat',
      }),
    ).toMatchObject({ mapTileUrl: '/tiles/{z}/{x}/{y}.png', mapAttribution: '© Our tiles', mapSatelliteUrl: '', mapSatelliteAttribution: '© Sat' });
    for (const bad of ['ftp://x/{z}/{x}/{y}', 'https://tiles.example.com/{z}/{x}.png', 'tiles/{z}/{x}/{y}'])
      expect(() => loadConfig({ MAP_TILE_URL: bad })).toThrow(ConfigError);
    const names = ENV_VARS.map((v) => v.name);
    for (const n of ['MAP_TILE_URL', 'MAP_TILE_ATTRIBUTION', 'MAP_SATELLITE_URL', 'MAP_SATELLITE_ATTRIBUTION']) expect(names).toContain(n);
  });
});
