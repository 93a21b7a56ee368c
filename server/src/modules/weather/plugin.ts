/**
 * GET (or POST) /api/v1/weather/getWeather?lat&lon&days&lang — older API, a bare array of days
 * (WeatherDay). 503 "Weather data missing" when no provider is configured, or it fails or is slow.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, MESSAGES } from '@fieldwatch/shared';
import { DEFAULT_WEATHER_TIMEOUT_MS } from '../../config';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { OpenMeteoProvider, WeatherService, WeatherUnavailable, type WeatherQuery } from './provider';

export default async function weatherPlugin(app: FastifyInstance, { config }: ServerContext): Promise<void> {
  const service = new WeatherService(
    config.weatherUrl ? new OpenMeteoProvider(config.weatherUrl) : null,
    config.weatherTimeoutMs ?? DEFAULT_WEATHER_TIMEOUT_MS,
  );

  const answer = async (request: FastifyRequest, q: WeatherQuery) => {
    try {
      return await service.daily(q);
    } catch (err) {
      if (!(err instanceof WeatherUnavailable)) throw err;
      request.log.warn({ err: err.message }, 'weather unavailable');
      throw new HttpError(503, MESSAGES.weatherMissing, 'weather_missing');
    }
  };

  route(app, ENDPOINTS.weather, async (request) => answer(request, request.query));
  route(app, ENDPOINTS.weatherPost, async (request) => answer(request, request.body));
}
