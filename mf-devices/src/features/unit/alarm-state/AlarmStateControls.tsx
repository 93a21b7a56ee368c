/**
 * One active alarm of the unit page's header: who acknowledged it and when, and Acknowledge and
 * Reset for those who may act (shared domain/alarm-state.ts; the calls, their failure toasts —
 * "Could not reset {0}" — and keeping the page current are useAlarmActions').
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmActionsFor, alarmStateOf, alarmTypeKey, type AlarmEventRef } from '@fieldwatch/shared';
import { AbsoluteTime, type AlarmActions } from '@fieldwatch/shared/remote';
import { Button } from '@fieldwatch/shared/ui';
import css from './AlarmStateControls.module.css';

export function AlarmStateControls({
  alarm,
  unitName,
  actions,
}: {
  alarm: AlarmEventRef;
  unitName: string;
  actions: AlarmActions;
}) {
  const { t } = useTranslation('common');
  const state = alarmStateOf({ active: true, acknowledgedAt: alarm.AcknowledgedAt ?? null });
  const name = t('alarmActions.alarmOn', { type: t(alarmTypeKey(alarm.AlarmType)), unit: unitName });
  const allowed = actions.canAct ? alarmActionsFor(state) : [];
  const busy = actions.busy.has(alarm.AlarmID);
  const root = useRef<HTMLSpanElement>(null);
  const act = (action: (typeof allowed)[number]) => {
    const here = root.current;
    void actions.run(action, [{ id: alarm.AlarmID, label: name }]).then(() =>
      // The pressed button may be gone (Acknowledge turns into "acknowledged by"): the focus stays
      // with this alarm (its next action, else its state) instead of falling to the page (issue 23).
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (here?.isConnected && (!active || active === document.body))
          (here.querySelector<HTMLElement>('button:not(:disabled)') ?? here).focus();
      }),
    );
  };
  return (
    <span className={css.controls} ref={root} tabIndex={-1}>
      {alarm.AcknowledgedAt ? (
        <span className={css.ack} data-testid="alarm-acknowledged">
          <span aria-hidden="true" className={css.tick}>
            ✓
          </span>
          {t('alarmActions.acknowledgedByName', { name: alarm.AcknowledgedBy ?? '—' })}{' '}
          <AbsoluteTime date={alarm.AcknowledgedAt} />
        </span>
      ) : (
        <span className={css.new} data-testid="alarm-state">
          {t('alarmState.activeUnacknowledged')}
        </span>
      )}
      {allowed.map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'acknowledge' ? 'primary' : 'default'}
          data-testid={`alarm-${action}`}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={t(`alarmActions.${action}One`, { name })}
          onClick={() => act(action)}
        >
          {t(`alarmActions.${action}`)}
        </Button>
      ))}
    </span>
  );
}
