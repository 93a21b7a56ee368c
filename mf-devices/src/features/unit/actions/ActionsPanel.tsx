/**
 * The unit actions of a unit's page (spec §4: get data, get radar and data, get settings, purge
 * data, restart, send settings, set time, test — those the unit's options list) and its recent
 * commands with their life. Purge data and restart ask first, naming the unit. A started action is
 * shown at once as queued and then follows the server (see useUnitCommands). Readers see the list
 * only.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  DESTRUCTIVE_UNIT_ACTIONS,
  ENDPOINTS,
  errorMessage,
  pathFor,
  queryKeys,
  type AnswerOf,
  type UnitAction,
  type UnitActionRecord,
} from '@fieldwatch/shared';
import { RelativeTime, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, ConfirmDialog, EmptyState, LoadView } from '@fieldwatch/shared/ui';
import { loadViewLabels } from '@fieldwatch/shared/remote';
import { COMMAND_TONE } from './command-ui';
import { useUnitCommands } from './useCommands';
import css from './ActionsPanel.module.css';

/** Commands shown on the page (the log scan has them all). */
const SHOWN = 8;

export function ActionsPanel(props: {
  unitId: number;
  unitName: string;
  actions: readonly UnitAction[];
  canEdit: boolean;
}) {
  const { unitId, unitName } = props;
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const commands = useUnitCommands(unitId);
  const [confirm, setConfirm] = useState<UnitAction | null>(null);
  const [busy, setBusy] = useState<UnitAction | null>(null);
  const [result, setResult] = useState<{ action: UnitAction; ok: boolean; text: string } | null>(null);

  const run = async (action: UnitAction) => {
    setBusy(action);
    setResult(null);
    try {
      const res = await api.http.post<{ data: AnswerOf<typeof ENDPOINTS.runUnitAction> }>(
        pathFor(ENDPOINTS.runUnitAction, { id: unitId }),
        { action },
      );
      const record = res.data.data;
      queryClient.setQueryData<UnitActionRecord[]>(queryKeys.unitPart(unitId, 'commands'), (list) => [
        record,
        ...(list ?? []).filter((c) => c.id !== record.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'commands') });
      setResult({
        action,
        ok: true,
        text: t('unit.actions.started', { action: t(`unit.action.${action}`), unit: unitName }),
      });
      setConfirm(null);
    } catch (err) {
      const text = t('unit.actions.failed', {
        action: t(`unit.action.${action}`),
        reason: errorMessage(err),
      });
      setResult({ action, ok: false, text });
    } finally {
      setBusy(null);
    }
  };

  const ask = (action: UnitAction) => {
    setResult(null);
    if (DESTRUCTIVE_UNIT_ACTIONS.includes(action)) setConfirm(action);
    else void run(action);
  };

  return (
    <Card title={t('unit.actions.title')} data-testid="unit-actions">
      {props.canEdit && props.actions.length > 0 && (
        <div className={css.buttons}>
          {props.actions.map((a) => (
            <Button
              key={a}
              size="small"
              variant={DESTRUCTIVE_UNIT_ACTIONS.includes(a) ? 'danger' : 'default'}
              disabled={busy !== null}
              aria-busy={busy === a || undefined}
              onClick={() => ask(a)}
              data-action={a}
            >
              {t(`unit.action.${a}`)}
            </Button>
          ))}
        </div>
      )}
      {props.canEdit && props.actions.length === 0 && <p className={css.muted}>{t('unit.actions.none')}</p>}
      {result && !confirm && (
        <p
          className={result.ok ? css.ok : css.error}
          role={result.ok ? 'status' : 'alert'}
          data-testid="action-result"
        >
          {result.text}
        </p>
      )}
      <h3 className={css.subtitle}>{t('unit.commands.title')}</h3>
      <LoadView load={commands} labels={loadViewLabels(t, 'unit.commands.', { stale: false })} bare>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('unit.commands.empty')} />
          ) : (
            <ul className={css.list} data-testid="command-list">
              {list.slice(0, SHOWN).map((c) => (
                <li key={c.id} className={css.item} data-testid="command" data-status={c.status}>
                  <span className={css.what}>
                    <span className={css.name}>{t(`unit.action.${c.action}`)}</span>
                    {c.detail && <span className={css.muted}>{c.detail}</span>}
                  </span>
                  <Chip tone={COMMAND_TONE[c.status]}>{t(`unit.commandState.${c.status}`)}</Chip>
                  <span className={css.muted}>
                    <RelativeTime date={c.completedAt ?? c.sentAt ?? c.requestedAt} />
                    {c.requestedBy ? ` · ${c.requestedBy}` : ''}
                  </span>
                  {c.result && (c.status === 'failed' || c.status === 'timedOut') && (
                    <span className={css.error}>{c.result}</span>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </LoadView>
      {confirm && (
        <ConfirmDialog
          title={t(`unit.actions.confirm.${confirm}.title`, { unit: unitName })}
          confirmLabel={t(`unit.action.${confirm}`)}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          danger
          busy={busy === confirm}
          error={result && !result.ok ? result.text : undefined}
          onConfirm={() => void run(confirm)}
          onCancel={() => {
            setConfirm(null);
            setResult(null);
          }}
          testId="action-confirm"
        >
          {t(`unit.actions.confirm.${confirm}.text`, { unit: unitName })}
        </ConfirmDialog>
      )}
    </Card>
  );
}
