/**
 * The time range of a chart: a preset (TIME_RANGES_HOURS back from now) or a custom from–to entered
 * as wall time in the user's zone, date format and 12/24 h setting. Changing it calls onChange — a dashboard widget writes its link
 * group's binding (every chart of the group follows), a unit's page its own state.
 */
import { useState } from 'react';
import { TELEMETRY_MAX_RANGE_MS } from '@fieldwatch/shared';
import { formatDateTime, type TimeConfig } from '@fieldwatch/shared/remote';
import { Button, Select } from '@fieldwatch/shared/ui';
import { useChartTranslation } from './texts';
import {
  fromWallText,
  isPreset,
  PRESET_HOURS,
  resolveRange,
  toWallText,
  wallTextPattern,
  type TimeRange,
} from './time-range';
import css from './chart.module.css';

const CUSTOM = 'custom';

export function presetLabel(hours: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (hours === 1) return t('range.oneHour');
  if (hours < 48) return t('range.hours', { n: hours });
  if (hours <= 24 * 60) return t('range.days', { n: Math.round(hours / 24) });
  if (hours < 24 * 365) return t('range.months', { n: Math.round(hours / 730) });
  return t('range.year');
}

/** A short text of a range: "Last 7 days" or "10 Jan 2026 14:00 – 12 Jan 2026 09:00". */
export function rangeText(r: TimeRange, tc: TimeConfig, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (isPreset(r)) return t('range.last', { range: presetLabel(r.hours, t) });
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
  const { t } = useChartTranslation();
  const [editing, setEditing] = useState(false);
  const resolved = resolveRange(value);
  const [from, setFrom] = useState(() => toWallText(resolved.start, tc));
  const [to, setTo] = useState(() => toWallText(resolved.end, tc));
  const custom = !isPreset(value);
  const selectValue = editing || custom ? CUSTOM : String((value as { hours: number }).hours);

  const startEdit = () => {
    const r = resolveRange(value);
    setFrom(toWallText(r.start, tc));
    setTo(toWallText(r.end, tc));
    setEditing(true);
  };

  const fromMs = fromWallText(from, tc);
  const toMs = fromWallText(to, tc);
  const error = !Number.isFinite(fromMs) || !Number.isFinite(toMs)
    ? t('range.invalid')
    : fromMs >= toMs
      ? t('range.order')
      : toMs - fromMs > TELEMETRY_MAX_RANGE_MS
        ? t('range.tooLong')
        : null;

  return (
    <div className={css.range}>
      <Select
        compact
        aria-label={t('range.label')}
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
            {compact ? presetLabel(h, t) : t('range.last', { range: presetLabel(h, t) })}
          </option>
        ))}
        <option value={CUSTOM}>{t('range.custom')}</option>
      </Select>
      {custom && !editing && (
        <button type="button" className={css.linkButton} onClick={startEdit} title={t('range.edit')}>
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
            <span>{t('range.from')}</span>
            {/* Typed in the user's date format and 12/24 h setting, not the browser's locale. */}
            <input
              type="text"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className={css.input}
              placeholder={wallTextPattern(tc)}
              title={wallTextPattern(tc)}
              size={19}
              spellCheck={false}
            />
          </label>
          <label className={css.field}>
            <span>{t('range.to')}</span>
            <input
              type="text"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              className={css.input}
              placeholder={wallTextPattern(tc)}
              title={wallTextPattern(tc)}
              size={19}
              spellCheck={false}
            />
          </label>
          <Button size="small" variant="primary" type="submit" disabled={!!error}>
            {t('range.apply')}
          </Button>
          <Button size="small" variant="ghost" onClick={() => setEditing(false)}>
            {t('range.cancel')}
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
