import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type ManagedUser, type ManagedUserStatus } from '@fieldwatch/shared';
import { RelativeTime, loadViewLabels, pagerProps, useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import {
  Badge,
  Button,
  buttonClassName,
  Card,
  Chip,
  ConfirmDialog,
  EmptyState,
  LoadView,
  Menu,
  PageHeader,
  Pager,
  Select,
  Table,
  VisuallyHidden,
  type MenuItem,
  type Tone,
} from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { resetTwoFactor, sendResetLink, setActive } from './api';
import { DeleteUserDialog } from './DeleteUserDialog';
import { filterUsers, initials, loadAdminUsers, NO_FILTERS, organisationsOf, type UserFilters } from './loadUsers';
import { UserDialog, useFailureText, type DialogMode } from './UserDialog';
import css from './UsersPage.module.css';

export const USERS_PAGE_SIZE = 20;

export const STATUS_TONE: Record<ManagedUserStatus, Tone> = { active: 'success', invited: 'info', deactivated: 'muted' };

/** /admin/users: the people who share an organisation with the signed-in SuperUser, and their management. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const userType = useSession((s) => s.user?.userType ?? null);
  const state = useApiQuery(queryKeys.adminUsers(), () => loadAdminUsers(api, userType));
  const [dialog, setDialog] = useState<DialogMode | null>(null);
  const orgs = useMemo(() => (state.data?.kind === 'ok' ? organisationsOf(state.data.users) : []), [state.data]);
  const canManage = state.data?.kind === 'ok';

  return (
    <div data-testid="admin-users">
      <PageHeader
        title={t('sections.users.title')}
        subtitle={t('sections.users.description')}
        actions={
          canManage ? (
            <>
              <Button onClick={() => setDialog({ kind: 'create' })} data-testid="users-add">
                {t('users.actions.add')}
              </Button>
              <Button variant="primary" onClick={() => setDialog({ kind: 'invite' })} data-testid="users-invite">
                <Icon name="mail" size={16} /> {t('users.actions.invite')}
              </Button>
            </>
          ) : undefined
        }
      />
      <LoadView load={state} labels={loadViewLabels(t, 'users.', { stale: false })}>
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
          return <UsersTable users={data.users} organizations={orgs} onEdit={(user) => setDialog({ kind: 'edit', user })} />;
        }}
      </LoadView>
      {dialog && <UserDialog mode={dialog} organizations={orgs} onClose={() => setDialog(null)} />}
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

/** The row actions of one user, and the dialogs they open (deactivate asks first; delete asks what becomes of his tasks). */
export function useUserActions(users: readonly ManagedUser[]) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const failureText = useFailureText();
  const me = useSession((s) => s.user?.id ?? null);
  const [deactivating, setDeactivating] = useState<ManagedUser | null>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const toast = (kind: 'success' | 'danger', message: string) => bus.emit('toast', { kind, message, raw: true });
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.adminUsers() });

  async function link(u: ManagedUser) {
    const o = await sendResetLink(api, u.id);
    if (o.ok)
      toast(
        'success',
        u.status === 'invited' ? t('users.signIns.invitationSent', { email: u.email }) : t('users.signIns.linkSent', { email: u.email }),
      );
    else toast('danger', failureText(o.failure));
  }

  async function activate(u: ManagedUser, active: boolean) {
    setBusy(true);
    setError(undefined);
    const o = await setActive(api, u.id, active);
    setBusy(false);
    if (!o.ok) {
      if (active) toast('danger', failureText(o.failure));
      else setError(failureText(o.failure));
      return;
    }
    setDeactivating(null);
    refresh();
    toast('success', t(active ? 'users.toast.reactivated' : 'users.toast.deactivated', { name: u.name || u.username }));
  }

  async function turnOffTwoFactor(u: ManagedUser) {
    setBusy(true);
    setError(undefined);
    const o = await resetTwoFactor(api, u.id);
    setBusy(false);
    if (!o.ok) return setError(failureText(o.failure));
    setResetting(null);
    refresh();
    toast('success', t('users.twoFactor.done', { name: u.name || u.username }));
  }

  function items(u: ManagedUser, onEdit: (u: ManagedUser) => void): MenuItem[] {
    const self = u.id === me;
    const list: MenuItem[] = [
      { key: 'edit', label: t('users.actions.edit'), onSelect: () => onEdit(u) },
      {
        key: 'link',
        label: u.status === 'invited' ? t('users.actions.resendInvitation') : t('users.actions.sendResetLink'),
        onSelect: () => void link(u),
        disabled: !u.email,
      },
    ];
    if (!self) {
      list.push(
        u.status === 'deactivated'
          ? { key: 'reactivate', label: t('users.actions.reactivate'), onSelect: () => void activate(u, true) }
          : { key: 'deactivate', label: t('users.actions.deactivate'), onSelect: () => setDeactivating(u) },
        { key: 'delete', label: t('users.actions.delete'), danger: true, onSelect: () => setDeleting(u) },
      );
      // His own goes off in his profile (with his password and a code), never here.
      if (u.twoFactor) list.splice(2, 0, { key: 'twoFactor', label: t('users.actions.resetTwoFactor'), onSelect: () => setResetting(u) });
    }
    return list;
  }

  const dialogs = (
    <>
      {deactivating && (
        <ConfirmDialog
          title={t('users.deactivate.title', { name: deactivating.name || deactivating.username })}
          confirmLabel={t('users.deactivate.confirm')}
          cancelLabel={t('users.dialog.cancel')}
          closeLabel={t('users.dialog.close')}
          onConfirm={() => void activate(deactivating, false)}
          onCancel={() => {
            setDeactivating(null);
            setError(undefined);
          }}
          danger
          busy={busy}
          error={error}
          testId="deactivate-user-dialog"
        >
          <p>{t('users.deactivate.text', { username: deactivating.username })}</p>
        </ConfirmDialog>
      )}
      {resetting && (
        <ConfirmDialog
          title={t('users.twoFactor.title', { name: resetting.name || resetting.username })}
          confirmLabel={t('users.twoFactor.confirm')}
          cancelLabel={t('users.dialog.cancel')}
          closeLabel={t('users.dialog.close')}
          onConfirm={() => void turnOffTwoFactor(resetting)}
          onCancel={() => {
            setResetting(null);
            setError(undefined);
          }}
          danger
          busy={busy}
          error={error}
          testId="reset-two-factor-dialog"
        >
          <p>{t('users.twoFactor.text', { username: resetting.username })}</p>
        </ConfirmDialog>
      )}
      {deleting && <DeleteUserDialog user={deleting} users={users} onClose={() => setDeleting(null)} />}
    </>
  );
  return { items, dialogs, activate, link, me, remove: setDeleting };
}

function UsersTable(props: {
  users: ManagedUser[];
  organizations: Array<{ id: number; name: string }>;
  onEdit(u: ManagedUser): void;
}) {
  const { users } = props;
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const actions = useUserActions(users);
  const filtered = Object.values(filters).some((v) => v !== '');
  const setFilter = <K extends keyof UserFilters>(k: K, v: UserFilters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(0);
  };

  const sorted = useMemo(
    () => [...users].sort((a, b) => (a.name || a.username).localeCompare(b.name || b.username)),
    [users],
  );
  const roleLabel = (u: ManagedUser) => t(`common:userType.${u.userType}`);
  const shown = filterUsers(sorted, filters, roleLabel);
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
    status: t('users.col.status'),
    actions: t('users.col.actions'),
  };

  return (
    <Card flush>
      <div className={css.toolbar}>
        <label className={css.search}>
          <Icon name="search" size={16} />
          <VisuallyHidden>{t('users.filterLabel')}</VisuallyHidden>
          <input
            type="search"
            value={filters.query}
            placeholder={t('users.filterPlaceholder')}
            onChange={(e) => setFilter('query', e.target.value)}
            data-testid="users-filter"
          />
        </label>
        <div className={css.filters}>
          <Select
            compact
            aria-label={t('users.filters.type')}
            value={filters.userType}
            onChange={(e) => setFilter('userType', e.target.value as UserFilters['userType'])}
            data-testid="users-filter-type"
          >
            <option value="">{t('users.filters.anyType')}</option>
            {[0, 1, 2].map((v) => (
              <option key={v} value={String(v)}>
                {t(`common:userType.${v}`)}
              </option>
            ))}
          </Select>
          <Select
            compact
            aria-label={t('users.filters.status')}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value as UserFilters['status'])}
            data-testid="users-filter-status"
          >
            <option value="">{t('users.filters.anyStatus')}</option>
            {(['active', 'invited', 'deactivated'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`users.status.${s}`)}
              </option>
            ))}
          </Select>
          {props.organizations.length > 1 && (
            <Select
              compact
              aria-label={t('users.filters.organisation')}
              value={filters.organization}
              onChange={(e) => setFilter('organization', e.target.value)}
              data-testid="users-filter-org"
            >
              <option value="">{t('users.filters.anyOrganisation')}</option>
              {props.organizations.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}
                </option>
              ))}
            </Select>
          )}
        </div>
        <span className={css.count} data-testid="users-count">
          {filtered
            ? t('users.countFiltered', { shown: shown.length, total: users.length })
            : t('users.count', { total: users.length })}
        </span>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={filters.query.trim() ? t('users.noMatch.title', { query: filters.query.trim() }) : t('users.noMatch.filtersTitle')}>
          <span>{t('users.noMatch.text')}</span>
          <Button size="small" onClick={() => setFilters(NO_FILTERS)}>
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
                <th scope="col">{col.status}</th>
                <th scope="col">
                  <VisuallyHidden>{col.actions}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} data-testid="user-row" data-status={u.status}>
                  <td className={css.nameCell}>
                    <span className={css.person}>
                      <span className={css.avatar} aria-hidden="true">
                        {initials(u.name || u.username)}
                      </span>
                      <span className={css.personText}>
                        <span className={css.nameLine}>
                          <span className={css.name}>{u.name || u.username}</span>
                          {u.id === actions.me && <span className={css.you}>{t('users.you')}</span>}
                        </span>
                        <span className={css.mono} title={u.username}>
                          {u.username}
                        </span>
                      </span>
                    </span>
                  </td>
                  <td data-label={col.email} className={css.email} title={u.email || undefined}>
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
                  <td data-label={col.status}>
                    <Chip tone={STATUS_TONE[u.status]}>{t(`users.status.${u.status}`)}</Chip>
                  </td>
                  <td className={css.actionsCell}>
                    {u.manageable ? (
                      <Menu
                        label={t('users.actions.menu', { name: u.name || u.username })}
                        items={actions.items(u, props.onEdit)}
                        testId="user-actions"
                      />
                    ) : (
                      <span className={css.locked} title={t('users.notManageable')}>
                        <Icon name="lock" size={14} />
                        <VisuallyHidden>{t('users.notManageable')}</VisuallyHidden>
                      </span>
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
      {actions.dialogs}
    </Card>
  );
}
