/**
 * indoorClimate: the climate units' latest temperature and humidity as a compact grid of tiles
 * (channels by name; a tile selects its unit). Units in alarm come first; at most MAX_TILES are
 * drawn, the rest counted. One GetUnitsShowValue request.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceType, unitStatus, type Unit } from '@fieldwatch/shared';
import { StatusDot } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { latestState } from '../kit/kpi/states';
import { pickChannel } from '../kit/kpi/readings';
import { byUnit, type LatestValue } from '../kit/data/latest-values';
import { useLatestOf } from '../kit/kpi/useLatest';
import { useNumberFormat } from '../kit/kpi/number-format';
import { isSelection, kpiCss as css, Note } from '../kit/kpi/parts';
import { temperatureOf } from '../temp';
import local from './indoor-climate.module.css';

export const MAX_TILES = 48;
const isClimateUnit = (u: Unit) => deviceType(u.UnitType)?.family === 'climate';
const STATUS_RANK = { alarm: 0, problem: 1, ok: 2, inactive: 3 } as const;

export function humidityOf(rows: readonly LatestValue[] | undefined): LatestValue | undefined {
  return pickChannel(
    rows,
    (r) => /humid|fukt|feucht|fugt|\brh\b/i.test(r.ChannelName),
    (r) => /%\s*rh|rh\s*%/i.test(r.UnitOfMeasure),
  );
}

export default function IndoorClimateWidget({ units, refreshKey, bindings, setBinding }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const num = useNumberFormat();
  const latest = useLatestOf(units, isClimateUnit, refreshKey);
  const rows = latest.load.data;

  const tiles = useMemo(() => {
    if (!rows) return null;
    const perUnit = byUnit(rows);
    return latest.units
      .map((unit) => {
        const list = perUnit.get(unit.UnitID);
        const temp = temperatureOf(list);
        const hum = humidityOf(list);
        return { unit, status: unitStatus(unit), temp: temp ? Number(temp.Value) : null, hum: hum ? Number(hum.Value) : null };
      })
      .filter((x) => x.temp !== null || x.hum !== null)
      .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || a.unit.UnitName.localeCompare(b.unit.UnitName));
  }, [rows, latest.units]);

  const state = latestState(t, 'indoorClimate', latest, tiles ? tiles.length : null);
  if (state || !tiles) return state;

  const shown = tiles.slice(0, MAX_TILES);
  const hidden = tiles.length - shown.length + (latest.units.length - latest.asked);
  return (
    <div className={css.root} data-testid="indoor-climate">
      <ul className={local.grid} aria-label={t('widgets.indoorClimate.label')}>
        {shown.map(({ unit, status, temp, hum }) => {
          const pressed = isSelection(bindings.units, [unit.UnitID]);
          return (
            <li key={unit.UnitID}>
              <button
                type="button"
                className={local.tile}
                data-status={status}
                data-testid="climate-tile"
                aria-pressed={pressed}
                title={`${unit.UnitName} — ${unit.UnitLocation}`}
                onClick={() => setBinding('units', pressed ? [] : [unit.UnitID])}
              >
                <span className={local.name}>
                  <StatusDot status={status} label={t(`common:status.${status}`)} />
                  <span>{unit.UnitName}</span>
                </span>
                <span className={local.values}>
                  <span className={local.temp} aria-label={t('widgets.indoorClimate.temperature')}>
                    {temp === null ? '—' : `${num(temp, 1)}°`}
                  </span>
                  <span className={local.hum} aria-label={t('widgets.indoorClimate.humidity')}>
                    {hum === null ? '' : `${num(hum, 0)} %`}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {(hidden > 0 || latest.load.status === 'error') && (
        <Note tone={latest.load.status === 'error' ? 'warning' : undefined}>
          {latest.load.status === 'error' ? t('widgets.kpi.error.stale') : t('widgets.indoorClimate.more', { count: hidden })}
        </Note>
      )}
    </div>
  );
}
