/**
 * weather: the past WEATHER_DEFAULT_DAYS days at one unit — the unit selected in the link group
 * (the first one with a position), else settings.unitId, else the first unit with a position.
 * GET /api/v1/weather/getWeather answers "Weather data missing" (503) when the server has no
 * provider (WEATHER_URL=off) or it does not answer (offline). /api/v3/config says whether there is
 * one (by default there is: Open-Meteo): without it the widget does not ask and says so calmly; a
 * provider that does not answer is "weather data missing", with Retry. How to configure it
 * (WEATHER_URL) is said to administrators (SuperUser) only: nobody else can act on it.
 * The user's weather preference per unit (ClientPreferences.weather[id] === false) hides it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  pathFor,
  type AnswerOf,
  type Unit,
  USER_TYPES,
  WEATHER_DEFAULT_DAYS,
  type WeatherDay,
} from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDate, useTimeConfig } from '../kit/time-format';
import { useWidgetQuery } from '../kit/data/widget-query';
import { configQuery, preferencesQuery } from '../kit/data/config-and-preferences';
import { kpiPending } from '../kit/kpi/states';
import { useNumberFormat } from '../kit/kpi/number-format';
import { conditionOf, WeatherIcon } from './icons';
import css from './weather.module.css';

export interface WeatherSettings {
  /** The unit to show when the link group selects none. */
  unitId?: number;
}

const hasPosition = (u: Unit | undefined): u is Unit =>
  !!u &&
  u.UnitGPSLatitude !== null &&
  u.UnitGPSLongitude !== null &&
  Number.isFinite(u.UnitGPSLatitude) &&
  Number.isFinite(u.UnitGPSLongitude);

/** The unit whose weather to show (see the file comment). */
export function weatherUnit(
  units: readonly Unit[],
  selected: readonly number[],
  settingsUnit?: number,
): Unit | undefined {
  if (selected.length > 0 || settingsUnit !== undefined) {
    const byId = new Map(units.map((u) => [u.UnitID, u]));
    for (const id of selected) {
      const u = byId.get(id);
      if (hasPosition(u)) return u;
    }
    const fromSettings = settingsUnit !== undefined ? byId.get(settingsUnit) : undefined;
    if (hasPosition(fromSettings)) return fromSettings;
  }
  return units.find(hasPosition);
}

type Answer =
  | { kind: 'days'; days: WeatherDay[] }
  | { kind: 'notConfigured' }
  | { kind: 'unavailable' }
  | { kind: 'hidden' };

export default function WeatherWidget({ units, bindings, widget, refreshKey }: WidgetProps<WeatherSettings>) {
  const { t, i18n } = useTranslation('dashboard');
  const { api } = useRemote();
  const tc = useTimeConfig();
  const num = useNumberFormat();
  const unit = useMemo(
    () => weatherUnit(units, bindings.units, widget.settings.unitId),
    [units, bindings.units, widget.settings.unitId],
  );
  const lang = (i18n.language || 'en').slice(0, 2);
  const isAdmin = useSession((s) => s.user?.userType === USER_TYPES.SuperUser);

  const queryClient = useQueryClient();
  const load = useWidgetQuery<Answer | null>(
    ['weather', unit?.UnitID ?? null, unit?.UnitGPSLatitude ?? null, unit?.UnitGPSLongitude ?? null, lang],
    async () => {
      if (!unit) return null;
      // Preference and configuration first (both cached for the page and shared with other widgets):
      // a hidden unit or a server without a weather provider is not asked for weather at all — that
      // request could only fail ("Weather data missing", 503) on every load.
      const [prefs, config] = await Promise.all([
        queryClient.fetchQuery(preferencesQuery(api)),
        queryClient.fetchQuery(configQuery(api)).catch(() => null),
      ]);
      if (prefs?.weather?.[String(unit.UnitID)] === false) return { kind: 'hidden' };
      if (config && !config.weather) return { kind: 'notConfigured' };
      const [days, failed] = await api.get<AnswerOf<typeof ENDPOINTS.weather>>(pathFor(ENDPOINTS.weather), {
        lat: unit.UnitGPSLatitude,
        lon: unit.UnitGPSLongitude,
        days: WEATHER_DEFAULT_DAYS,
        lang,
      });
      if (!failed && Array.isArray(days)) return { kind: 'days', days: days.slice(-WEATHER_DEFAULT_DAYS) };
      // The provider did not answer (or neither did the configuration: an error with Retry).
      if (!config) throw new Error('weather and config failed');
      return { kind: 'unavailable' };
    },
    refreshKey,
  );

  if (!unit)
    return (
      <WidgetState kind="empty" title={t('widgets.weather.noUnit.title')}>
        {t('widgets.weather.noUnit.text')}
      </WidgetState>
    );
  const answer = load.data;
  if (!answer) return kpiPending(t, 'weather', load);

  const place = (
    <p className={css.place}>
      <span className={css.unitName}>{unit.UnitName}</span>
      {unit.UnitLocation && <span className={css.location}>{unit.UnitLocation}</span>}
    </p>
  );

  if (answer.kind !== 'days' || answer.days.length === 0) {
    const key = answer.kind === 'days' ? 'noDays' : answer.kind;
    return (
      <div className={css.calm} data-state="empty" data-testid={`weather-${key}`}>
        <WeatherIcon condition="partly" size={40} />
        <p className={css.calmTitle}>{t(`widgets.weather.${key}.title`)}</p>
        <p className={css.calmText}>
          {t(
            isAdmin && (key === 'notConfigured' || key === 'unavailable')
              ? `widgets.weather.${key}.adminText`
              : `widgets.weather.${key}.text`,
            { unit: unit.UnitName, days: WEATHER_DEFAULT_DAYS },
          )}
        </p>
        {(answer.kind === 'unavailable' || key === 'noDays') && (
          <Button size="small" variant="ghost" onClick={load.reload}>
            {t('common:action.retry')}
          </Button>
        )}
      </div>
    );
  }

  const weekday = new Intl.DateTimeFormat(i18n.language || 'en', { weekday: 'short', timeZone: 'UTC' });
  const temp = (v: number | null) => (v === null ? '—' : `${num(v, 0)}°`);
  const today = answer.days[answer.days.length - 1]!;

  return (
    <div className={css.root} data-testid="weather-widget">
      <div className={css.head}>
        {place}
        <span className={css.now} data-testid="weather-today">
          <WeatherIcon condition={conditionOf(today.WeatherCode)} size={28} />
          <span>{temp(today.TempMax)}</span>
        </span>
      </div>
      <ol className={css.days} aria-label={t('widgets.weather.days', { days: answer.days.length })}>
        {answer.days.map((d) => {
          const noon = `${d.Date}T12:00:00Z`;
          const condition = conditionOf(d.WeatherCode);
          const conditionText = t(`widgets.weather.condition.${condition}`);
          return (
            <li
              key={d.Date}
              className={css.day}
              data-testid="weather-day"
              title={`${formatDate(noon, tc)} · ${conditionText}`}
            >
              <span className={css.weekday}>{weekday.format(new Date(noon))}</span>
              <WeatherIcon condition={condition} />
              <span className={css.sr}>{conditionText}</span>
              <span className={css.temps}>
                <span className={css.max} aria-label={t('widgets.weather.max')}>
                  {temp(d.TempMax)}
                </span>
                <span className={css.min} aria-label={t('widgets.weather.min')}>
                  {temp(d.TempMin)}
                </span>
              </span>
              <span className={css.rain} aria-label={t('widgets.weather.precipitation')}>
                {d.Precipitation === null ? '—' : `${num(d.Precipitation, 1)} mm`}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
