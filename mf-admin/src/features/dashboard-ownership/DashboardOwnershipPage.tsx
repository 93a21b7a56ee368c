import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  pathFor,
  queryKeys,
  type DashboardOwnershipView,
  type DashboardShareBody,
  type DashboardTransferBody,
  type Envelope,
  type DashboardTransferResult,
  type OwnedDashboard,
  type OwnershipUser,
} from '@fieldwatch/shared';
import { loadViewLabels, RelativeTime, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, EmptyState, LoadView, Modal, PageHeader, Select, Table } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { loadDashboardOwnership, refusalKey, useOrganisationChoice, userLabel } from './ownership';
import css from './Ownership.module.css';

/** /admin/dashboard-ownership: the dashboards of the users of the SuperUser's organisations; transfer and share. */
export function DashboardOwnershipPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const state = useApiQuery(queryKeys.adminDashboardOwnership(), () => loadDashboardOwnership(api));
  return (
    <div className={css.page} data-testid="admin-dashboard-ownership">
      <PageHeader title={t('sections.dashboardOwnership.title')} subtitle={t('sections.dashboardOwnership.description')} />
      <LoadView load={state} labels={loadViewLabels(t, 'ownership.', { stale: false })}>
        {(data) => (data.kind === 'forbidden' ? <NoAccess /> : <Dashboards view={data.view} />)}
      </LoadView>
    </div>
  );
}

export function NoAccess() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <div className={css.noAccess} role="status" data-testid="ownership-no-access">
        <Icon name="lock" size={26} />
        <h2>{t('ownership.noAccess.title')}</h2>
        <p>{t('ownership.noAccess.text')}</p>
      </div>
    </Card>
  );
}

type Dialog = { kind: 'one'; dashboard: OwnedDashboard } | { kind: 'all'; user: OwnershipUser } | null;

function Dashboards({ view }: { view: DashboardOwnershipView }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const [org, setOrg] = useOrganisationChoice(view.organizations);
  const [userId, setUserId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyShare, setBusyShare] = useState<number | null>(null);

  const members = useMemo(
    () => view.users.filter((u) => org !== null && u.organizationIds.includes(org)),
    [view.users, org],
  );
  const byId = useMemo(() => new Map(view.users.map((u) => [u.id, u])), [view.users]);
  const orgName = (id: number | null) => view.organizations.find((o) => o.id === id)?.name ?? '';
  const selected = members.find((u) => u.id === userId) ?? null;
  // Per owner (in the list's order), his custom dashboards first: those are the ones that move.
  const rank = new Map(members.map((u, i) => [u.id, i]));
  const rows = view.dashboards
    .filter((d) => rank.has(d.ownerId) && (selected === null || d.ownerId === selected.id))
    .sort((a, b) => rank.get(a.ownerId)! - rank.get(b.ownerId)! || Number(a.kind !== null) - Number(b.kind !== null) || a.id - b.id);
  const customOf = (u: OwnershipUser) => view.dashboards.filter((d) => d.ownerId === u.id && d.kind === null);

  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.adminDashboardOwnership() });
  const dashboardName = (d: OwnedDashboard) => (d.kind ? t(`ownership.dashboards.kinds.${d.kind}`) : d.name);

  async function toggleShare(d: OwnedDashboard) {
    if (org === null) return;
    setBusyShare(d.id);
    const body: DashboardShareBody = { organizationId: d.sharedWith === null ? org : null };
    try {
      await api.http.put<Envelope<OwnedDashboard>>(pathFor(ENDPOINTS.shareDashboard, { id: d.id }), body);
      bus.emit('toast', {
        kind: 'success',
        raw: true,
        message:
          body.organizationId === null
            ? t('ownership.dashboards.unsharedDone', { name: d.name })
            : t('ownership.dashboards.sharedDone', { name: d.name, org: orgName(org) }),
      });
      refresh();
    } catch (err) {
      bus.emit('toast', { kind: 'danger', raw: true, message: t(refusalKey(err)) });
    } finally {
      setBusyShare(null);
    }
  }

  const col = {
    owner: t('ownership.dashboards.col.owner'),
    name: t('ownership.dashboards.col.name'),
    widgets: t('ownership.dashboards.col.widgets'),
    updated: t('ownership.dashboards.col.updated'),
    shared: t('ownership.dashboards.col.shared'),
    actions: t('ownership.dashboards.col.actions'),
  };

  return (
    <Card flush>
      <div className={css.toolbar}>
        <label className={css.field}>
          <span>{t('ownership.organisation')}</span>
          <Select
            value={org ?? ''}
            onChange={(e) => {
              setOrg(Number(e.target.value));
              setUserId(null);
            }}
            data-testid="ownership-org"
          >
            {view.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </label>
        <label className={css.field}>
          <span>{t('ownership.user')}</span>
          <Select
            value={selected?.id ?? ''}
            onChange={(e) => setUserId(e.target.value ? Number(e.target.value) : null)}
            data-testid="ownership-user"
          >
            <option value="">{t('ownership.allUsers')}</option>
            {members.map((u) => (
              <option key={u.id} value={u.id}>
                {userLabel(u)} ({u.username})
              </option>
            ))}
          </Select>
        </label>
        <span className={css.spacer} />
        <span className={css.count} data-testid="ownership-count">
          {t('ownership.dashboards.count', { count: rows.length })}
        </span>
        {selected && (
          <Button
            onClick={() => setDialog({ kind: 'all', user: selected })}
            disabled={customOf(selected).length === 0}
            title={customOf(selected).length === 0 ? t('ownership.dashboards.noCustom', { user: userLabel(selected) }) : undefined}
            data-testid="transfer-all"
          >
            {t('ownership.dashboards.transferAll', { user: userLabel(selected) })}
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t('ownership.dashboards.empty.title')}>
          <span>{t('ownership.dashboards.empty.text')}</span>
        </EmptyState>
      ) : (
        <div className={css.tableArea}>
          <Table label={t('ownership.dashboards.tableLabel')} stacked>
            <thead>
              <tr>
                <th scope="col">{col.owner}</th>
                <th scope="col">{col.name}</th>
                <th scope="col" className={css.num}>
                  {col.widgets}
                </th>
                <th scope="col">{col.updated}</th>
                <th scope="col">{col.shared}</th>
                <th scope="col">
                  <span className={css.srOnly}>{col.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => {
                const owner = byId.get(d.ownerId);
                return (
                  <tr key={d.id} data-testid="owned-dashboard" data-name={d.kind ? '' : d.name}>
                    <td data-label={col.owner}>
                      <span className={css.person}>
                        <span className={css.name}>{owner ? userLabel(owner) : '—'}</span>
                        <span className={css.mono}>{owner?.username}</span>
                      </span>
                    </td>
                    <td data-label={col.name}>
                      <span className={css.dashboardCell}>
                        <span className={css.strong}>{dashboardName(d)}</span>
                        {d.kind ? (
                          <span title={t('ownership.dashboards.builtInHint')}>
                            <Chip tone="muted">{t('ownership.dashboards.kind.builtIn')}</Chip>
                          </span>
                        ) : (
                          <Chip tone="info">{t('ownership.dashboards.kind.custom')}</Chip>
                        )}
                      </span>
                    </td>
                    <td data-label={col.widgets} className={css.num}>
                      {d.widgets}
                    </td>
                    <td data-label={col.updated} className={css.nowrap}>
                      <RelativeTime date={d.updatedAt} />
                    </td>
                    <td data-label={col.shared}>
                      {d.sharedWith !== null ? (
                        <Chip tone="success">{t('ownership.dashboards.sharedWith', { org: orgName(d.sharedWith) })}</Chip>
                      ) : (
                        <span className={css.muted}>{t('ownership.dashboards.notShared')}</span>
                      )}
                    </td>
                    <td className={css.actionsCell}>
                      {d.kind === null && (
                        <div className={css.actions}>
                          <Button size="small" onClick={() => setDialog({ kind: 'one', dashboard: d })} data-testid="transfer-one">
                            {t('ownership.dashboards.transfer')}
                          </Button>
                          <Button
                            size="small"
                            onClick={() => void toggleShare(d)}
                            disabled={busyShare === d.id}
                            aria-busy={busyShare === d.id || undefined}
                            title={d.sharedWith === null ? t('ownership.dashboards.shareHint', { org: orgName(org) }) : undefined}
                            data-testid="share-toggle"
                          >
                            {d.sharedWith === null ? t('ownership.dashboards.share') : t('ownership.dashboards.unshare')}
                          </Button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      {dialog && org !== null && (
        <TransferDialog
          organizationId={org}
          from={dialog.kind === 'all' ? dialog.user : byId.get(dialog.dashboard.ownerId)!}
          dashboards={dialog.kind === 'all' ? customOf(dialog.user) : [dialog.dashboard]}
          all={dialog.kind === 'all'}
          candidates={members}
          onClose={() => setDialog(null)}
          onDone={refresh}
        />
      )}
    </Card>
  );
}

function TransferDialog(props: {
  organizationId: number;
  from: OwnershipUser;
  dashboards: OwnedDashboard[];
  all: boolean;
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
  const count = props.dashboards.length;

  async function transfer() {
    if (to === null) return;
    setBusy(true);
    setError(null);
    const body: DashboardTransferBody = {
      organizationId: props.organizationId,
      fromUserId: props.from.id,
      toUserId: to,
      ...(props.all ? {} : { dashboardIds: props.dashboards.map((d) => d.id) }),
    };
    try {
      const res = await api.http.post<Envelope<DashboardTransferResult>>(pathFor(ENDPOINTS.transferDashboards), body);
      const receiver = others.find((u) => u.id === to)!;
      bus.emit('toast', {
        kind: 'success',
        raw: true,
        message: t('ownership.dashboards.transferred', { count: res.data.data.dashboardIds.length, user: userLabel(receiver) }),
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
      title={
        props.all
          ? t('ownership.dashboards.dialogAllTitle', { user: fromName })
          : t('ownership.dashboards.dialogTitle', { name: props.dashboards[0]?.name ?? '' })
      }
      onClose={busy ? () => undefined : props.onClose}
      closeLabel={t('common:action.close')}
      testId="transfer-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            {t('common:action.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void transfer()}
            disabled={busy || to === null}
            aria-busy={busy || undefined}
            data-testid="transfer-confirm"
          >
            {t('ownership.dashboards.confirm')}
          </Button>
        </>
      }
    >
      <div className={css.dialog}>
        <p>{t('ownership.dashboards.dialogText', { count, from: fromName })}</p>
        {props.all && (
          <ul className={css.moving}>
            {props.dashboards.map((d) => (
              <li key={d.id}>{d.name}</li>
            ))}
          </ul>
        )}
        {others.length === 0 ? (
          <p className={css.hint}>{t('ownership.noOthers')}</p>
        ) : (
          <label className={css.field}>
            <span>{t('ownership.dashboards.to')}</span>
            <Select value={to ?? ''} onChange={(e) => setTo(Number(e.target.value))} data-testid="transfer-to">
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
