/**
 * Firmware: the version the unit runs, the versions its model can take (GET firmware), and an
 * update scheduled to one of them (POST scheduleFirmware) whose progress follows the command's life
 * (queued → sent → acknowledged, or failed / timed out). While an update is open the tab asks again
 * every 2 s. Readers see the versions only.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  errorMessage,
  fromResult,
  isCommandOpen,
  pathFor,
  queryKeys,
  type AnswerOf,
  type FirmwareInfo,
} from '@fieldwatch/shared';
import { RelativeTime, loadViewLabels, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, ConfirmDialog, LoadView, Select } from '@fieldwatch/shared/ui';
import { COMMAND_TONE } from '../../actions/command-ui';
import { COMMAND_POLL_MS } from '../../actions/useCommands';
import type { UnitTabProps } from '../types';
import css from '../tabs.module.css';

export function FirmwareTab({ unitId, details, canEdit }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const key = queryKeys.unitPart(unitId, 'firmware');
  const q = useQuery<FirmwareInfo>({
    queryKey: key,
    queryFn: fromResult(() =>
      api.get<AnswerOf<typeof ENDPOINTS.firmware>>(pathFor(ENDPOINTS.firmware, { id: unitId })),
    ),
    refetchInterval: (query) => {
      const p = (query.state.data as FirmwareInfo | undefined)?.pending;
      return p && isCommandOpen(p.status) ? COMMAND_POLL_MS : false;
    },
  });
  const load = {
    status: q.isSuccess ? 'ready' : q.isError ? 'error' : 'loading',
    data: q.data,
    reload: () => void q.refetch(),
  } as const;
  const [version, setVersion] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const schedule = async (v: string) => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.http.post<{ data: AnswerOf<typeof ENDPOINTS.scheduleFirmware> }>(
        pathFor(ENDPOINTS.scheduleFirmware, { id: unitId }),
        { version: v },
      );
      queryClient.setQueryData<FirmwareInfo>(key, (info) =>
        info ? { ...info, pending: res.data.data } : info,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'commands') });
      setAsking(false);
      setDone(t('unit.firmware.scheduled', { version: v, unit: details.UnitName }));
    } catch (err) {
      setError(t('unit.firmware.failed', { reason: errorMessage(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('unit.firmware.title')} data-testid="firmware-tab">
      <LoadView load={load} labels={loadViewLabels(t, 'unit.firmware.', { stale: false })} bare>
        {(info) => {
          const choices = info.available.filter((v) => v !== info.current);
          const chosen = version && choices.includes(version) ? version : (choices[0] ?? '');
          const open = info.pending !== null && isCommandOpen(info.pending.status);
          return (
            <div className={css.stack}>
              <dl className={css.facts}>
                <div className={css.fact}>
                  <dt>{t('unit.firmware.current')}</dt>
                  <dd data-testid="firmware-current">{info.current}</dd>
                </div>
                <div className={css.fact}>
                  <dt>{t('unit.firmware.available')}</dt>
                  <dd>
                    {info.available.length > 0 ? info.available.join(', ') : t('unit.firmware.noneAvailable')}
                  </dd>
                </div>
              </dl>
              {info.pending && (
                <div className={css.row} data-testid="firmware-progress">
                  <span>{t('unit.firmware.update', { version: info.pending.detail })}</span>
                  <Chip tone={COMMAND_TONE[info.pending.status]}>
                    {t(`unit.commandState.${info.pending.status}`)}
                  </Chip>
                  <span className={css.muted}>
                    <RelativeTime
                      date={info.pending.completedAt ?? info.pending.sentAt ?? info.pending.requestedAt}
                    />
                  </span>
                  {!isCommandOpen(info.pending.status) &&
                    info.pending.status !== 'acknowledged' &&
                    info.pending.result && <span className={css.error}>{info.pending.result}</span>}
                </div>
              )}
              {canEdit ? (
                choices.length === 0 ? (
                  <p className={css.muted}>{t('unit.firmware.upToDate')}</p>
                ) : (
                  <div className={css.row}>
                    <label>
                      <span className={css.muted}>{t('unit.firmware.choose')}</span>
                      <br />
                      <Select
                        value={chosen}
                        onChange={(e) => setVersion(e.target.value)}
                        disabled={open || busy}
                      >
                        {choices.map((v) => (
                          <option key={v} value={v}>
                            {v}
                          </option>
                        ))}
                      </Select>
                    </label>
                    <Button
                      variant="primary"
                      disabled={open || busy || !chosen}
                      onClick={() => {
                        setDone(null);
                        setAsking(true);
                      }}
                    >
                      {t('unit.firmware.schedule')}
                    </Button>
                    {open && <span className={css.muted}>{t('unit.firmware.busy')}</span>}
                  </div>
                )
              ) : (
                <p className={css.muted}>{t('unit.firmware.readOnly')}</p>
              )}
              {done && (
                <p className={css.ok} role="status">
                  {done}
                </p>
              )}
              {asking && (
                <ConfirmDialog
                  title={t('unit.firmware.confirmTitle', { unit: details.UnitName })}
                  confirmLabel={t('unit.firmware.schedule')}
                  cancelLabel={t('common:action.cancel')}
                  closeLabel={t('common:action.close')}
                  busy={busy}
                  error={error ?? undefined}
                  onConfirm={() => void schedule(chosen)}
                  onCancel={() => {
                    setAsking(false);
                    setError(null);
                  }}
                  testId="firmware-confirm"
                >
                  {t('unit.firmware.confirmText', { unit: details.UnitName, from: info.current, to: chosen })}
                </ConfirmDialog>
              )}
            </div>
          );
        }}
      </LoadView>
    </Card>
  );
}
