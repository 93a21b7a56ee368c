/**
 * battery: the selected customers' units by their latest battery voltage, in the server's buckets
 * (GetKPIBattery: critical < 3.3 V, low, ok, good ≥ 3.6 V, no reading). The counts come from one
 * cheap KPI call; clicking a bucket looks up which units are in it (latest values, asked for once
 * per refresh and at most BATTERY_SELECT_MAX units) and selects them in the link group.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATTERY_BUCKETS, type KpiBatteryBucket } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { pickChannel } from '../kit/kpi/readings';
import { useWidgetQuery } from '../kit/data/widget-query';
import { byUnit, type LatestValue } from '../kit/data/latest-values';
import { percent, useNumberFormat } from '../kit/kpi/number-format';
import { kpiPending } from '../kit/kpi/states';
import { BarList, isSelection, kpiCss as css, Note } from '../kit/kpi/parts';

type BucketId = KpiBatteryBucket['Bucket'];

/** The most units whose voltages a bucket click looks up (5 requests of the API client's chunk). */
export const BATTERY_SELECT_MAX = 20_000;

const COLOR: Record<BucketId, string> = {
  critical: 'var(--fw-status-alarm)',
  low: 'var(--fw-warning)',
  ok: 'color-mix(in srgb, var(--fw-success) 55%, var(--fw-warning))',
  good: 'var(--fw-success)',
  unknown: 'var(--fw-text-muted)',
};

const isBattery = (r: LatestValue) => r.ChannelKind === 'channel' && /^battery/i.test(r.ChannelName);
const isAnyBattery = (r: LatestValue) => /batter/i.test(r.ChannelName);

/** The bucket of a voltage (null: no reading), by the same bounds as the server. */
export function bucketOf(value: number | null): BucketId {
  for (const b of BATTERY_BUCKETS) {
    if (b.id === 'unknown') continue;
    if (value !== null && (b.min === null || value >= b.min) && (b.max === null || value < b.max)) return b.id;
  }
  return 'unknown';
}

export default function BatteryWidget({ units, refreshKey, bindings, setBinding }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const { api } = useRemote();
  const num = useNumberFormat();
  const kpi = useWidgetQuery(['batteryKpi'], () => api.legacy<KpiBatteryBucket>('GetKPIBattery', {}), refreshKey);

  // Units per bucket, looked up on the first click and kept until the next refresh.
  const members = useRef<{ key: string; ids: Record<BucketId, number[]> } | null>(null);
  const [busy, setBusy] = useState<BucketId | null>(null);
  const [pickFailed, setPickFailed] = useState(false);
  const memberKey = `${refreshKey}:${units.length}`;

  const lookUp = useCallback(async (): Promise<Record<BucketId, number[]>> => {
    if (members.current?.key === memberKey) return members.current.ids;
    const ids = units.slice(0, BATTERY_SELECT_MAX).map((u) => u.UnitID);
    const rows = ids.length ? await api.legacy<LatestValue>('GetUnitsShowValue', {}, ids) : [];
    const perUnit = byUnit(rows ?? []);
    const out: Record<BucketId, number[]> = { critical: [], low: [], ok: [], good: [], unknown: [] };
    for (const id of ids) {
      const ch = pickChannel(perUnit.get(id), isBattery, isAnyBattery);
      if (!ch) continue; // no battery channel: not counted by the KPI either
      out[bucketOf(Number.isFinite(Number(ch.Value)) ? Number(ch.Value) : null)].push(id);
    }
    members.current = { key: memberKey, ids: out };
    return out;
  }, [api, units, memberKey]);

  const pick = async (id: string) => {
    const bucket = id as BucketId;
    setBusy(bucket);
    setPickFailed(false);
    try {
      const ids = (await lookUp())[bucket];
      setBinding('units', isSelection(bindings.units, ids) ? [] : ids);
    } catch {
      setPickFailed(true);
    } finally {
      setBusy(null);
    }
  };

  const buckets = kpi.data;
  const total = useMemo(() => (buckets ?? []).reduce((s, b) => s + (Number(b.Count) || 0), 0), [buckets]);
  const known = members.current?.key === memberKey ? members.current.ids : null;
  const active = known ? (BATTERY_BUCKETS.find((b) => isSelection(bindings.units, known[b.id]))?.id ?? null) : null;

  if (!buckets) return kpiPending(t, 'battery', kpi);
  if (total === 0)
    return (
      <WidgetState kind="empty" title={t('widgets.battery.empty.title')}>
        {t('widgets.battery.empty.text')}
      </WidgetState>
    );

  const count = (id: BucketId) => Number(buckets.find((b) => b.Bucket === id)?.Count ?? 0);
  const volts = (v: number | null) => (v === null ? '' : num(v, 2));
  const range = (b: (typeof BATTERY_BUCKETS)[number]) =>
    b.id === 'unknown'
      ? ''
      : b.min === null
        ? `< ${volts(b.max)} V`
        : b.max === null
          ? `≥ ${volts(b.min)} V`
          : `${volts(b.min)}–${volts(b.max)} V`;
  const attention = count('critical') + count('low');

  return (
    <div className={css.root} data-testid="battery-widget">
      <div className={css.headline}>
        <span className={css.big} data-testid="battery-attention" style={attention ? { color: COLOR.low } : undefined}>
          {attention}
        </span>
        <span className={css.label}>{t('widgets.battery.attention', { total })}</span>
      </div>
      <BarList
        label={t('widgets.battery.buckets')}
        active={active}
        busy={busy}
        onPick={(id) => void pick(id)}
        items={BATTERY_BUCKETS.map((b) => {
          const n = count(b.id);
          const name = t(`widgets.battery.bucket.${b.id}`);
          return {
            key: b.id,
            testId: `battery-${b.id}`,
            color: COLOR[b.id],
            count: n,
            sub: `${percent(n, total)} %`,
            label: (
              <>
                {name}
                {range(b) && <span className={css.sub}>{range(b)}</span>}
              </>
            ),
            title: t('widgets.battery.select', { bucket: name, range: range(b), count: n }),
          };
        })}
      />
      {(pickFailed || kpi.status === 'error' || units.length > BATTERY_SELECT_MAX) && (
        <Note tone="warning">
          {pickFailed
            ? t('widgets.battery.pickFailed')
            : kpi.status === 'error'
              ? t('widgets.kpi.error.stale')
              : t('widgets.battery.capped', { shown: BATTERY_SELECT_MAX })}
        </Note>
      )}
    </div>
  );
}
