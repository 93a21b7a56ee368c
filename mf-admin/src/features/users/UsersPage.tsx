import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { queryKeys, type AdminUser } from '@fieldwatch/shared';
import { RelativeTime, loadViewLabels, pagerProps, useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Badge, Button, buttonClassName, Card, EmptyState, LoadView, PageHeader, Pager, Table, VisuallyHidden } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { filterUsers, initials, loadAdminUsers } from './loadUsers';
import css from './UsersPage.module.css';

export const USERS_PAGE_SIZE = 20;

/** /admin/users: the people who share an organisation with the signed-in SuperUser. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const state = useApiQuery(queryKeys.adminUsers(), () => loadAdminUsers(api));

  return (
    <div data-testid="admin-users">
      <PageHeader title={t('sections.users.title')} subtitle={t('sections.users.description')} />
      <LoadView
        load={state}
        labels={loadViewLabels(t, 'users.', { stale: false })}
      >
        {(data) => {
          if (data.kind === 'forbidden') return <NoAccess />;
          if (data.users.length === 0) {
            return (
              <Card>
                <EmptyState title={t('users.empty.title')}>
                  <span>{t('users.empty.text')}</span>
                </EmptyState>
              </Card>
            );
          }
          return <UsersTable users={data.users} />;
        }}
      </LoadView>
    </div>
  );
}

function NoAccess() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <div className={css.noAccess} role="status" data-testid="users-no-access">
        <span className={css.lock}>
          <Icon name="lock" size={26} />
        </span>
        <h2 className={css.noAccessTitle}>{t('users.noAccess.title')}</h2>
        <p className={css.noAccessText}>{t('users.noAccess.text')}</p>
        <Link to="/profile" className={buttonClassName()}>
          {t('users.noAccess.action')}
        </Link>
      </div>
    </Card>
  );
}

function UsersTable({ users }: { users: AdminUser[] }) {
  const { t } = useTranslation('admin');
  const me = useSession((s) => s.user?.id ?? null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);

  const sorted = useMemo(
    () => [...users].sort((a, b) => (a.name || a.username).localeCompare(b.name || b.username)),
    [users],
  );
  const roleLabel = (u: AdminUser) => t(`common:userType.${u.userType}`);
  const shown = filterUsers(sorted, query, roleLabel);
  const pageCount = Math.max(1, Math.ceil(shown.length / USERS_PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const rows = shown.slice(current * USERS_PAGE_SIZE, (current + 1) * USERS_PAGE_SIZE);

  const col = {
    name: t('users.col.nameAndUsername'),
    username: t('users.col.username'),
    email: t('users.col.email'),
    role: t('users.col.role'),
    organisations: t('users.col.organisations'),
    lastLogin: t('users.col.lastLogin'),
  };

  return (
    <Card flush>
      <div className={css.toolbar}>
        <label className={css.search}>
          <Icon name="search" size={16} />
          <VisuallyHidden>{t('users.filterLabel')}</VisuallyHidden>
          <input
            type="search"
            value={query}
            placeholder={t('users.filterPlaceholder')}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
            data-testid="users-filter"
          />
        </label>
        <span className={css.count} data-testid="users-count">
          {query.trim()
            ? t('users.countFiltered', { shown: shown.length, total: users.length })
            : t('users.count', { total: users.length })}
        </span>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={t('users.noMatch.title', { query: query.trim() })}>
          <span>{t('users.noMatch.text')}</span>
          <Button size="small" onClick={() => setQuery('')}>
            {t('users.clearFilter')}
          </Button>
        </EmptyState>
      ) : (
        <div className={css.tableArea}>
          <Table label={t('users.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{col.name}</th>
                <th scope="col">{col.email}</th>
                <th scope="col">{col.role}</th>
                <th scope="col">{col.organisations}</th>
                <th scope="col">{col.lastLogin}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} data-testid="user-row">
                  <td className={css.nameCell}>
                    <span className={css.person}>
                      <span className={css.avatar} aria-hidden="true">
                        {initials(u.name || u.username)}
                      </span>
                      <span className={css.personText}>
                        <span className={css.nameLine}>
                          <span className={css.name}>{u.name || u.username}</span>
                          {u.id === me && <span className={css.you}>{t('users.you')}</span>}
                        </span>
                        <span className={css.mono} title={col.username}>
                          {u.username}
                        </span>
                      </span>
                    </span>
                  </td>
                  <td data-label={col.email} className={css.email}>
                    {u.email ? <a href={`mailto:${u.email}`}>{u.email}</a> : <span className={css.muted}>—</span>}
                  </td>
                  <td data-label={col.role}>
                    <span className={css.role} data-role={u.userType}>
                      {roleLabel(u)}
                    </span>
                  </td>
                  <td data-label={col.organisations} className={css.orgCell}>
                    <span className={css.orgs}>
                      {u.organizations.length === 0 ? (
                        <span className={css.muted}>{t('users.noOrganisation')}</span>
                      ) : (
                        u.organizations.map((o) => <Badge key={o.id}>{o.name}</Badge>)
                      )}
                    </span>
                  </td>
                  <td data-label={col.lastLogin}>
                    {u.lastLogin ? (
                      <RelativeTime date={u.lastLogin} />
                    ) : (
                      <span className={css.muted}>{t('users.never')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {pageCount > 1 && (
            <Pager
              {...pagerProps(t, {
                page: current,
                pageCount,
                from: current * USERS_PAGE_SIZE + 1,
                to: current * USERS_PAGE_SIZE + rows.length,
                total: shown.length,
              })}
              onPage={setPage}
            />
          )}
        </div>
      )}
    </Card>
  );
}
