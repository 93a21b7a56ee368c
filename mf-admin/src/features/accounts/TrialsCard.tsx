/**
 * Trials on the Accounts page (issue 19 §1.6): the units of the admin's organisations activated
 * from their NFC tag, when each trial ends, whether its reminder went out, and — while it runs — a
 * conversion to a subscription (then the trial job leaves it running).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, pathFor, queryKeys, TRIAL_WEEKS, type AdminTrial, type Envelope } from '@fieldwatch/shared';
import { formatDate, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, LoadView, Table, type Tone } from '@fieldwatch/shared/ui';
import { serverMessage } from '../general/orgs';
import css from './AccountsPage.module.css';

const TONE: Record<AdminTrial['status'], Tone> = { active: 'info', ended: 'warning', converted: 'success' };

export function TrialsCard() {
  const { t } = useTranslation('admin');
  const { api, bus, navigate } = useRemote();
  const timeConfig = useTimeConfig();
  const trials = useApiQuery(queryKeys.adminTrials(), () => api.get<AdminTrial[]>(pathFor(ENDPOINTS.adminTrials)));
  const [busy, setBusy] = useState<number | null>(null);
  const date = (iso: string) => formatDate(new Date(iso), timeConfig);

  async function convert(trial: AdminTrial) {
    setBusy(trial.unitId);
    try {
      await api.http.post<Envelope<AdminTrial>>(pathFor(ENDPOINTS.convertTrial, { id: trial.unitId }));
      bus.emit('toast', { kind: 'success', message: t('trials.converted', { unit: trial.unitName }), raw: true });
      trials.reload();
    } catch (err) {
      bus.emit('toast', { kind: 'danger', message: t('trials.convertFailed', { message: serverMessage(err) ?? t('trials.error.text') }), raw: true });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={css.trials} aria-labelledby="fw-adm-trials" data-testid="admin-trials">
      <h2 id="fw-adm-trials" className={css.trialsTitle}>
        {t('trials.title')}
      </h2>
      <p className={css.muted}>{t('trials.subtitle', { weeks: TRIAL_WEEKS })}</p>
      <LoadView load={trials} labels={loadViewLabels(t, 'trials.', { stale: false })}>
        {(list) =>
          list.length === 0 ? (
            <Card>
              <p className={css.muted}>{t('trials.empty')}</p>
            </Card>
          ) : (
            <Card flush>
              <Table label={t('trials.title')} stacked>
                <thead>
                  <tr>
                    <th scope="col">{t('trials.columns.unit')}</th>
                    <th scope="col">{t('trials.columns.account')}</th>
                    <th scope="col">{t('trials.columns.activatedBy')}</th>
                    <th scope="col">{t('trials.columns.started')}</th>
                    <th scope="col">{t('trials.columns.ends')}</th>
                    <th scope="col">{t('trials.columns.status')}</th>
                    <th scope="col">
                      <span className={css.srOnly}>{t('trials.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((trial) => (
                    <tr key={trial.unitId} data-testid="trial-row">
                      <td data-label={t('trials.columns.unit')}>
                        <a
                          href={`/devicemanagement/${trial.unitId}`}
                          onClick={(e) => {
                            e.preventDefault();
                            navigate(`/devicemanagement/${trial.unitId}`);
                          }}
                        >
                          {trial.unitName}
                        </a>
                      </td>
                      <td data-label={t('trials.columns.account')}>{trial.organizationName}</td>
                      <td data-label={t('trials.columns.activatedBy')}>{trial.activatedBy || '—'}</td>
                      <td data-label={t('trials.columns.started')}>{date(trial.startedAt)}</td>
                      <td data-label={t('trials.columns.ends')} data-testid="trial-ends">
                        {date(trial.status === 'ended' ? (trial.endedAt ?? trial.endsAt) : trial.endsAt)}
                        {trial.warnedAt && trial.status === 'active' && <span className={css.muted}> · {t('trials.warned')}</span>}
                      </td>
                      <td data-label={t('trials.columns.status')}>
                        <Chip tone={TONE[trial.status]}>{t(`trials.status.${trial.status}`)}</Chip>
                      </td>
                      <td className={css.actions}>
                        {trial.status === 'active' && (
                          <Button size="small" onClick={() => void convert(trial)} disabled={busy === trial.unitId}>
                            {busy === trial.unitId ? t('trials.converting') : t('trials.convert')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card>
          )
        }
      </LoadView>
    </section>
  );
}
