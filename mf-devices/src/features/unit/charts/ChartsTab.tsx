/**
 * The Charts tab of a unit's page (/devicemanagement/:unitId/charts): the measurements of one of
 * the unit's channels over a time range, with the channel's alarm limits and its markers (add,
 * edit, lock, comment, delete), and — for units that scan — the radar. Drawn with the shared chart
 * kit (@fieldwatch/shared/chart), the same as the dashboard's chart widgets.
 *
 * What is shown sits in the URL (?view=radar, ?channel=n, ?hours=h or ?from=…&to=…), so a link
 * opens the same chart. This module is loaded on demand (index.tsx): Highcharts only comes along
 * when someone opens the tab.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { defaultChartChannel } from '@fieldwatch/shared';
import { defaultTimeRange, parseTimeRange, type TimeRange } from '@fieldwatch/shared/chart';
import { Segmented } from '@fieldwatch/shared/ui';
import type { UnitTabProps } from '../tabs/types';
import { MeasurementsView } from './MeasurementsView';
import { RadarView } from './RadarView';
import css from './charts.module.css';

type View = 'measurements' | 'radar';

/** The range of the URL (?hours= or ?from=&to=), else the default (the spec's default interval). */
export function rangeFromSearch(search: URLSearchParams): TimeRange {
  const hours = search.get('hours');
  const from = search.get('from');
  const to = search.get('to');
  const parsed = hours !== null ? parseTimeRange({ hours: Number(hours) }) : from && to ? parseTimeRange({ from, to }) : null;
  return parsed ?? defaultTimeRange();
}

export default function ChartsTab(props: UnitTabProps) {
  const { details, options } = props;
  const { t } = useTranslation('devices');
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const view: View = search.get('view') === 'radar' ? 'radar' : 'measurements';

  const channels = details.Channels;
  const wanted = Number(search.get('channel'));
  // Without ?channel= the chart opens on what the unit's type measures (a CO2 sensor on CO2).
  const channel = channels.find((c) => c.ChannelID === wanted) ?? defaultChartChannel(details.UnitType, channels) ?? channels[0]!;
  const range = useMemo(() => rangeFromSearch(search), [search]);

  // One place changes the URL: the table's back link (router state) is kept.
  const update = useCallback(
    (change: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true, state: location.state },
      ),
    [setSearch, location.state],
  );
  const setRange = useCallback(
    (r: TimeRange) =>
      update('hours' in r ? { hours: String(r.hours), from: null, to: null } : { hours: null, from: r.from, to: r.to }),
    [update],
  );

  return (
    <div className={css.tab} data-testid="charts-tab">
      <Segmented
        mode="toggle"
        label={t('unitTabs.charts.views')}
        value={view}
        onChange={(v) => update({ view: v === 'radar' ? 'radar' : null })}
        segments={[
          { value: 'measurements', label: t('unitTabs.charts.measurements') },
          { value: 'radar', label: t('unitTabs.charts.radar') },
        ]}
      />
      {view === 'radar' ? (
        <RadarView unitId={props.unitId} details={details} options={options} />
      ) : (
        <MeasurementsView
          unitId={props.unitId}
          details={details}
          canEdit={props.canEdit}
          channel={channel}
          onChannel={(n) => update({ channel: String(n) })}
          range={range}
          onRange={setRange}
        />
      )}
    </div>
  );
}
