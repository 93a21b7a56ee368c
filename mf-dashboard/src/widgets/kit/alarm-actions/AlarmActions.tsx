/**
 * What the alarm widgets and the map popup show of an alarm's state and offer to do with it
 * (shared domain/alarm-state.ts): who acknowledged it and when, and the Acknowledge and Reset
 * buttons — only the actions the alarm's state allows (alarmActionsFor), and none for Readers.
 * The calls, their failures ("Could not reset {0}") and keeping the page current are
 * useAlarmActions' (@fieldwatch/shared/remote); this file is only what it looks like.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmActionsFor, alarmTypeKey, type AlarmAction, type AlarmState } from '@fieldwatch/shared';
import type { AlarmActions } from '@fieldwatch/shared/remote';
import { formatDateTime, useTimeConfig } from '../time-format';
import css from './alarm-actions.module.css';

/** The alarm as these controls need it. */
export interface AlarmRef {
  id: number;
  type: number;
  unitName: string;
  state: AlarmState;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
}

/** How a failure names the alarm: "High level 1 on Pump station 2". */
export function useAlarmLabel(): (a: Pick<AlarmRef, 'type' | 'unitName'>) => string {
  const { t } = useTranslation('common');
  return (a) => t('alarmActions.alarmOn', { type: t(alarmTypeKey(a.type)), unit: a.unitName });
}

/**
 * "Acknowledged by demo.user, 22 Nov 2026 14:02" (nothing while nobody has). `short`: only the
 * name shows (narrow columns); the whole sentence is its title and what a screen reader says.
 */
export function AcknowledgedNote({ alarm, className, short }: { alarm: AlarmRef; className?: string; short?: boolean }) {
  const { t } = useTranslation('common');
  const tc = useTimeConfig();
  if (!alarm.acknowledgedAt) return null;
  const text = t('alarmActions.acknowledgedBy', {
    name: alarm.acknowledgedBy ?? '—',
    time: formatDateTime(alarm.acknowledgedAt, tc),
  });
  return (
    <span
      className={[css.ack, className].filter(Boolean).join(' ')}
      data-testid="alarm-acknowledged"
      title={text}
      aria-label={short ? text : undefined}
    >
      <span aria-hidden="true" className={css.tick}>
        ✓
      </span>
      <span aria-hidden={short || undefined}>{short ? (alarm.acknowledgedBy ?? '—') : text}</span>
    </span>
  );
}

/** The state in words (New, Acknowledged, Cleared – not acknowledged, Closed), as a small tag. */
export function AlarmStateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation('common');
  return (
    <span className={css.state} data-state={state} data-testid="alarm-state">
      {t(`alarmState.${state}`)}
    </span>
  );
}

/**
 * The buttons of the actions the alarm's state allows. Clicks do not reach the row around them
 * (rows select their unit). Nothing at all for Readers or when no action applies.
 */
export function AlarmActionButtons(props: {
  alarm: AlarmRef;
  actions: AlarmActions;
  /** icon: two compact icon buttons (narrow rows); text: labelled buttons. */
  look?: 'text' | 'icon';
  onDone?: (action: AlarmAction) => void;
}) {
  const { t } = useTranslation('common');
  const label = useAlarmLabel();
  const { alarm, actions } = props;
  if (!actions.canAct) return null;
  const allowed = alarmActionsFor(alarm.state);
  if (allowed.length === 0) return null;
  const busy = actions.busy.has(alarm.id);
  const name = label(alarm);
  const click = (action: AlarmAction) => async (e: MouseEvent) => {
    e.stopPropagation();
    const done = await actions.run(action, [{ id: alarm.id, label: name }]);
    if (done) props.onDone?.(action);
  };
  const icon = props.look === 'icon';
  return (
    <span className={css.buttons} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {allowed.map((action) => (
        <button
          key={action}
          type="button"
          className={icon ? css.iconButton : css.button}
          data-action={action}
          data-testid={`alarm-${action}`}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={t(`alarmActions.${action}One`, { name })}
          title={t(`alarmActions.${action}One`, { name })}
          onClick={click(action)}
        >
          {icon ? (
            <span aria-hidden="true">{action === 'acknowledge' ? '✓' : '↺'}</span>
          ) : (
            t(`alarmActions.${action}`)
          )}
        </button>
      ))}
    </span>
  );
}
