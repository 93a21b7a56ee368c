/**
 * The popup of a unit marker: name, model, location, status, alarms (or occupancy) and a link.
 * Each alarm shows who acknowledged it, with Acknowledge and Reset for those who may act.
 */
import { useTranslation } from 'react-i18next';
import { alarmStateOf, alarmTypeKey, type ParkingBayState, type Unit, type UnitStatus } from '@fieldwatch/shared';
import { useAlarmActions, useServerText } from '@fieldwatch/shared/remote';
import { StatusBadge } from '@fieldwatch/shared/ui';
import { AcknowledgedNote, AlarmActionButtons, type AlarmRef } from '../alarm-actions/AlarmActions';
import { formatDateTime, useTimeConfig } from '../time-format';
import type { MapVariant } from './model';
import css from './map.module.css';

const MAX_ALARMS = 5;

export function UnitPopup(props: {
  unit: Unit;
  status: UnitStatus;
  variant: MapVariant;
  /** The parking bay's state (shared rule), when known. */
  bay: ParkingBayState | undefined;
  selected: boolean;
  onNavigate: (path: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const serverText = useServerText();
  const time = useTimeConfig();
  const alarmActions = useAlarmActions();
  const { unit, status } = props;
  const alarmRef = (e: Unit['AlarmEvents'][number]): AlarmRef => ({
    id: e.AlarmID,
    type: e.AlarmType,
    unitName: unit.UnitName,
    state: alarmStateOf({ active: true, acknowledgedAt: e.AcknowledgedAt ?? null }),
    acknowledgedBy: e.AcknowledgedBy ?? null,
    acknowledgedAt: e.AcknowledgedAt ?? null,
  });
  const events = [...(unit.AlarmEvents ?? [])].sort(
    (a, b) => new Date(b.AlarmEventTime).getTime() - new Date(a.AlarmEventTime).getTime(),
  );
  const alarmLabel = (type: number) => t(`common:${alarmTypeKey(type)}`, { defaultValue: t('common:alarmType.unknown', { type }) });
  const href = `/devicemanagement?q=${encodeURIComponent(unit.UnitName)}`;
  const shownAlarms = props.variant === 'alarm' ? events.slice(0, MAX_ALARMS) : events.slice(0, 1);
  return (
    <div className={css.popup} data-testid="map-popup">
      <p className={css.popupTitle}>
        {unit.UnitName}
        {props.selected && <span className={css.popupSelected}>{t('widgets.unitMap.popup.selected')}</span>}
      </p>
      <dl className={css.popupFacts}>
        <dt>{t('widgets.unitMap.popup.model')}</dt>
        <dd>{serverText.unitType(unit.UnitType)}</dd>
        <dt>{t('widgets.unitMap.popup.location')}</dt>
        <dd>{unit.UnitLocation || '—'}</dd>
        <dt>{t('widgets.unitMap.popup.status')}</dt>
        <dd>
          <StatusBadge status={status} label={t(`common:status.${status}`)} />
        </dd>
        {props.variant === 'parking' && (
          <>
            <dt>{t('widgets.parkingMap.occupancy')}</dt>
            <dd>
              {t(`widgets.parkingMap.${props.bay ?? 'unknown'}`)}
            </dd>
          </>
        )}
        <dt>{props.variant === 'alarm' ? t('widgets.unitMap.popup.alarms') : t('widgets.unitMap.popup.latestAlarm')}</dt>
        <dd>
          {shownAlarms.length === 0 ? (
            <span className={css.muted}>{t('widgets.unitMap.popup.noAlarm')}</span>
          ) : (
            <ul className={css.popupAlarms}>
              {shownAlarms.map((e) => (
                <li key={`${e.AlarmID}-${e.ChannelID}-${e.AlarmEventTime}`} data-testid="popup-alarm">
                  <span>{alarmLabel(e.AlarmType)}</span>
                  <time dateTime={e.AlarmEventTime}>{formatDateTime(e.AlarmEventTime, time)}</time>
                  <AcknowledgedNote alarm={alarmRef(e)} />
                  <AlarmActionButtons alarm={alarmRef(e)} actions={alarmActions} look="icon" />
                </li>
              ))}
              {props.variant === 'alarm' && events.length > MAX_ALARMS && (
                <li className={css.muted}>{t('widgets.unitMap.popup.more', { count: events.length - MAX_ALARMS })}</li>
              )}
            </ul>
          )}
        </dd>
      </dl>
      <a
        className={css.popupLink}
        href={href}
        onClick={(e) => {
          e.preventDefault();
          props.onNavigate(href);
        }}
      >
        {t('widgets.unitMap.popup.open')}
      </a>
    </div>
  );
}
