/**
 * The unit's relay (when its options say it has one): the same record as the dashboard's relay
 * widget (GET relay) — initializing, pending, on, off, error, resetting. Switching and resetting ask
 * first, naming the unit; the relay then shows pending (or resetting) until the unit acknowledges
 * (on/off) or the command fails or times out ("Error updating relay"). Pushed relay states arrive
 * through useUnitPush; while it is pending the panel also asks every 2 s (the fallback when the push
 * stream is down). Readers see the state.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  errorMessage,
  fromResult,
  pathFor,
  queryKeys,
  type AnswerOf,
  type Relay,
  type RelayRequest,
  type RelayState,
} from '@fieldwatch/shared';
import { RelativeTime, loadViewLabels, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, ConfirmDialog, LoadView, type Tone } from '@fieldwatch/shared/ui';
import { COMMAND_POLL_MS } from '../actions/useCommands';
import css from './RelayPanel.module.css';

const TONE: Record<RelayState, Tone> = {
  initializing: 'muted',
  pending: 'info',
  on: 'success',
  off: 'neutral',
  resetting: 'warning',
  error: 'danger',
};
const MOVING: ReadonlySet<RelayState> = new Set(['pending', 'resetting']);

export function RelayPanel({
  unitId,
  unitName,
  canEdit,
}: {
  unitId: number;
  unitName: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const key = queryKeys.unitPart(unitId, 'relay');
  const q = useQuery<Relay>({
    queryKey: key,
    queryFn: fromResult(() =>
      api.get<AnswerOf<typeof ENDPOINTS.relay>>(pathFor(ENDPOINTS.relay, { id: unitId })),
    ),
    refetchInterval: (query) =>
      MOVING.has((query.state.data as Relay | undefined)?.state ?? 'off') ? COMMAND_POLL_MS : false,
  });
  const load = {
    status: q.isSuccess ? 'ready' : q.isError ? 'error' : 'loading',
    data: q.data,
    reload: () => void q.refetch(),
  } as const;
  const [ask, setAsk] = useState<RelayRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (body: RelayRequest) => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.http.post<{ data: AnswerOf<typeof ENDPOINTS.setRelay> }>(
        pathFor(ENDPOINTS.setRelay, { id: unitId }),
        body,
      );
      queryClient.setQueryData(key, res.data.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'commands') });
      setAsk(null);
    } catch (err) {
      const status = isAxiosError(err) ? err.response?.status : undefined;
      setError(
        status === 409 ? t('unit.relay.error') : t('unit.relay.failed', { reason: errorMessage(err) }),
      );
      // The server may have recorded the failure (state error): show what it holds now.
      if (status !== undefined) void queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(false);
    }
  };

  const what = ask ? (ask.reset ? 'reset' : ask.on ? 'on' : 'off') : null;
  return (
    <Card title={t('unit.relay.title')} data-testid="unit-relay">
      <LoadView load={load} labels={loadViewLabels(t, 'unit.relay.load.', { stale: false })} bare>
        {(relay) => (
          <div className={css.body}>
            <div className={css.state}>
              <span className={css.switch} data-on={relay.on || undefined}>
                {relay.on ? t('unit.relay.on') : t('unit.relay.off')}
              </span>
              <span data-testid="relay-state" data-state={relay.state}>
                <Chip tone={TONE[relay.state]}>{t(`unit.relay.state.${relay.state}`)}</Chip>
              </span>
              {relay.updatedAt && (
                <span className={css.muted}>
                  <RelativeTime date={relay.updatedAt} />
                </span>
              )}
            </div>
            {relay.state === 'error' && (
              <p className={css.error} role="alert">
                {t('unit.relay.error')}
              </p>
            )}
            {MOVING.has(relay.state) && <p className={css.muted}>{t('unit.relay.waiting')}</p>}
            {canEdit ? (
              <div className={css.buttons}>
                <Button
                  variant="primary"
                  disabled={busy || MOVING.has(relay.state)}
                  onClick={() => setAsk({ on: !relay.on })}
                >
                  {relay.on ? t('unit.relay.switchOff') : t('unit.relay.switchOn')}
                </Button>
                <Button disabled={busy || MOVING.has(relay.state)} onClick={() => setAsk({ reset: true })}>
                  {t('unit.relay.reset')}
                </Button>
              </div>
            ) : (
              <p className={css.muted}>{t('unit.relay.readOnly')}</p>
            )}
          </div>
        )}
      </LoadView>
      {ask && what && (
        <ConfirmDialog
          title={t(`unit.relay.confirm.${what}.title`, { unit: unitName })}
          confirmLabel={t(`unit.relay.confirm.${what}.button`)}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          danger={what !== 'off'}
          busy={busy}
          error={error ?? undefined}
          onConfirm={() => void send(ask)}
          onCancel={() => {
            setAsk(null);
            setError(null);
          }}
          testId="relay-confirm"
        >
          {t(`unit.relay.confirm.${what}.text`, { unit: unitName })}
        </ConfirmDialog>
      )}
    </Card>
  );
}
