/**
 * /admin/user-management: the accounts that need an administrator's attention — invitations not
 * yet accepted (send again, all at once or one by one, or withdraw) and deactivated accounts
 * (reactivate or delete). The full list and editing are on /admin/users.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys, type ManagedUser } from '@fieldwatch/shared';
import { RelativeTime, loadViewLabels, useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, Card, EmptyState, LoadView, PageHeader, Table } from '@fieldwatch/shared/ui';
import { sendResetLink } from './api';
import { loadAdminUsers } from './loadUsers';
import { useFailureText } from './UserDialog';
import { useUserActions } from './UsersPage';
import css from './UserManagementPage.module.css';

export function UserManagementPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const userType = useSession((s) => s.user?.userType ?? null);
  const state = useApiQuery(queryKeys.adminUsers(), () => loadAdminUsers(api, userType));
  return (
    <div data-testid="admin-user-management" className={css.page}>
      <PageHeader title={t('sections.userManagement.title')} subtitle={t('userManagement.subtitle')} />
      <LoadView load={state} labels={loadViewLabels(t, 'users.', { stale: false })}>
        {(data) =>
          data.kind === 'forbidden' ? (
            <Card>
              <EmptyState title={t('users.noAccess.title')}>
                <span>{t('users.noAccess.text')}</span>
              </EmptyState>
            </Card>
          ) : (
            <Lists users={data.users.filter((u) => u.manageable)} all={data.users} />
          )
        }
      </LoadView>
    </div>
  );
}

function Lists({ users, all }: { users: ManagedUser[]; all: ManagedUser[] }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const failureText = useFailureText();
  const actions = useUserActions(all);
  const [resending, setResending] = useState(false);
  const invited = users.filter((u) => u.status === 'invited');
  const deactivated = users.filter((u) => u.status === 'deactivated');

  async function resendAll() {
    setResending(true);
    let sent = 0;
    let failure: string | null = null;
    for (const u of invited) {
      const o = await sendResetLink(api, u.id);
      if (o.ok) sent += 1;
      else failure ??= failureText(o.failure);
    }
    setResending(false);
    if (sent > 0) bus.emit('toast', { kind: 'success', message: t('userManagement.resentAll', { count: sent }), raw: true });
    if (failure) bus.emit('toast', { kind: 'danger', message: failure, raw: true });
  }

  return (
    <div className={css.stack}>
      <Card
        title={t('userManagement.invited.title', { count: invited.length })}
        flush
        actions={
          invited.length > 1 ? (
            <Button size="small" onClick={() => void resendAll()} disabled={resending} data-testid="resend-all">
              {t('userManagement.invited.resendAll')}
            </Button>
          ) : undefined
        }
      >
        {invited.length === 0 ? (
          <EmptyState title={t('userManagement.invited.empty')}>
            <span>{t('userManagement.invited.emptyText')}</span>
          </EmptyState>
        ) : (
          <Table label={t('userManagement.invited.label')}>
            <thead>
              <tr>
                <th scope="col">{t('users.col.nameAndUsername')}</th>
                <th scope="col">{t('users.col.email')}</th>
                <th scope="col">{t('userManagement.invited.when')}</th>
                <th scope="col">{t('users.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {invited.map((u) => (
                <tr key={u.id} data-testid="invited-row">
                  <td>
                    <span className={css.name}>{u.name || u.username}</span>
                    <span className={css.muted}>{u.username}</span>
                  </td>
                  <td>{u.email}</td>
                  <td>{u.invitedAt ? <RelativeTime date={u.invitedAt} /> : '—'}</td>
                  <td className={css.rowActions}>
                    <Button size="small" onClick={() => void actions.link(u)}>
                      {t('users.actions.resendInvitation')}
                    </Button>
                    <Button size="small" variant="danger" onClick={() => actions.remove(u)}>
                      {t('userManagement.invited.withdraw')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Card title={t('userManagement.deactivated.title', { count: deactivated.length })} flush>
        {deactivated.length === 0 ? (
          <EmptyState title={t('userManagement.deactivated.empty')}>
            <span>{t('userManagement.deactivated.emptyText')}</span>
          </EmptyState>
        ) : (
          <Table label={t('userManagement.deactivated.label')}>
            <thead>
              <tr>
                <th scope="col">{t('users.col.nameAndUsername')}</th>
                <th scope="col">{t('users.col.email')}</th>
                <th scope="col">{t('userManagement.deactivated.when')}</th>
                <th scope="col">{t('users.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {deactivated.map((u) => (
                <tr key={u.id} data-testid="deactivated-row">
                  <td>
                    <span className={css.name}>{u.name || u.username}</span>
                    <span className={css.muted}>{u.username}</span>
                  </td>
                  <td>{u.email || '—'}</td>
                  <td>{u.deactivatedAt ? <RelativeTime date={u.deactivatedAt} /> : '—'}</td>
                  <td className={css.rowActions}>
                    <Button size="small" onClick={() => void actions.activate(u, true)}>
                      {t('users.actions.reactivate')}
                    </Button>
                    <Button size="small" variant="danger" onClick={() => actions.remove(u)}>
                      {t('users.actions.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      {actions.dialogs}
    </div>
  );
}
