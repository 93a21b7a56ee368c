/**
 * The time range of a link group's charts: a preset (TIME_RANGES_HOURS back from now) or a custom
 * from–to entered as wall time in the user's zone. Changing it calls onChange — the widget writes
 * the group's binding, so every chart of the group follows.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TELEMETRY_MAX_RANGE_MS } from '@fieldwatch/shared';
import { Button, Select } from '@fieldwatch/shared/ui';
import type { TimeRange } from '../widget-contract';
import { formatDateTime, type TimeConfig } from '../time-format';
import { fromWallInput, isPreset, PRESET_HOURS, resolveRange, toWallInput } from './time-range';
import css from './chart.module.css';

const CUSTOM = 'custom';

export function presetLabel(hours: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (hours === 1) return t('widgets.chart.range.oneHour');
  if (hours < 48) return t('widgets.chart.range.hours', { n: hours });
  if (hours <= 24 * 60) return t('widgets.chart.range.days', { n: Math.round(hours / 24) });
  if (hours < 24 * 365) return t('widgets.chart.range.months', { n: Math.round(hours / 730) });
  return t('widgets.chart.range.year');
}

/** A short text of a range: "Last 7 days" or "10 Jan 2026 14:00 – 12 Jan 2026 09:00". */
export function rangeText(r: TimeRange, tc: TimeConfig, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (isPreset(r)) return t('widgets.chart.range.last', { range: presetLabel(r.hours, t) });
  const { start, end } = resolveRange(r);
  return `${formatDateTime(start, tc)} – ${formatDateTime(end, tc)}`;
}

export function TimeRangePicker({
  value,
  onChange,
  tc,
  compact = false,
}: {
  value: TimeRange;
  onChange: (r: TimeRange) => void;
  tc: TimeConfig;
  compact?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const [editing, setEditing] = useState(false);
  const resolved = resolveRange(value);
  const [from, setFrom] = useState(() => toWallInput(resolved.start, tc));
  const [to, setTo] = useState(() => toWallInput(resolved.end, tc));
  const custom = !isPreset(value);
  const selectValue = editing || custom ? CUSTOM : String((value as { hours: number }).hours);

  const startEdit = () => {
    const r = resolveRange(value);
    setFrom(toWallInput(r.start, tc));
    setTo(toWallInput(r.end, tc));
    setEditing(true);
  };

  const fromMs = fromWallInput(from, tc);
  const toMs = fromWallInput(to, tc);
  const error = !Number.isFinite(fromMs) || !Number.isFinite(toMs)
    ? t('widgets.chart.range.invalid')
    : fromMs >= toMs
      ? t('widgets.chart.range.order')
      : toMs - fromMs > TELEMETRY_MAX_RANGE_MS
        ? t('widgets.chart.range.tooLong')
        : null;

  return (
    <div className={css.range}>
      <Select
        compact
        aria-label={t('widgets.chart.range.label')}
        value={selectValue}
        onChange={(e) => {
          const v = e.target.value;
          if (v === CUSTOM) startEdit();
          else {
            setEditing(false);
            onChange({ hours: Number(v) });
          }
        }}
      >
        {PRESET_HOURS.map((h) => (
          <option key={h} value={String(h)}>
            {compact ? presetLabel(h, t) : t('widgets.chart.range.last', { range: presetLabel(h, t) })}
          </option>
        ))}
        <option value={CUSTOM}>{t('widgets.chart.range.custom')}</option>
      </Select>
      {custom && !editing && (
        <button type="button" className={css.linkButton} onClick={startEdit} title={t('widgets.chart.range.edit')}>
          {rangeText(value, tc, t)}
        </button>
      )}
      {editing && (
        <form
          className={css.customForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (error) return;
            setEditing(false);
            onChange({ from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() });
          }}
        >
          <label className={css.field}>
            <span>{t('widgets.chart.range.from')}</span>
            <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} className={css.input} />
          </label>
          <label className={css.field}>
            <span>{t('widgets.chart.range.to')}</span>
            <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} className={css.input} />
          </label>
          <Button size="small" variant="primary" type="submit" disabled={!!error}>
            {t('widgets.chart.range.apply')}
          </Button>
          <Button size="small" variant="ghost" onClick={() => setEditing(false)}>
            {t('widgets.chart.range.cancel')}
          </Button>
          {error && (
            <span className={css.formError} role="status">
              {error}
            </span>
          )}
        </form>
      )}
    </div>
  );
}
