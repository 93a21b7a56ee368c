/**
 * Weather providers. The server asks one provider per (lat, lon, days), with a short timeout, and
 * keeps answers briefly in memory. The HTTP provider speaks Open-Meteo's forecast API
 * (GET {base}/v1/forecast?latitude&longitude&daily=...&past_days&forecast_days&timezone=auto).
 */
import type { WeatherDay } from '@fieldwatch/shared';

export interface WeatherQuery {
  lat: number;
  lon: number;
  days: number;
  lang: string;
}

export interface WeatherProvider {
  /** Daily weather for the `days` days up to and including today; throws when it cannot. */
  daily(q: WeatherQuery, signal: AbortSignal): Promise<WeatherDay[]>;
}

export class WeatherUnavailable extends Error {}

const DAILY = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'precipitation_sum', 'wind_speed_10m_max'];

interface OpenMeteoDaily {
  time?: unknown;
  weather_code?: unknown;
  temperature_2m_max?: unknown;
  temperature_2m_min?: unknown;
  precipitation_sum?: unknown;
  wind_speed_10m_max?: unknown;
}

const numAt = (list: unknown, n: number): number | null => {
  const v = Array.isArray(list) ? list[n] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

/** Open-Meteo-compatible HTTP provider; `baseUrl` comes from WEATHER_URL. */
export class OpenMeteoProvider implements WeatherProvider {
  constructor(private readonly baseUrl: string) {}

  async daily(q: WeatherQuery, signal: AbortSignal): Promise<WeatherDay[]> {
    const url = new URL(`${this.baseUrl}/v1/forecast`);
    url.searchParams.set('latitude', String(q.lat));
    url.searchParams.set('longitude', String(q.lon));
    url.searchParams.set('daily', DAILY.join(','));
    // The weather widget shows the past days (the spec: "weather (past 5 days)") ending today.
    url.searchParams.set('past_days', String(q.days - 1));
    url.searchParams.set('forecast_days', '1');
    url.searchParams.set('timezone', 'auto');
    const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!res.ok) throw new WeatherUnavailable(`weather provider answered ${res.status}`);
    const body = (await res.json()) as { daily?: OpenMeteoDaily };
    const d = body?.daily;
    if (!d || !Array.isArray(d.time)) throw new WeatherUnavailable('weather provider answered no daily data');
    const days: WeatherDay[] = [];
    d.time.forEach((date, n) => {
      if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
      days.push({
        Date: date,
        TempMax: numAt(d.temperature_2m_max, n),
        TempMin: numAt(d.temperature_2m_min, n),
        Precipitation: numAt(d.precipitation_sum, n),
        WindSpeedMax: numAt(d.wind_speed_10m_max, n),
        WeatherCode: numAt(d.weather_code, n),
      });
    });
    if (days.length === 0) throw new WeatherUnavailable('weather provider answered no days');
    return days.slice(-q.days);
  }
}

/** Answers kept this long per rounded (lat, lon, days). */
export const WEATHER_CACHE_MS = 10 * 60_000;
/**
 * After a failure the same place is answered "Weather data missing" at once for this long, and
 * after a provider that could not be reached at all (a timeout, no network: an installation
 * offline) every place is: a dashboard full of weather widgets does not wait out the timeout once
 * per unit, and the provider is not asked again and again while it is down.
 */
export const WEATHER_FAILURE_MS = 60_000;
const CACHE_MAX_ENTRIES = 1000;

/** Wraps a provider with a timeout and a small in-memory cache; null provider = no weather. */
export class WeatherService {
  private readonly cache = new Map<string, { at: number; days: WeatherDay[] }>();
  private readonly failed = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<WeatherDay[]>>();
  /** Until when the provider counts as unreachable (epoch ms). */
  private downUntil = 0;

  constructor(
    private readonly provider: WeatherProvider | null,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get configured(): boolean {
    return this.provider !== null;
  }

  /** Positions are rounded to 0.01° (about 1 km): nearby units share an answer. */
  static key(q: WeatherQuery): string {
    return `${q.lat.toFixed(2)},${q.lon.toFixed(2)},${q.days}`;
  }

  async daily(q: WeatherQuery): Promise<WeatherDay[]> {
    const provider = this.provider;
    if (!provider) throw new WeatherUnavailable('no weather provider configured');
    const key = WeatherService.key(q);
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < WEATHER_CACHE_MS) return hit.days;
    if (now < this.downUntil) throw new WeatherUnavailable('weather provider unreachable a moment ago');
    if (now - (this.failed.get(key) ?? -Infinity) < WEATHER_FAILURE_MS)
      throw new WeatherUnavailable('weather provider failed for this place a moment ago');
    // Widgets of one dashboard asking for the same place at once share one request.
    const running = this.inFlight.get(key);
    if (running) return running;
    const ask = this.ask(provider, q, key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, ask);
    return ask;
  }

  private async ask(provider: WeatherProvider, q: WeatherQuery, key: string): Promise<WeatherDay[]> {
    const rounded = { ...q, lat: Number(q.lat.toFixed(2)), lon: Number(q.lon.toFixed(2)) };
    const signal = AbortSignal.timeout(this.timeoutMs);
    let days: WeatherDay[];
    try {
      days = await provider.daily(rounded, signal);
    } catch (err) {
      remember(this.failed, key, this.now());
      // Not an answer at all (timeout, refused, no DNS): the provider is down, for every place.
      if (!(err instanceof WeatherUnavailable)) this.downUntil = this.now() + WEATHER_FAILURE_MS;
      throw err instanceof WeatherUnavailable ? err : new WeatherUnavailable(String(err));
    }
    this.failed.delete(key);
    remember(this.cache, key, { at: this.now(), days });
    return days;
  }
}

/** Sets `key`, dropping the oldest entry when the map is full. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (!map.has(key) && map.size >= CACHE_MAX_ENTRIES) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(key, value);
}
