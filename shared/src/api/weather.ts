/** GET /api/v1/weather/getWeather?lat&lon&days&lang (older API: a bare array of days). */
export interface WeatherDay {
  /** YYYY-MM-DD */
  Date: string;
  TempMax: number | null;
  TempMin: number | null;
  Precipitation: number | null;
  WindSpeedMax: number | null;
  /** WMO weather interpretation code. */
  WeatherCode: number | null;
}
