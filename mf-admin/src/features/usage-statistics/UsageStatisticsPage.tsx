import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys, toCsv, USAGE_METRICS, type UsageMetric, type UsageStatistics } from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, LoadingState, LoadView, PageHeader, Segmented, Select, Table, TextField } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { chartCsvText, chartSpecs, downloadCsv, loadUsage, presetPeriod, PRESETS, validPeriod, type ChartSpec, type Preset } from './usage';
import css from './UsageStatistics.module.css';

// Highcharts comes with the chart, in its own chunk: only this page loads it.
const UsageChart = lazy(() => import(/* webpackChunkName: "usage-chart" */ './UsageChart'));

/** Metrics whose total is a count of different users or units, not a sum of the days. */
const DISTINCT: readonly UsageMetric[] = ['activeUsers', 'unitsReporting'];

/** /admin/usage-statistics: usage of one of the SuperUser's organisations over a period. */
export function UsageStatisticsPage() {
  const { t } = useTranslation('admin');
  const customers = useSession((s) => s.customers);
  const orgs = useMemo(
    () => [...customers].sort((a, b) => a.CustomerName.localeCompare(b.CustomerName)),
    [customers],
  );
  const [picked, setPicked] = useState<number | null>(null);
  const org = orgs.find((o) => o.CustomerID === picked)?.CustomerID ?? orgs[0]?.CustomerID ?? null;
  const [preset, setPreset] = useState<Preset>('30');
  const initial = presetPeriod(30);
  const [custom, setCustom] = useState(initial);
  const period = preset === 'custom' ? custom : presetPeriod(Number(preset));
  const valid = validPeriod(period.from, period.to);

  return (
    <div className={css.page} data-testid="admin-usage-statistics">
      <PageHeader title={t('sections.usageStatistics.title')} subtitle={t('sections.usageStatistics.description')} />
      <Card bodyClassName={css.controls}>
        <label className={css.field}>
          <span>{t('usage.organisation')}</span>
          <Select value={org ?? ''} onChange={(e) => setPicked(Number(e.target.value))} data-testid="usage-org">
            {orgs.map((o) => (
              <option key={o.CustomerID} value={o.CustomerID}>
                {o.CustomerName}
              </option>
            ))}
          </Select>
        </label>
        <div className={css.field}>
          <span>{t('usage.period')}</span>
          <Segmented
            label={t('usage.period')}
            mode="toggle"
            value={preset}
            onChange={(p) => {
              if (p === 'custom' && preset !== 'custom') setCustom(period);
              setPreset(p);
            }}
            segments={PRESETS.map((p) => ({ value: p, label: t(`usage.presets.${p}`) }))}
          />
        </div>
        {preset === 'custom' && (
          <div className={css.dates}>
            <TextField
              type="date"
              label={t('usage.from')}
              value={custom.from}
              max={custom.to}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              data-testid="usage-from"
            />
            <TextField
              type="date"
              label={t('usage.to')}
              value={custom.to}
              min={custom.from}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              data-testid="usage-to"
            />
          </div>
        )}
      </Card>
      {!valid ? (
        <p className={css.error} role="alert">
          {t('usage.badPeriod')}
        </p>
      ) : org !== null ? (
        <Statistics organizationId={org} orgName={orgs.find((o) => o.CustomerID === org)?.CustomerName ?? ''} from={period.from} to={period.to} />
      ) : null}
    </div>
  );
}

function Statistics(props: { organizationId: number; orgName: string; from: string; to: string }) {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const state = useApiQuery(queryKeys.adminUsage(props.organizationId, props.from, props.to), () =>
    loadUsage(api, props.organizationId, props.from, props.to),
  );
  return (
    <LoadView load={state} labels={loadViewLabels(t, 'usage.', { stale: false })}>
      {(data) =>
        data.kind === 'forbidden' ? (
          <Card>
            <div className={css.noAccess} role="status" data-testid="usage-no-access">
              <Icon name="lock" size={26} />
              <h2>{t('usage.noAccess.title')}</h2>
              <p>{t('usage.noAccess.text')}</p>
            </div>
          </Card>
        ) : (
          <Report stats={data.stats} orgName={props.orgName} />
        )
      }
    </LoadView>
  );
}

function Report({ stats, orgName }: { stats: UsageStatistics; orgName: string }) {
  const { t } = useTranslation('admin');
  const specs = chartSpecs(stats, {
    title: (id) => t(`usage.charts.${id}`),
    metric: (m) => t(`usage.metrics.${m}`),
    other: t('usage.otherCalls'),
  });
  const fileName = (what: string) => `${orgName} ${what} ${stats.from}_${stats.to}`;
  return (
    <>
      <p className={css.range} data-testid="usage-range">
        {t('usage.range', { from: stats.from, to: stats.to })}
      </p>
      <div className={css.tiles} data-testid="usage-totals">
        {USAGE_METRICS.map((m) => (
          <div key={m} className={css.tile} data-testid={`usage-total-${m}`}>
            <span className={css.tileLabel}>{t(`usage.metrics.${m}`)}</span>
            <span className={css.tileValue}>{stats.totals[m].toLocaleString()}</span>
            <span className={css.tileHint}>{t(`usage.totalHints.${DISTINCT.includes(m) ? m : 'sum'}`)}</span>
          </div>
        ))}
      </div>
      <div className={css.charts}>
        {specs.map((spec) => (
          <ChartCard key={spec.id} spec={spec} days={stats.days} fileName={fileName(spec.title)} />
        ))}
      </div>
      <TokenTable stats={stats} fileName={fileName(t('usage.tokens.title'))} />
    </>
  );
}

function CsvButton({ name, csv, testId }: { name: string; csv: () => string; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Button size="small" onClick={() => downloadCsv(name, csv())} title={t('usage.csvOf', { name })} data-testid={testId}>
      {t('usage.csv')}
    </Button>
  );
}

function ChartCard({ spec, days, fileName }: { spec: ChartSpec; days: string[]; fileName: string }) {
  const { t } = useTranslation('admin');
  return (
    <Card
      title={spec.title}
      className={css.chartCard}
      actions={<CsvButton name={fileName} csv={() => chartCsvText(spec, days, t('usage.day'))} testId={`usage-csv-${spec.id}`} />}
    >
      <ChartBoundary fallback={<p className={css.muted}>{t('usage.chartsFailed')}</p>}>
        <Suspense fallback={<LoadingState label={t('usage.chartsLoading')} />}>
          <UsageChart spec={spec} days={days} />
        </Suspense>
      </ChartBoundary>
    </Card>
  );
}

/** A chart chunk that fails to load (offline, a new deployment) leaves a note instead of the page. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function TokenTable({ stats, fileName }: { stats: UsageStatistics; fileName: string }) {
  const { t } = useTranslation('admin');
  const col = {
    name: t('usage.tokens.col.name'),
    prefix: t('usage.tokens.col.prefix'),
    calls: t('usage.tokens.col.calls'),
    status: t('usage.tokens.col.status'),
  };
  const status = (revoked: boolean) => (revoked ? t('usage.tokens.revoked') : t('usage.tokens.active'));
  const csv = () =>
    toCsv(
      [col.name, col.prefix, col.calls, col.status],
      stats.tokens.map((tok) => [tok.name, tok.prefix, tok.total, status(tok.revoked)]),
    );
  return (
    <Card
      title={t('usage.tokens.title')}
      flush
      actions={stats.tokens.length > 0 ? <CsvButton name={fileName} csv={csv} testId="usage-csv-tokens" /> : undefined}
    >
      {stats.tokens.length === 0 ? (
        <p className={css.emptyTokens}>{t('usage.tokens.none')}</p>
      ) : (
        <Table label={t('usage.tokens.title')} stacked>
          <thead>
            <tr>
              <th scope="col">{col.name}</th>
              <th scope="col">{col.prefix}</th>
              <th scope="col" className={css.num}>
                {col.calls}
              </th>
              <th scope="col">{col.status}</th>
            </tr>
          </thead>
          <tbody>
            {stats.tokens.map((tok) => (
              <tr key={tok.id} data-testid="usage-token">
                <td data-label={col.name} className={css.strong}>
                  {tok.name}
                </td>
                <td data-label={col.prefix} className={css.mono}>
                  {tok.prefix}…
                </td>
                <td data-label={col.calls} className={css.num}>
                  {tok.total.toLocaleString()}
                </td>
                <td data-label={col.status}>
                  <Chip tone={tok.revoked ? 'muted' : 'success'}>{status(tok.revoked)}</Chip>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
