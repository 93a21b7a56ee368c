import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import {
  alarmTypeKey,
  DASHBOARD_NAME_KEYS,
  decodeDashboardId,
  encodeDashboardId,
  modelName,
  summarizeStatuses,
  unitStatus,
  type Unit,
  UNIT_STATUSES,
  type UnitStatus,
} from '@fieldwatch/shared';
import { useSession } from '@fieldwatch/shared/remote';
import { Card, EmptyState, ErrorState, LoadingState, PageHeader, StatusBadge, Table } from '@fieldwatch/shared/ui';
import css from './DashboardPage.module.css';

const ATTENTION_ROWS = 8;

/** /dashboard/:id — "default" opens the overview; other ids are the server id + 1000 in base64. */
export function DashboardPage() {
  const { id = 'default' } = useParams();
  const { t } = useTranslation('dashboard');
  const dashboards = useSession((s) => s.dashboards);
  const devices = useSession((s) => s.devices);
  const loadedAt = useSession((s) => s.devicesLoadedAt);

  if (dashboards.length === 0) return <LoadingState label={t('common:state.loading')} />;
  if (id === 'default') {
    const overview = dashboards.find((d) => d.static === 'overview') ?? dashboards[0];
    if (overview) return <Navigate to={`/dashboard/${encodeDashboardId(overview.id)}`} replace />;
  }
  const serverId = decodeDashboardId(id);
  const dashboard = dashboards.find((d) => d.id === serverId);
  if (!dashboard) return <ErrorState title={t('notFound.title')} message={t('notFound.text')} />;

  const title = dashboard.static ? t(`common:${DASHBOARD_NAME_KEYS[dashboard.static]}`) : dashboard.name;
  return (
    <div className={css.page} data-testid="dashboard-page">
      <PageHeader
        title={title}
        subtitle={loadedAt ? t('updatedAt', { time: moment(loadedAt).format('HH:mm:ss') }) : undefined}
      />
      {loadedAt === null ? <LoadingState label={t('common:state.loading')} /> : <StatusOverview units={devices} />}
    </div>
  );
}

function StatusOverview({ units }: { units: Unit[] }) {
  const { t } = useTranslation('dashboard');
  const summary = useMemo(() => summarizeStatuses(units), [units]);
  const attention = useMemo(
    () =>
      units
        .map((u) => ({ unit: u, status: unitStatus(u) }))
        .filter((x) => x.status === 'alarm' || x.status === 'problem')
        .sort((a, b) => latest(b.unit).localeCompare(latest(a.unit))),
    [units],
  );

  if (units.length === 0) {
    return (
      <Card>
        <EmptyState title={t('noUnits.title')}>{t('noUnits.text')}</EmptyState>
      </Card>
    );
  }

  return (
    <>
      <section className={css.kpis} aria-label={t('statusSummary')} data-testid="status-summary">
        <div className={`${css.kpi} ${css.total}`}>
          <span className={css.kpiLabel}>{t('unitCount')}</span>
          <span className={css.kpiValue} data-testid="unit-count">
            {summary.total}
          </span>
          <StatusBar summary={summary} />
        </div>
        {(['ok', 'alarm', 'problem', 'inactive'] as const).map((s) => (
          <div key={s} className={css.kpi} data-status={s} data-testid={`status-${s}`}>
            <span className={css.kpiLabel}>
              <StatusBadge status={s} label={t(`common:status.${s}`)} />
            </span>
            <span className={css.kpiValue}>{summary[s]}</span>
            <span className={css.kpiShare}>{t('share', { percent: Math.round((summary[s] / summary.total) * 100) })}</span>
          </div>
        ))}
      </section>

      <Card title={t('attention.title')} actions={<span className={css.muted}>{t('attention.count', { count: attention.length })}</span>}>
        {attention.length === 0 ? (
          <EmptyState title={t('attention.none')} />
        ) : (
          <Table label={t('attention.title')}>
            <thead>
              <tr>
                <th>{t('col.unit')}</th>
                <th className={css.narrowHidden}>{t('col.location')}</th>
                <th className={css.narrowHidden}>{t('col.model')}</th>
                <th>{t('col.status')}</th>
                <th>{t('col.alarm')}</th>
                <th className={css.narrowHidden}>{t('col.since')}</th>
              </tr>
            </thead>
            <tbody>
              {attention.slice(0, ATTENTION_ROWS).map(({ unit, status }) => {
                const event = [...unit.AlarmEvents].sort((a, b) => b.AlarmEventTime.localeCompare(a.AlarmEventTime))[0];
                return (
                  <tr key={unit.UnitID}>
                    <td className={css.strong}>{unit.UnitName}</td>
                    <td className={css.narrowHidden}>{unit.UnitLocation}</td>
                    <td className={css.narrowHidden}>{modelName(unit.UnitType)}</td>
                    <td>
                      <StatusBadge status={status} label={t(`common:status.${status}`)} />
                    </td>
                    <td>{event ? t(`common:${alarmTypeKey(event.AlarmType)}`, { defaultValue: t('common:alarmType.unknown', { type: event.AlarmType }) }) : '—'}</td>
                    <td className={`${css.muted} ${css.narrowHidden}`}>{event ? moment(event.AlarmEventTime).fromNow() : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
        {attention.length > ATTENTION_ROWS && (
          <p className={css.more}>{t('attention.more', { count: attention.length - ATTENTION_ROWS })}</p>
        )}
      </Card>
    </>
  );
}

function latest(unit: Unit): string {
  return unit.AlarmEvents.reduce((max, e) => (e.AlarmEventTime > max ? e.AlarmEventTime : max), '');
}

function StatusBar({ summary }: { summary: Record<UnitStatus, number> & { total: number } }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className={css.bar} role="img" aria-label={UNIT_STATUSES.map((s) => `${t(`common:status.${s}`)} ${summary[s]}`).join(', ')}>
      {(['ok', 'alarm', 'problem', 'inactive'] as const).map((s) =>
        summary[s] > 0 ? (
          <span key={s} style={{ flexGrow: summary[s], background: `var(--fw-status-${s})` }} title={`${t(`common:status.${s}`)}: ${summary[s]}`} />
        ) : null,
      )}
    </div>
  );
}
