import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, WEATHER_DEFAULT_DAYS, type WeatherDay } from '@fieldwatch/shared';
import { WeatherService, WeatherUnavailable } from '../src/modules/weather/provider';
import { login, startServer, type TestServer } from './helpers';

/** A local stand-in for an Open-Meteo-compatible provider: records requests, answers per mode. */
function fakeProvider() {
  const requests: URL[] = [];
  let mode: 'ok' | 'error' | 'hang' | 'garbage' = 'ok';
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    if (mode === 'hang') return; // never answers
    if (mode === 'error') {
      res.writeHead(500).end('boom');
      return;
    }
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"nope":1}');
      return;
    }
    const n = Number(url.searchParams.get('past_days')) + Number(url.searchParams.get('forecast_days'));
    const time = Array.from({ length: n }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        daily: {
          time,
          weather_code: time.map(() => 3),
          temperature_2m_max: time.map((_, i) => 20 + i),
          temperature_2m_min: time.map((_, i) => 10 + i),
          precipitation_sum: time.map(() => 0.5),
          wind_speed_10m_max: time.map(() => null),
        },
      }),
    );
  });
  return {
    requests,
    setMode: (m: typeof mode) => (mode = m),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The weather module touches no database: PGlite only.
describe('weather', () => {
  const fake = fakeProvider();
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    const url = await fake.listen();
    s = await startServer('pglite', { weatherUrl: url, weatherTimeoutMs: 300 });
    cookie = await login(s.app, 'demo.reader');
  });
  afterAll(async () => {
    await s?.close();
    await fake.close();
  });

  const ask = (query: string) =>
    s.app.inject({ method: 'GET', url: `/api/v1/weather/getWeather?${query}`, headers: { cookie } });

  it('answers the past days from the provider, 5 by default', async () => {
    const res = await ask('lat=59.3293&lon=18.0686');
    expect(res.statusCode).toBe(200);
    const days = res.json<WeatherDay[]>();
    expect(days).toHaveLength(WEATHER_DEFAULT_DAYS);
    expect(days[0]).toEqual({ Date: '2025-06-01', TempMax: 20, TempMin: 10, Precipitation: 0.5, WindSpeedMax: null, WeatherCode: 3 });
    const asked = fake.requests.at(-1)!;
    expect(asked.pathname).toBe('/v1/forecast');
    expect(asked.searchParams.get('latitude')).toBe('59.33');
    expect(asked.searchParams.get('longitude')).toBe('18.07');
  });

  it('caches answers per rounded position and days', async () => {
    // Its own first ask (the test before may not have run): later asks for the same rounded place hit the cache.
    expect((await ask('lat=59.33&lon=18.07')).statusCode).toBe(200);
    const before = fake.requests.length;
    expect((await ask('lat=59.3291&lon=18.0689')).statusCode).toBe(200);
    expect(fake.requests.length).toBe(before);
    const three = await ask('lat=59.33&lon=18.07&days=3&lang=sv');
    expect(three.json()).toHaveLength(3);
    expect(fake.requests.length).toBe(before + 1);
    const post = await s.app.inject({ method: 'POST', url: '/api/v1/weather/getWeather', headers: { cookie }, payload: { lat: 59.33, lon: 18.07, days: 3 } });
    expect(post.json()).toHaveLength(3);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('answers "Weather data missing" when the provider fails or is slow, never hanging', async () => {
    for (const mode of ['error', 'garbage', 'hang'] as const) {
      fake.setMode(mode);
      const started = Date.now();
      const res = await ask(`lat=1&lon=${mode.length}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.weatherMissing);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    fake.setMode('ok');
  });

  it('validates the query', async () => {
    for (const q of ['lat=1', 'lon=1', 'lat=91&lon=0', 'lat=0&lon=181', 'lat=a&lon=0', 'lat=0&lon=0&days=0', 'lat=0&lon=0&days=99', 'lat=0&lon=0&lang=<x>']) {
      expect((await ask(q)).statusCode).toBe(400);
    }
  });

  it('needs a session', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/v1/weather/getWeather?lat=1&lon=1' })).statusCode).toBe(401);
  });

  it('has no weather without a provider (the route then answers "Weather data missing")', async () => {
    const none = new WeatherService(null, 300);
    expect(none.configured).toBe(false);
    await expect(none.daily({ lat: 1, lon: 1, days: 5, lang: 'en' })).rejects.toBeInstanceOf(WeatherUnavailable);
  });
});
