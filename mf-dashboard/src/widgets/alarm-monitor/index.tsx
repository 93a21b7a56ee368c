/**
 * alarmMonitor: a wallboard of the newest active alarms — big, readable rows (unit, alarm type,
 * text, how long ago), critical alarms highlighted. Live: alarm events the server pushes into the
 * session (`events`) appear at once, before the next device refresh brings them in the units'
 * alarm lists; "how long ago" moves every minute. A click selects the unit in the link group.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import {
  alarmEventStatus,
  alarmTypeKey,
  apiDateMs,
  type FwEvent,
  isCriticalAlarm,
  type Unit,
} from '@fieldwatch/shared';
import { useSession } from '@fieldwatch/shared/remote';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDateTime, formatTime, useTimeConfig } from '../kit/time-format';
import { activeAlarmsOf, type AlarmRow, byNewest } from '../kit/data/alarms';
import { useIdSet } from '../kit/table/selection';
import { useTicker } from '../kit/table/timing';
import css from './alarm-monitor.module.css';

/** The most rows a wallboard shows (the newest). */
export const MONITOR_MAX_ROWS = 50;
const NO_EVENTS: readonly FwEvent[] = [];

/**
 * The units' active alarms plus alarm events pushed since the device list was loaded that it does
 * not hold yet (marked fresh), newest first, at most `max`.
 */
export function monitorRows(
  units: readonly Unit[],
  events: readonly FwEvent[],
  loadedAt: number | null,
  max = MONITOR_MAX_ROWS,
): Array<AlarmRow & { fresh?: boolean }> {
  const active: Array<AlarmRow & { fresh?: boolean }> = activeAlarmsOf(units);
  const known = new Set(active.map((a) => a.id));
  const byId = new Map<number, Unit>();
  if (events.length) for (const u of units) byId.set(u.UnitID, u);
  for (const e of events) {
    if (e.type !== 'alarm' || !e.alarm || e.unitId === undefined) continue;
    const id = Number(e.alarmId);
    if (Number.isFinite(id) && known.has(id)) continue;
    const created = Date.parse(e.created);
    if (loadedAt !== null && !(created > loadedAt)) continue; // older: the device list would hold it if still active
    const ms = apiDateMs(e.alarm.time) || created;
    const u = byId.get(e.unitId);
    active.push({
      id: Number.isFinite(id) ? id : -created,
      unitId: e.unitId,
      unitName: e.unitName ?? u?.UnitName ?? String(e.unitId),
      unitLocation: u?.UnitLocation ?? '',
      unitType: e.unitType ?? u?.UnitType ?? 0,
      type: e.alarm.type,
      text: e.alarm.text,
      time: e.alarm.time,
      ms: Number.isFinite(ms) ? ms : created,
      channelId: e.alarm.channelId,
      active: true,
      status: alarmEventStatus(e.alarm.type),
      critical: isCriticalAlarm(e.alarm.type),
      fresh: true,
    });
    if (Number.isFinite(id)) known.add(id);
  }
  return active.sort(byNewest).slice(0, max);
}

export default function AlarmMonitor({ units, unitsLoadedAt: loadedAt, bindings, setBinding, size }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const tc = useTimeConfig();
  const events = useSession((s) => s.events) ?? NO_EVENTS;
  const now = useTicker(60_000);
  const rows = useMemo(() => monitorRows(units, events, loadedAt), [units, events, loadedAt]);
  const total = useMemo(() => {
    let n = 0;
    let critical = 0;
    for (const u of units)
      for (const e of u.AlarmEvents ?? []) {
        const type = Number(e.AlarmType);
        if (!Number.isFinite(type) || type < 0) continue;
        n += 1;
        if (isCriticalAlarm(type)) critical += 1;
      }
    return { n, critical };
  }, [units]);
  const selected = useIdSet(bindings.units);
  const compact = size.width > 0 && size.width < 440;

  if (units.length === 0 && loadedAt === null) return <WidgetState kind="loading" label={t('widgets.alarmMonitor.loading')} />;
  if (units.length === 0)
    return (
      <WidgetState kind="empty" title={t('noUnits.title')}>
        {t('noUnits.text')}
      </WidgetState>
    );

  const fresh = rows.filter((r) => r.fresh).length;
  return (
    <section className={css.root} data-compact={compact || undefined} aria-label={t('widgets.alarmMonitor.label')} data-testid="alarm-monitor">
      <header className={css.head}>
        <span className={css.live}>
          <span className={css.pulse} aria-hidden="true" />
          {t('widgets.alarmMonitor.live')}
        </span>
        <span className={css.headStat} data-testid="monitor-count">
          <strong>{(total.n + fresh).toLocaleString()}</strong> {t('widgets.alarmMonitor.active')}
        </span>
        {total.critical > 0 && (
          <span className={css.headStat} data-tone="critical">
            <strong>{total.critical.toLocaleString()}</strong> {t('widgets.alarmMonitor.critical')}
          </span>
        )}
        {loadedAt !== null && (
          <span className={css.updated}>{t('updatedAt', { time: formatTime(loadedAt, tc) })}</span>
        )}
      </header>
      {rows.length === 0 ? (
        <div className={css.calm} data-testid="monitor-calm">
          <span className={css.calmMark} aria-hidden="true">
            ✓
          </span>
          <p className={css.calmTitle}>{t('widgets.alarmMonitor.none')}</p>
          <p className={css.calmText}>{t('widgets.alarmMonitor.noneText')}</p>
        </div>
      ) : (
        <ol className={css.rows} aria-live="polite">
          {rows.map((r) => {
            const type = t(`common:${alarmTypeKey(r.type)}`);
            const ago = Number.isFinite(r.ms) ? moment(Math.min(r.ms, now)).from(now) : '';
            return (
              <li key={`${r.id}:${r.unitId}`}>
                <button
                  type="button"
                  className={css.row}
                  data-testid="monitor-row"
                  data-critical={r.critical || undefined}
                  data-status={r.status}
                  data-fresh={r.fresh || undefined}
                  aria-pressed={selected.has(r.unitId)}
                  onClick={() => setBinding('units', [r.unitId])}
                >
                  <span className={css.main}>
                    <span className={css.unit}>{r.unitName}</span>
                    <span className={css.type}>
                      {r.critical && <span className={css.badge}>{t('widgets.alarms.criticalBadge')}</span>}
                      {type}
                      {r.fresh && <span className={css.new}>{t('widgets.alarmMonitor.new')}</span>}
                    </span>
                    {!compact && (r.text || r.unitLocation) && (
                      <span className={css.text}>{[r.unitLocation, r.text].filter(Boolean).join(' · ')}</span>
                    )}
                  </span>
                  <span className={css.when}>
                    <span className={css.ago}>{ago}</span>
                    <span className={css.at}>{formatDateTime(r.ms, tc)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {total.n + fresh > rows.length && (
        <p className={css.more}>{t('widgets.alarmMonitor.more', { count: total.n + fresh - rows.length })}</p>
      )}
    </section>
  );
}
