/**
 * GET (or POST) /api/v1/weather/getWeather?lat&lon&days&lang — older API, a bare array of days
 * (WeatherDay). 503 "Weather data missing" when no provider is configured, or it fails or is slow.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, MESSAGES } from '@fieldwatch/shared';
import { DEFAULT_WEATHER_TIMEOUT_MS } from '../../config';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/errors';
import { OpenMeteoProvider, WeatherService, WeatherUnavailable } from './provider';

/** The most days one request may ask for. */
export const WEATHER_MAX_DAYS = 16;

interface WeatherParams {
  lat: number;
  lon: number;
  days: number;
  lang: string;
}

export default async function weatherPlugin(app: FastifyInstance, { config }: ServerContext): Promise<void> {
  const service = new WeatherService(
    config.weatherUrl ? new OpenMeteoProvider(config.weatherUrl) : null,
    config.weatherTimeoutMs ?? DEFAULT_WEATHER_TIMEOUT_MS,
  );

  const answer = async (request: FastifyRequest, q: WeatherParams) => {
    try {
      return await service.daily(q);
    } catch (err) {
      if (!(err instanceof WeatherUnavailable)) throw err;
      request.log.warn({ err: err.message }, 'weather unavailable');
      throw new HttpError(503, MESSAGES.weatherMissing, 'weather_missing');
    }
  };

  app.get<{ Querystring: WeatherParams }>(
    ENDPOINTS.weather.path,
    { schema: ENDPOINTS.weather.schema },
    async (request) => answer(request, request.query),
  );
  app.post<{ Body: WeatherParams }>(
    ENDPOINTS.weatherPost.path,
    { schema: ENDPOINTS.weatherPost.schema },
    async (request) => answer(request, request.body),
  );
}
