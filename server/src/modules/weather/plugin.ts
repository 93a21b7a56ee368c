/**
 * GET (or POST) /api/v1/weather/getWeather?lat&lon&days&lang — older API, a bare array of days
 * (WeatherDay). 503 "Weather data missing" when no provider is configured, or it fails or is slow.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, SUPPORTED_LANGUAGES, WEATHER_DEFAULT_DAYS } from '@fieldwatch/shared';
import { DEFAULT_WEATHER_TIMEOUT_MS } from '../../config';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/errors';
import { OpenMeteoProvider, WeatherService, WeatherUnavailable } from './provider';

/** The most days one request may ask for. */
export const WEATHER_MAX_DAYS = 16;

const querySchema = {
  type: 'object',
  required: ['lat', 'lon'],
  additionalProperties: false,
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    days: { type: 'integer', minimum: 1, maximum: WEATHER_MAX_DAYS, default: WEATHER_DEFAULT_DAYS },
    // Open-Meteo answers numbers only; lang is accepted for the older API's sake.
    lang: { type: 'string', pattern: '^[a-z]{2}(-[A-Za-z]{2})?$', default: SUPPORTED_LANGUAGES[0] },
  },
} as const;

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
    '/api/v1/weather/getWeather',
    { schema: { querystring: querySchema } },
    async (request) => answer(request, request.query),
  );
  app.post<{ Body: WeatherParams }>(
    '/api/v1/weather/getWeather',
    { schema: { body: querySchema } },
    async (request) => answer(request, request.body),
  );
}
