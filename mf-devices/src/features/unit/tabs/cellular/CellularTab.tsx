/**
 * Cellular: the APN and operator settings, and the history of the unit's signal strength and bit
 * error rate (BER) over the last 7 days from its measured data (GET deviceData), as small lines
 * with the latest, lowest and highest value.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_MS, ENDPOINTS, pathFor, queryKeys, type AnswerOf, type ChannelSeries } from '@fieldwatch/shared';
import { AbsoluteTime, loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Card, LoadView } from '@fieldwatch/shared/ui';
import { SettingsPanel } from '../../settings/SettingsForm';
import { CELLULAR_FIELDS } from '../settings/fields';
import type { UnitTabProps } from '../types';
import css from '../tabs.module.css';

const HISTORY_DAYS = 7;
const RECORDS = 200;
/** Channels of the radio link, by name (spec §3: signal strength, BER). */
const isSignal = (name: string) => /signal strength/i.test(name);
const isBer = (name: string) => /\bber\b/i.test(name);

export function CellularTab(props: UnitTabProps) {
  const { t } = useTranslation('devices');
  return (
    <div className={css.stack}>
      <SettingsPanel
        unitId={props.unitId}
        canEdit={props.canEdit}
        title="unit.cellular.title"
        intro="unit.cellular.intro"
        fields={CELLULAR_FIELDS}
        testId="cellular-tab"
      />
      <Card title={t('unit.cellular.history', { days: HISTORY_DAYS })} data-testid="signal-history">
        <SignalHistory {...props} />
      </Card>
    </div>
  );
}

function SignalHistory({ unitId, details }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  // The start is fixed for the page's life (a new start would be a new query on every render).
  const start = useMemo(() => new Date(Date.now() - HISTORY_DAYS * DAY_MS).toISOString(), []);
  const channels = details.Channels.filter((c) => isSignal(c.ChannelName) || isBer(c.ChannelName));
  const load = useApiQuery(queryKeys.unitPart(unitId, 'radioHistory', start), () =>
    api.get<AnswerOf<typeof ENDPOINTS.deviceData>>(pathFor(ENDPOINTS.deviceData, { id: unitId }), {
      start,
      records: RECORDS,
    }),
  );
  if (channels.length === 0) return <p className={css.muted}>{t('unit.cellular.noRadioChannels')}</p>;
  return (
    <LoadView load={load} labels={loadViewLabels(t, 'unit.cellular.data.', { stale: false })} bare>
      {(data) => {
        const series = data.channels.filter((s) => isSignal(s.name) || isBer(s.name));
        if (series.every((s) => s.points.length === 0))
          return <p className={css.muted}>{t('unit.cellular.noData')}</p>;
        return (
          <div className={css.series}>
            {series.map((s) => (
              <Series key={s.channel} series={s} />
            ))}
          </div>
        );
      }}
    </LoadView>
  );
}

function Series({ series }: { series: ChannelSeries }) {
  const { t } = useTranslation('devices');
  const values = series.points.map((p) => p.value);
  if (values.length === 0)
    return (
      <div>
        <strong>{series.name}</strong>
        <p className={css.muted}>{t('unit.cellular.noData')}</p>
      </div>
    );
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const d = values
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${((i / Math.max(1, values.length - 1)) * 100).toFixed(2)},${(40 - ((v - min) / span) * 38 - 1).toFixed(2)}`,
    )
    .join(' ');
  const last = series.points[series.points.length - 1]!;
  const unit = series.unitOfMeasure ? ` ${series.unitOfMeasure}` : '';
  const fmt = (v: number) => `${Math.round(v * 10) / 10}${unit}`;
  return (
    <figure style={{ margin: 0 }} data-testid="signal-series">
      <figcaption>
        <strong>{series.name}</strong>{' '}
        <span className={css.muted}>
          {t('unit.cellular.summary', { latest: fmt(last.value), min: fmt(min), max: fmt(max) })} ·{' '}
          <AbsoluteTime date={last.ts} />
        </span>
      </figcaption>
      <svg
        className={css.spark}
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label={t('unit.cellular.lineLabel', { name: series.name, count: values.length })}
      >
        <path className={css.sparkLine} d={d} />
      </svg>
    </figure>
  );
}
