/**
 * alarmMonitor: a wallboard of the newest active alarms — big, readable rows (unit, alarm type,
 * text, how long ago), critical alarms highlighted. Live: alarm events the server pushes into the
 * session (`events`) appear at once, before the next device refresh brings them in the units'
 * alarm lists; "how long ago" moves every minute. A click selects the unit in the link group.
 *
 * Alarm states (shared domain/alarm-state.ts): the header counts the new alarms (active, nobody
 * acknowledged them); an acknowledged alarm stays on the board, calmer, with who and when, until
 * its condition clears; Acknowledge and Reset sit on each row (not for Readers). Changes made
 * anywhere arrive by push and change the rows in place.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import {
  alarmEventStatus,
  alarmTypeKey,
  apiDateMs,
  type AlarmStatus,
  type FwEvent,
  isCriticalAlarm,
  type Unit,
} from '@fieldwatch/shared';
import { useAlarmActions, useAlarmStatuses, useServerText, useSession } from '@fieldwatch/shared/remote';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDateTime, formatTime, useTimeConfig } from '../kit/time-format';
import { activeAlarmsOf, type AlarmRow, byNewest, withStatus } from '../kit/data/alarms';
import { AcknowledgedNote, AlarmActionButtons } from '../kit/alarm-actions/AlarmActions';
import { useIdSet } from '../kit/table/selection';
import { useTicker } from '../kit/table/timing';
import css from './alarm-monitor.module.css';

/** The most rows a wallboard shows (the newest). */
export const MONITOR_MAX_ROWS = 50;
const NO_EVENTS: readonly FwEvent[] = [];
const NO_STATUSES: ReadonlyMap<number, AlarmStatus> = new Map();

/**
 * The units' active alarms plus alarm events pushed since the device list was loaded that it does
 * not hold yet (marked fresh), with the states the page learnt since (`statuses`: acknowledged
 * ones say so, cleared ones leave), newest first, at most `max`.
 */
export function monitorRows(
  units: readonly Unit[],
  events: readonly FwEvent[],
  loadedAt: number | null,
  max = MONITOR_MAX_ROWS,
  statuses: ReadonlyMap<number, AlarmStatus> = NO_STATUSES,
): Array<AlarmRow & { fresh?: boolean }> {
  const active: Array<AlarmRow & { fresh?: boolean }> = activeAlarmsOf(units);
  const known = new Set(active.map((a) => a.id));
  const byId = new Map<number, Unit>();
  if (events.length) for (const u of units) byId.set(u.UnitID, u);
  for (const e of events) {
    if (e.type !== 'alarm' || !e.alarm || e.unitId === undefined) continue;
    // The alarm's own id (events since alarms have states carry it); older ones: their alarm id text.
    const id = e.alarm.id ?? Number(e.alarmId);
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
      state: 'activeUnacknowledged',
      acknowledgedBy: null,
      acknowledgedAt: null,
      fresh: true,
    });
    if (Number.isFinite(id)) known.add(id);
  }
  return active
    .map((r) => withStatus(r, statuses.get(r.id)))
    .filter((r) => r.active)
    .sort(byNewest)
    .slice(0, max);
}

export default function AlarmMonitor({ units, unitsLoadedAt: loadedAt, bindings, setBinding, size }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const serverText = useServerText();
  const tc = useTimeConfig();
  const events = useSession((s) => s.events) ?? NO_EVENTS;
  const actions = useAlarmActions();
  const statuses = useAlarmStatuses();
  const now = useTicker(60_000);
  const all = useMemo(() => monitorRows(units, events, loadedAt, Infinity, statuses), [units, events, loadedAt, statuses]);
  const rows = useMemo(() => all.slice(0, MONITOR_MAX_ROWS), [all]);
  const total = useMemo(() => {
    let critical = 0;
    let unacknowledged = 0;
    for (const r of all) {
      if (r.critical) critical += 1;
      if (r.state === 'activeUnacknowledged') unacknowledged += 1;
    }
    return { n: all.length, critical, unacknowledged };
  }, [all]);
  const selected = useIdSet(bindings.units);
  const compact = size.width > 0 && size.width < 440;

  if (units.length === 0 && loadedAt === null) return <WidgetState kind="loading" label={t('widgets.alarmMonitor.loading')} />;
  if (units.length === 0)
    return (
      <WidgetState kind="empty" title={t('noUnits.title')}>
        {t('noUnits.text')}
      </WidgetState>
    );

  return (
    <section className={css.root} data-compact={compact || undefined} aria-label={t('widgets.alarmMonitor.label')} data-testid="alarm-monitor">
      <header className={css.head}>
        <span className={css.live}>
          <span className={css.pulse} aria-hidden="true" />
          {t('widgets.alarmMonitor.live')}
        </span>
        <span className={css.headStat} data-testid="monitor-count">
          <strong>{total.n.toLocaleString()}</strong> {t('widgets.alarmMonitor.active')}
        </span>
        <span className={css.headStat} data-tone="new" data-testid="monitor-new-count">
          <strong>{total.unacknowledged.toLocaleString()}</strong> {t('widgets.alarmMonitor.unacknowledged')}
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
              <li
                key={`${r.id}:${r.unitId}`}
                className={css.item}
                data-actions={actions.canAct ? (compact ? 'icon' : 'text') : undefined}
              >
                <button
                  type="button"
                  className={css.row}
                  data-testid="monitor-row"
                  data-alarm-id={r.id}
                  data-state={r.state}
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
                      <span className={css.text}>{[r.unitLocation, serverText.alarmText(r.text)].filter(Boolean).join(' · ')}</span>
                    )}
                    {r.acknowledgedAt && <AcknowledgedNote alarm={r} className={css.ack} />}
                  </span>
                  <span className={css.when}>
                    <span className={css.ago}>{ago}</span>
                    <span className={css.at}>{formatDateTime(r.ms, tc)}</span>
                  </span>
                </button>
                {/* Real alarm ids only: a pushed event of an older server has none to act on. */}
                {r.id > 0 && (
                  <span className={css.actions}>
                    <AlarmActionButtons alarm={r} actions={actions} look={compact ? 'icon' : 'text'} />
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {total.n > rows.length && (
        <p className={css.more}>{t('widgets.alarmMonitor.more', { count: total.n - rows.length })}</p>
      )}
    </section>
  );
}
