import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  pathFor,
  queryKeys,
  type Envelope,
  type OwnershipUser,
  type UserWorkspace,
  type WorkspaceOwnershipView,
  type WorkspaceTransferBody,
  type WorkspaceTransferResult,
} from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, EmptyState, LoadView, Modal, PageHeader, Select, Table } from '@fieldwatch/shared/ui';
import { NoAccess } from '../dashboard-ownership/DashboardOwnershipPage';
import { loadWorkspaceOwnership, refusalKey, useOrganisationChoice, userLabel } from '../dashboard-ownership/ownership';
import css from '../dashboard-ownership/Ownership.module.css';

/** Task titles shown per user before "+n more". */
const SHOWN_TASKS = 3;

/**
 * /admin/workspace-ownership. A user's workspace in an organisation is the work assigned to him
 * there: his open tasks (not done, not archived). A SuperUser moves it to another user of the
 * organisation; groups and locations belong to the organisation and are not part of it.
 */
export function WorkspaceOwnershipPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const state = useApiQuery(queryKeys.adminWorkspaceOwnership(), () => loadWorkspaceOwnership(api));
  return (
    <div className={css.page} data-testid="admin-workspace-ownership">
      <PageHeader title={t('sections.workspaceOwnership.title')} subtitle={t('sections.workspaceOwnership.description')} />
      <LoadView load={state} labels={loadViewLabels(t, 'ownership.', { stale: false })}>
        {(data) => (data.kind === 'forbidden' ? <NoAccess /> : <Workspaces view={data.view} />)}
      </LoadView>
    </div>
  );
}

function Workspaces({ view }: { view: WorkspaceOwnershipView }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [org, setOrg] = useOrganisationChoice(view.organizations);
  const [moving, setMoving] = useState<{ user: OwnershipUser; space: UserWorkspace } | null>(null);
  const members = useMemo(
    () => view.users.filter((u) => org !== null && u.organizationIds.includes(org)),
    [view.users, org],
  );
  const spaceOf = (u: OwnershipUser) => view.workspaces.find((w) => w.userId === u.id && w.organizationId === org);
  const rows = [...members].sort((a, b) => (spaceOf(b)?.tasks.length ?? 0) - (spaceOf(a)?.tasks.length ?? 0));
  const col = {
    user: t('ownership.workspaces.col.user'),
    role: t('ownership.workspaces.col.role'),
    tasks: t('ownership.workspaces.col.tasks'),
    examples: t('ownership.workspaces.col.examples'),
    actions: t('ownership.workspaces.col.actions'),
  };

  return (
    <Card flush>
      <div className={css.toolbar}>
        <label className={css.field}>
          <span>{t('ownership.organisation')}</span>
          <Select value={org ?? ''} onChange={(e) => setOrg(Number(e.target.value))} data-testid="ownership-org">
            {view.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t('ownership.workspaces.empty.title')}>
          <span>{t('ownership.workspaces.empty.text')}</span>
        </EmptyState>
      ) : (
        <div className={css.tableArea}>
          <Table label={t('ownership.workspaces.tableLabel')} stacked>
            <thead>
              <tr>
                <th scope="col">{col.user}</th>
                <th scope="col">{col.role}</th>
                <th scope="col" className={css.num}>
                  {col.tasks}
                </th>
                <th scope="col">{col.examples}</th>
                <th scope="col">
                  <span className={css.srOnly}>{col.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => {
                const space = spaceOf(u);
                const tasks = space?.tasks ?? [];
                return (
                  <tr key={u.id} data-testid="workspace-row" data-username={u.username}>
                    <td data-label={col.user}>
                      <span className={css.person}>
                        <span className={css.name}>{userLabel(u)}</span>
                        <span className={css.mono}>{u.username}</span>
                      </span>
                    </td>
                    <td data-label={col.role} className={css.nowrap}>
                      {t(`common:userType.${u.userType}`)}
                    </td>
                    <td data-label={col.tasks} className={css.num} data-testid="workspace-count">
                      {tasks.length}
                    </td>
                    <td data-label={col.examples}>
                      {tasks.length === 0 ? (
                        <span className={css.muted}>{t('ownership.workspaces.none')}</span>
                      ) : (
                        <ul className={css.tasks}>
                          {tasks.slice(0, SHOWN_TASKS).map((task) => (
                            <li key={task.id} title={task.title}>
                              {task.title || t('ownership.workspaces.untitled')}
                            </li>
                          ))}
                          {tasks.length > SHOWN_TASKS && (
                            <li className={css.muted}>{t('ownership.workspaces.more', { count: tasks.length - SHOWN_TASKS })}</li>
                          )}
                        </ul>
                      )}
                    </td>
                    <td className={css.actionsCell}>
                      <Button
                        size="small"
                        disabled={!space || tasks.length === 0}
                        onClick={() => space && setMoving({ user: u, space })}
                        data-testid="workspace-move"
                      >
                        {t('ownership.workspaces.move')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      {moving && org !== null && (
        <MoveDialog
          organizationId={org}
          from={moving.user}
          space={moving.space}
          candidates={members}
          onClose={() => setMoving(null)}
          onDone={() => void client.invalidateQueries({ queryKey: queryKeys.adminWorkspaceOwnership() })}
        />
      )}
    </Card>
  );
}

function MoveDialog(props: {
  organizationId: number;
  from: OwnershipUser;
  space: UserWorkspace;
  candidates: OwnershipUser[];
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const others = props.candidates.filter((u) => u.id !== props.from.id);
  const [to, setTo] = useState<number | null>(others[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fromName = userLabel(props.from);

  async function move() {
    if (to === null) return;
    setBusy(true);
    setError(null);
    const body: WorkspaceTransferBody = {
      organizationId: props.organizationId,
      fromUserId: props.from.id,
      toUserId: to,
      taskIds: props.space.tasks.map((task) => task.id),
    };
    try {
      const res = await api.http.post<Envelope<WorkspaceTransferResult>>(pathFor(ENDPOINTS.transferWorkspace), body);
      const receiver = others.find((u) => u.id === to)!;
      bus.emit('toast', {
        kind: 'success',
        raw: true,
        message: t('ownership.workspaces.moved', { count: res.data.data.taskIds.length, user: userLabel(receiver) }),
      });
      props.onDone();
      props.onClose();
    } catch (err) {
      setError(t(refusalKey(err)));
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('ownership.workspaces.dialogTitle', { user: fromName })}
      onClose={busy ? () => undefined : props.onClose}
      closeLabel={t('common:action.close')}
      testId="workspace-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            {t('common:action.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void move()}
            disabled={busy || to === null}
            aria-busy={busy || undefined}
            data-testid="workspace-confirm"
          >
            {t('ownership.workspaces.confirm')}
          </Button>
        </>
      }
    >
      <div className={css.dialog}>
        <p>{t('ownership.workspaces.dialogText', { count: props.space.tasks.length, from: fromName })}</p>
        <ul className={css.moving}>
          {props.space.tasks.map((task) => (
            <li key={task.id}>{task.title || t('ownership.workspaces.untitled')}</li>
          ))}
        </ul>
        {others.length === 0 ? (
          <p className={css.hint}>{t('ownership.noOthers')}</p>
        ) : (
          <label className={css.field}>
            <span>{t('ownership.workspaces.to')}</span>
            <Select value={to ?? ''} onChange={(e) => setTo(Number(e.target.value))} data-testid="workspace-to">
              {others.map((u) => (
                <option key={u.id} value={u.id}>
                  {userLabel(u)} ({u.username})
                </option>
              ))}
            </Select>
          </label>
        )}
        {error && (
          <p className={css.error} role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
