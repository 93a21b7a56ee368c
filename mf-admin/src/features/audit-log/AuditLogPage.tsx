import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, queryKeys, type AuditEntry } from '@fieldwatch/shared';
import { formatDateTime, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, buttonClassName, Card, EmptyState, LoadView, PageHeader, Select, Table, TextField, VisuallyHidden } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { loadOrganizations } from '../general/orgs';
import {
  agentSummary,
  auditParams,
  CHANGED,
  csvUrl,
  detailLines,
  loadAudit,
  NO_FILTERS,
  type AuditFilters,
} from './load';
import css from './AuditLogPage.module.css';

/** /admin/audit-log: administrative changes and sign-ins of the SuperUser's organisations; filter, page, export. */
export function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const tc = useTimeConfig();
  const orgs = useApiQuery(queryKeys.adminOrganizations(), () => loadOrganizations(api));
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  /** Cursors of the pages shown so far: [undefined (newest), next, …]. */
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const params = auditParams(filters, tc, cursor);
  const state = useApiQuery(queryKeys.auditLog(params), () => loadAudit(api, params));
  const orgList = orgs.data?.kind === 'ok' ? orgs.data.orgs : [];
  const baseParams = auditParams(filters, tc);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  function apply(e?: FormEvent) {
    e?.preventDefault();
    setFilters(draft);
    setCursors([undefined]);
  }
  function clear() {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setCursors([undefined]);
  }
  const set = (k: keyof AuditFilters, v: string) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <div data-testid="admin-audit-log" className={css.page}>
      <PageHeader
        title={t('sections.auditLog.title')}
        subtitle={t('auditLog.subtitle', { zone: tc.timezone })}
        actions={
          <a className={buttonClassName()} href={csvUrl(baseParams)} download="audit-log.csv" data-testid="audit-csv">
            {t('auditLog.csv')}
          </a>
        }
      />
      <Card>
        <form className={css.filters} onSubmit={apply} aria-label={t('auditLog.filters.label')}>
          <TextField
            label={t('auditLog.filters.q')}
            type="search"
            value={draft.q}
            placeholder={t('auditLog.filters.qPlaceholder')}
            onChange={(e) => set('q', e.target.value)}
            data-testid="audit-q"
          />
          <label className={css.field}>
            <span className={css.label}>{t('auditLog.filters.action')}</span>
            <Select value={draft.action} onChange={(e) => set('action', e.target.value)} data-testid="audit-action">
              <option value="">{t('auditLog.filters.anyAction')}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`audit.actions.${a}`, { defaultValue: a })}
                </option>
              ))}
            </Select>
          </label>
          <TextField
            label={t('auditLog.filters.actor')}
            value={draft.actor}
            placeholder={t('auditLog.filters.actorPlaceholder')}
            onChange={(e) => set('actor', e.target.value)}
            data-testid="audit-actor"
          />
          {orgList.length > 1 && (
            <label className={css.field}>
              <span className={css.label}>{t('auditLog.filters.organisation')}</span>
              <Select value={draft.organizationId} onChange={(e) => set('organizationId', e.target.value)} data-testid="audit-org">
                <option value="">{t('auditLog.filters.anyOrganisation')}</option>
                {orgList.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </Select>
            </label>
          )}
          <label className={css.field}>
            <span className={css.label}>{t('auditLog.filters.from')}</span>
            <input type="date" className={css.date} value={draft.from} onChange={(e) => set('from', e.target.value)} data-testid="audit-from" />
          </label>
          <label className={css.field}>
            <span className={css.label}>{t('auditLog.filters.to')}</span>
            <input type="date" className={css.date} value={draft.to} onChange={(e) => set('to', e.target.value)} data-testid="audit-to" />
          </label>
          <div className={css.filterButtons}>
            <Button type="submit" variant="primary" data-testid="audit-apply">
              {t('auditLog.filters.apply')}
            </Button>
            {(filtered || JSON.stringify(draft) !== JSON.stringify(NO_FILTERS)) && (
              <Button onClick={clear}>{t('auditLog.filters.clear')}</Button>
            )}
          </div>
        </form>
      </Card>
      <LoadView load={state} labels={loadViewLabels(t, 'auditLog.', { stale: false })}>
        {(data) => {
          if (data.kind === 'forbidden') {
            return (
              <Card>
                <div className={css.noAccess} role="status" data-testid="audit-no-access">
                  <Icon name="lock" size={26} />
                  <h2>{t('auditLog.noAccess.title')}</h2>
                  <p>{t('auditLog.noAccess.text')}</p>
                </div>
              </Card>
            );
          }
          const { entries, nextCursor } = data.page;
          if (entries.length === 0 && cursors.length === 1) {
            return (
              <Card>
                <EmptyState title={filtered ? t('auditLog.noMatch.title') : t('auditLog.empty.title')}>
                  <span>{filtered ? t('auditLog.noMatch.text') : t('auditLog.empty.text')}</span>
                </EmptyState>
              </Card>
            );
          }
          return (
            <Card flush>
              <Table label={t('auditLog.tableLabel')}>
                <thead>
                  <tr>
                    <th scope="col">{t('auditLog.col.when')}</th>
                    <th scope="col">{t('auditLog.col.who')}</th>
                    <th scope="col">{t('auditLog.col.action')}</th>
                    <th scope="col">{t('auditLog.col.target')}</th>
                    <th scope="col">{t('auditLog.col.changes')}</th>
                    <th scope="col">{t('auditLog.col.where')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <EntryRow key={e.id} entry={e} />
                  ))}
                </tbody>
              </Table>
              <div className={css.pager}>
                <span className={css.muted}>{t('auditLog.page', { page: cursors.length })}</span>
                <span className={css.pagerButtons}>
                  <Button size="small" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))} data-testid="audit-newer">
                    {t('auditLog.newer')}
                  </Button>
                  <Button
                    size="small"
                    disabled={nextCursor === null}
                    onClick={() => nextCursor !== null && setCursors((c) => [...c, nextCursor])}
                    data-testid="audit-older"
                  >
                    {t('auditLog.older')}
                  </Button>
                </span>
              </div>
            </Card>
          );
        }}
      </LoadView>
    </div>
  );
}

function EntryRow({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const tc = useTimeConfig();
  const lines = detailLines(e.details);
  const agent = agentSummary(e.userAgent);
  return (
    <tr data-testid="audit-row" data-action={e.action}>
      <td data-label={t('auditLog.col.when')} className={css.when}>
        <time dateTime={e.at}>{formatDateTime(e.at, tc)}</time>
      </td>
      <td data-label={t('auditLog.col.who')}>
        <span className={css.stack}>
          <span className={css.strong}>{e.actor.name || t('auditLog.system')}</span>
          {e.organization && <span className={css.muted}>{e.organization.name}</span>}
        </span>
      </td>
      <td data-label={t('auditLog.col.action')}>
        <span className={css.action} data-kind={e.action.split('.')[0]} data-failed={e.action === 'auth.signinFailed' || undefined}>
          {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
        </span>
      </td>
      <td data-label={t('auditLog.col.target')}>
        {e.target ? (
          <span className={css.stack}>
            <span>{e.target.name || e.target.id}</span>
            <span className={css.muted}>{t(`auditLog.targetType.${e.target.type}`, { defaultValue: e.target.type })}</span>
          </span>
        ) : (
          <span className={css.muted}>—</span>
        )}
      </td>
      <td data-label={t('auditLog.col.changes')} className={css.changes}>
        {lines.length === 0 ? (
          <span className={css.muted}>—</span>
        ) : (
          <ul className={css.lines}>
            {lines.map((l) => (
              <li key={l.field}>
                <span className={css.fieldName}>{t(`auditLog.field.${l.field}`, { defaultValue: l.field })}</span>{' '}
                {'value' in l ? (
                  <span>{l.value === CHANGED ? t('auditLog.changedSecret') : t(`auditLog.value.${l.field}.${l.value}`, { defaultValue: l.value })}</span>
                ) : (
                  <span>
                    <span className={css.from}>{l.from}</span> <span aria-hidden="true">→</span>
                    <VisuallyHidden>{t('auditLog.to')}</VisuallyHidden>{' '}
                    <span className={css.to}>{l.to}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={t('auditLog.col.where')}>
        <span className={css.stack}>
          <span className={css.mono}>{e.ip || '—'}</span>
          {agent && (
            <span className={css.muted} title={e.userAgent}>
              {agent}
            </span>
          )}
        </span>
      </td>
    </tr>
  );
}
