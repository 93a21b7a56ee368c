import path from 'node:path';
import { ConfigError, DB_TIMEOUT_DEFAULTS, ENV_VARS, loadConfig } from '../src/config';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_URL,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_WEATHER_URL,
} from '../src/config';
import { DEFAULT_DATA_DIR, DEFAULT_MAIL_DIR, DEFAULT_RELEASES_DIR, REPO_ROOT } from '../src/paths';

describe('config', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1', // demo data (public passwords): this machine only
      dataDir: DEFAULT_DATA_DIR,
      databaseUrl: undefined,
      demo: true,
      staticRoot: REPO_ROOT,
      remoteUrls: {},
      releasesDir: DEFAULT_RELEASES_DIR,
      remoteOrigins: [],
      cookieSecure: 'auto',
      trustProxy: false,
      logLevel: 'info',
      mailDir: DEFAULT_MAIL_DIR,
      // Weather by default (issue 20 §6): Open-Meteo's free public API, no key.
      weatherUrl: DEFAULT_WEATHER_URL,
    });
    expect(DEFAULT_WEATHER_URL).toBe('https://api.open-meteo.com');
    expect(DEFAULT_DATA_DIR).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
    expect(DEFAULT_MAIL_DIR).toBe(path.join(REPO_ROOT, '.data', 'mail'));
  });

  it('weather: the default provider unless WEATHER_URL names another or turns it off', () => {
    expect(loadConfig({}).weatherUrl).toBe(DEFAULT_WEATHER_URL);
    expect(loadConfig({ WEATHER_URL: 'http://127.0.0.1:9/' }).weatherUrl).toBe('http://127.0.0.1:9');
    for (const off of ['', 'off', 'OFF', ' none ']) expect(loadConfig({ WEATHER_URL: off }).weatherUrl).toBeUndefined();
    expect(() => loadConfig({ WEATHER_URL: 'ftp://x.example' })).toThrow(/WEATHER_URL must be an http/);
    expect(ENV_VARS.find((v) => v.name === 'WEATHER_URL')?.default).toBe(DEFAULT_WEATHER_URL);
  });

  it('reads the mail settings and refuses bad ones without repeating a password', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Ops <ops@x.example>', MAIL_DIR: '/tmp/m' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example:465',
      mailFrom: 'Ops <ops@x.example>',
      mailDir: '/tmp/m',
    });
    for (const url of ['http://u:secret@mail.example', 'smtp://', 'not a url secret'])
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(/^SMTP_URL must be smtp:\/\/host/);
    try {
      loadConfig({ SMTP_URL: 'http://u:secret@mail.example' });
    } catch (err) {
      expect(String(err)).not.toContain('secret');
    }
    expect(() => loadConfig({ MAIL_FROM: 'no address' })).toThrow(ConfigError);
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'MAIL_DIR']) expect(ENV_VARS.map((v) => v.name)).toContain(name);
  });

  it('reads the MQTT settings and refuses bad ones without repeating a password', () => {
    expect(loadConfig({})).not.toHaveProperty('mqttUrl');
    expect(loadConfig({ MQTT_URL: 'mqtt://dev:secret@broker.example:1883' })).toMatchObject({
      mqttUrl: 'mqtt://dev:secret@broker.example:1883',
      mqttTopicPrefix: 'fieldwatch',
      mqttClientId: expect.stringMatching(/^fieldwatch-/),
    });
    expect(loadConfig({ MQTT_URL: 'mqtts://b.example', MQTT_TOPIC_PREFIX: 'acme_1', MQTT_CLIENT_ID: 'fw-a' })).toMatchObject({
      mqttTopicPrefix: 'acme_1',
      mqttClientId: 'fw-a',
    });
    for (const bad of ['http://u:secret@b.example', 'secret', 'mqtt://'])
      expect(() => loadConfig({ MQTT_URL: bad })).toThrow(/^MQTT_URL must be mqtt:\/\/\[user:password@\]host/);
    try {
      loadConfig({ MQTT_URL: 'http://u:secret@b.example' });
    } catch (err) {
      expect(String(err)).not.toContain('secret');
    }
    expect(() => loadConfig({ MQTT_URL: 'mqtt://b.example', MQTT_TOPIC_PREFIX: 'a/#' })).toThrow(ConfigError);
    for (const name of ['MQTT_URL', 'MQTT_TOPIC_PREFIX', 'MQTT_CLIENT_ID']) expect(ENV_VARS.map((v) => v.name)).toContain(name);
  });

  it('reads the development switches', () => {
    expect(loadConfig({})).not.toHaveProperty('devReload');
    expect(loadConfig({ DEV_RELOAD: '1', DEV_STANDALONE: 'mf-tasks' })).toMatchObject({ devReload: true, devStandalone: 'tasks' });
    expect(() => loadConfig({ DEV_STANDALONE: 'shell' })).toThrow(/^DEV_STANDALONE must be one of dashboard, /);
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
      RELEASE_KEY: 'k'.repeat(24),
      RELEASES_DIR: '/srv/releases',
      REMOTE_ORIGINS: 'https://cdn2.example.com/',
    });
    expect(c).toMatchObject({
      releaseKey: 'k'.repeat(24),
      releasesDir: '/srv/releases',
      // REMOTE_ORIGINS and the origins of REMOTE_URL_*: what the CSP allows and where releases may live.
      remoteOrigins: ['https://cdn2.example.com', 'https://cdn.example.com'],
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

  it('refuses a short RELEASE_KEY, REMOTE_ORIGINS that are not origins, an AREA_LOAD_TIMEOUT_MS out of range', () => {
    expect(() => loadConfig({ RELEASE_KEY: 'short' })).toThrow(/RELEASE_KEY must be at least 24/);
    expect(() => loadConfig({ REMOTE_ORIGINS: 'https://cdn.example.com/path' })).toThrow(/REMOTE_ORIGINS must be/);
    expect(loadConfig({ RELEASE_KEY: '  ' }).releaseKey).toBeUndefined();
    expect(loadConfig({ AREA_LOAD_TIMEOUT_MS: '8000' }).areaLoadTimeoutMs).toBe(8000);
    expect(() => loadConfig({ AREA_LOAD_TIMEOUT_MS: '500' })).toThrow(/AREA_LOAD_TIMEOUT_MS must be 2000-120000/);
  });

  it('reads the PostgreSQL timeouts, leaving them unset (the defaults) when absent', () => {
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: '3000', DB_IDLE_TX_TIMEOUT_MS: '4000' })).toMatchObject({
      dbConnectTimeoutMs: 2000,
      dbStatementTimeoutMs: 3000,
      dbIdleInTransactionTimeoutMs: 4000,
    });
    const c = loadConfig({});
    expect([c.dbConnectTimeoutMs, c.dbStatementTimeoutMs, c.dbIdleInTransactionTimeoutMs]).toEqual([undefined, undefined, undefined]);
    // Defaults keep a hung database's answer (503) inside 10 s.
    expect(DB_TIMEOUT_DEFAULTS.connectMs).toBeLessThan(10_000);
    expect(DB_TIMEOUT_DEFAULTS.statementMs).toBeLessThan(10_000);
    for (const name of ['DB_CONNECT_TIMEOUT_MS', 'DB_STATEMENT_TIMEOUT_MS', 'DB_IDLE_TX_TIMEOUT_MS'])
      expect(ENV_VARS.map((v) => v.name)).toContain(name);
  });

  it.each([
    { DB_CONNECT_TIMEOUT_MS: 'soon' },
    { DB_STATEMENT_TIMEOUT_MS: '0' },
    { DB_STATEMENT_TIMEOUT_MS: '1.5' },
    { DB_IDLE_TX_TIMEOUT_MS: '9999999' },
  ])('rejects the database timeout %j naming the variable', (env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${Object.keys(env)[0]} must be 100-600000`));
  });

  it.each(['not a url', 'postgres://[bad', 'mysql://root@db/fw', 'http://db/fw'])(
    'rejects DATABASE_URL %j without repeating it (it may hold a password)',
    (url) => {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/^DATABASE_URL must be a postgres:\/\/user/);
    },
  );

  it('accepts a Unix-socket DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql:///fw?host=/var/run/postgresql' }).databaseUrl).toBe(
      'postgresql:///fw?host=/var/run/postgresql',
    );
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
