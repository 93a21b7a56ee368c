import { type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { queryKeys, type AdminOrganization, type OrganizationSettings } from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { buttonClassName, Card, EmptyState, LoadView, PageHeader, Select } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { loadOrganization, loadOrganizations } from './orgs';
import css from './OrgSection.module.css';

/** The organisations of the SuperUser, and which one the page edits (?org=, kept across sections). */
export function useOrganizations() {
  const { api } = useRemote();
  return useApiQuery(queryKeys.adminOrganizations(), () => loadOrganizations(api));
}

export function useChosenOrg(orgs: readonly AdminOrganization[]): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('org'));
  const chosen = orgs.find((o) => o.id === wanted)?.id ?? orgs[0]?.id ?? null;
  const choose = (id: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('org', String(id));
        return next;
      },
      { replace: true },
    );
  return [chosen, choose];
}

export function NoAdminAccess() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <div className={css.noAccess} role="status" data-testid="org-no-access">
        <Icon name="lock" size={26} />
        <h2 className={css.noAccessTitle}>{t('users.noAccess.title')}</h2>
        <p className={css.muted}>{t('users.noAccess.text')}</p>
        <Link to="/profile" className={buttonClassName()}>
          {t('users.noAccess.action')}
        </Link>
      </div>
    </Card>
  );
}

/** Which organisation (only when there is a choice). */
export function OrgPicker(props: { orgs: readonly AdminOrganization[]; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('admin');
  if (props.orgs.length < 2) return null;
  return (
    <label className={css.picker}>
      <span>{t('org.picker')}</span>
      <Select compact value={props.value} onChange={(e) => props.onChange(Number(e.target.value))} data-testid="org-picker">
        {props.orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </label>
  );
}

/**
 * A section that edits one organisation: the header with the organisation picker, then
 * children(settings) once the chosen organisation's settings are loaded.
 */
export function OrgSection(props: {
  section: 'general' | 'customization' | 'security';
  children: (settings: OrganizationSettings, orgs: AdminOrganization[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const orgs = useOrganizations();
  const list = orgs.data?.kind === 'ok' ? orgs.data.orgs : [];
  const [chosen, choose] = useChosenOrg(list);
  const settings = useApiQuery(queryKeys.adminOrganization(chosen ?? 0), () =>
    chosen === null ? Promise.resolve([undefined, true] as const) : loadOrganization(api, chosen),
  );
  return (
    <div className={css.page} data-testid={`admin-${props.section}`}>
      <PageHeader
        title={t(`sections.${props.section}.title`)}
        subtitle={t(`sections.${props.section}.description`)}
        actions={chosen !== null ? <OrgPicker orgs={list} value={chosen} onChange={choose} /> : undefined}
      />
      <LoadView load={orgs} labels={loadViewLabels(t, 'org.', { stale: false })}>
        {(data) => {
          if (data.kind === 'forbidden') return <NoAdminAccess />;
          if (chosen === null)
            return (
              <Card>
                <EmptyState title={t('org.none.title')}>
                  <span>{t('org.none.text')}</span>
                </EmptyState>
              </Card>
            );
          return (
            <LoadView load={settings} labels={loadViewLabels(t, 'org.', { stale: false })}>
              {(s) => (s.id === chosen ? <div key={s.id}>{props.children(s, data.orgs)}</div> : null)}
            </LoadView>
          );
        }}
      </LoadView>
    </div>
  );
}
