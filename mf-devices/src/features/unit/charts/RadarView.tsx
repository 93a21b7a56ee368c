/**
 * A unit's radar scans (level sensors and waste bins: the unit's options say `radar`): the scans it
 * sent (newest first), one chosen scan as the shared kit's RadarChart. A unit without radar says
 * "Device not supported".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDateMs, queryKeys, type RadarScan, type Result, type UnitDetails, type UnitOptions } from '@fieldwatch/shared';
import {
  fetchRadarDates,
  fetchRadarScan,
  ChartTableToggle,
  RadarChart,
  useChartTheme,
  useValueFormat,
  type RadarDate,
} from '@fieldwatch/shared/chart';
import { formatDateTime, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Card, EmptyState, LoadView, Select } from '@fieldwatch/shared/ui';
import css from './charts.module.css';

const RADAR_HEIGHT = 300;

/** A call that throws, as a Result (what useApiQuery takes). */
async function asResult<T>(call: () => Promise<T>): Promise<Result<T>> {
  try {
    return [await call(), false];
  } catch {
    return [undefined, true];
  }
}

export function RadarView({ unitId, details, options }: { unitId: number; details: UnitDetails; options: UnitOptions }) {
  const { t } = useTranslation('devices');
  if (!options.radar)
    return (
      <Card data-testid="radar-not-supported">
        <EmptyState title={t('unit.notSupported.title')}>
          <p className={css.muted}>{t('unitTabs.charts.radarView.notSupported', { model: details.ModelName })}</p>
        </EmptyState>
      </Card>
    );
  return <RadarScans unitId={unitId} />;
}

function RadarScans({ unitId }: { unitId: number }) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const tc = useTimeConfig();
  const theme = useChartTheme();
  const fmt = useValueFormat(1);
  const dates = useApiQuery(queryKeys.unitPart(unitId, 'radarDates'), () => asResult(() => fetchRadarDates(api, unitId)));
  const [picked, setPicked] = useState<string | null>(null);
  const [asTable, setAsTable] = useState(false);
  const list = dates.data ?? [];
  const current: RadarDate | undefined = list.find((d) => `${d.ChannelID}|${d.RadarDate}` === picked) ?? list[0];
  const scan = useApiQuery(
    queryKeys.unitPart(unitId, 'radarScan', current ? { channel: current.ChannelID, date: current.RadarDate } : null),
    () => asResult(async (): Promise<RadarScan | null> => (current ? fetchRadarScan(api, unitId, current) : null)),
  );
  const labels = loadViewLabels(t, 'unitTabs.charts.radarView.');
  const time = (d: RadarDate) => formatDateTime(apiDateMs(d.RadarDate), tc);

  return (
    <Card title={t('unitTabs.charts.radar')} data-testid="radar" flush>
      <LoadView load={dates} labels={labels} bare>
        {(all) =>
          all.length === 0 ? (
            <p className={css.empty}>{t('unitTabs.charts.radarView.none')}</p>
          ) : (
            <>
              <div className={css.toolbar}>
                <label className={css.field}>
                  <span>{t('unitTabs.charts.radarView.date')}</span>
                  <Select
                    compact
                    value={current ? `${current.ChannelID}|${current.RadarDate}` : ''}
                    onChange={(e) => setPicked(e.target.value)}
                  >
                    {all.map((d) => (
                      <option key={`${d.ChannelID}|${d.RadarDate}`} value={`${d.ChannelID}|${d.RadarDate}`}>
                        {time(d)}
                      </option>
                    ))}
                  </Select>
                </label>
                <span className={`${css.muted} ${css.scans}`}>{t('unitTabs.charts.radarView.scans', { count: all.length })}</span>
                <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} disabled={!scan.data} />
              </div>
              <div className={css.plotBox}>
                <LoadView load={{ ...scan, data: scan.data ?? undefined }} labels={labels} bare>
                  {(s) => (
                    <figure className={css.radarFigure} aria-label={current ? t('unitTabs.charts.radarView.scanLabel', { time: time(current) }) : undefined}>
                      <RadarChart
                        scan={s}
                        theme={theme}
                        height={RADAR_HEIGHT}
                        formatValue={fmt}
                        title={current ? t('unitTabs.charts.radarView.scanLabel', { time: time(current) }) : undefined}
                        asTable={asTable}
                      />
                    </figure>
                  )}
                </LoadView>
              </div>
            </>
          )
        }
      </LoadView>
    </Card>
  );
}
