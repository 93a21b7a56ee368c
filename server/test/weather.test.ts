import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, WEATHER_DEFAULT_DAYS, type WeatherDay } from '@fieldwatch/shared';
import { WEATHER_FAILURE_MS, WeatherService, WeatherUnavailable, type WeatherProvider } from '../src/modules/weather/provider';
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

  it('limits calls: one request per place at a time, and none for a minute after a failure (issue 20 §6)', async () => {
    let clock = 1_000_000;
    const asked: string[] = [];
    let fail: 'no' | 'answer' | 'network' = 'no';
    const provider: WeatherProvider = {
      daily: async (q) => {
        asked.push(`${q.lat},${q.lon}`);
        await new Promise((r) => setTimeout(r, 5));
        if (fail === 'answer') throw new WeatherUnavailable('weather provider answered 500');
        if (fail === 'network') throw new TypeError('fetch failed');
        return [{ Date: '2025-06-01', TempMax: 1, TempMin: 0, Precipitation: 0, WindSpeedMax: 1, WeatherCode: 0 }];
      },
    };
    const w = new WeatherService(provider, 300, () => clock);
    const q = (lat: number) => ({ lat, lon: 18, days: 5, lang: 'en' });
    // Five widgets asking for one place at once: one request.
    await Promise.all([1, 2, 3, 4, 5].map(() => w.daily(q(59))));
    expect(asked).toEqual(['59,18']);

    // A provider that answers with an error: that place is not asked again for a minute, others are.
    fail = 'answer';
    await expect(w.daily(q(60))).rejects.toBeInstanceOf(WeatherUnavailable);
    await expect(w.daily(q(60))).rejects.toBeInstanceOf(WeatherUnavailable);
    await expect(w.daily(q(61))).rejects.toBeInstanceOf(WeatherUnavailable);
    expect(asked).toEqual(['59,18', '60,18', '61,18']);

    // Offline (no answer at all): every place answers "missing" at once, without asking.
    fail = 'network';
    await expect(w.daily(q(62))).rejects.toBeInstanceOf(WeatherUnavailable);
    for (const lat of [63, 64, 65]) await expect(w.daily(q(lat))).rejects.toBeInstanceOf(WeatherUnavailable);
    expect(asked).toEqual(['59,18', '60,18', '61,18', '62,18']);
    // A minute later it is asked again, and answers are kept as before.
    clock += WEATHER_FAILURE_MS + 1;
    fail = 'no';
    expect(await w.daily(q(63))).toHaveLength(1);
    expect(await w.daily(q(60))).toHaveLength(1);
    expect(asked).toEqual(['59,18', '60,18', '61,18', '62,18', '63,18', '60,18']);
  });

  it('offline (the provider cannot be reached): "Weather data missing" at once', async () => {
    // A closed port stands for an installation without internet: refused, no waiting for the timeout.
    const offline = await startServer('pglite', { weatherUrl: 'http://127.0.0.1:9', weatherTimeoutMs: 3000 });
    try {
      const c = await login(offline.app, 'demo.reader');
      const config = await offline.app.inject({ method: 'GET', url: '/api/v3/config', headers: { cookie: c } });
      expect(config.json().data.weather).toBe(true);
      const res = await offline.app.inject({ method: 'GET', url: '/api/v1/weather/getWeather?lat=59.3&lon=18.1', headers: { cookie: c } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.weatherMissing);
    } finally {
      await offline.close();
    }
  });

  it('has no weather without a provider (the route then answers "Weather data missing")', async () => {
    const none = new WeatherService(null, 300);
    expect(none.configured).toBe(false);
    await expect(none.daily({ lat: 1, lon: 1, days: 5, lang: 'en' })).rejects.toBeInstanceOf(WeatherUnavailable);
  });
});
