import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  pathFor,
  queryKeys,
  RIGHTS,
  type AdminOrganization,
  type CreateOrganizationBody,
  type Envelope,
  type OrganizationMember,
} from '@fieldwatch/shared';
import { loadViewLabels, useApiQuery, useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, LoadView, Modal, PageHeader, Select, Table, TextField } from '@fieldwatch/shared/ui';
import { NoAdminAccess, useOrganizations } from '../general/OrgSection';
import { serverMessage } from '../general/orgs';
import shared from '../general/OrgSection.module.css';
import css from './AccountsPage.module.css';
import { TrialsCard } from './TrialsCard';

const RIGHT_LIST = [RIGHTS.GIS, RIGHTS.AWG, RIGHTS.Parking] as const;

/** /admin/accounts: customer accounts under main accounts, their users and rights. */
export function AccountsPage() {
  const { t } = useTranslation('admin');
  const orgs = useOrganizations();
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'rights'; org: AdminOrganization } | { kind: 'move'; org: AdminOrganization } | null
  >(null);
  const list = orgs.data?.kind === 'ok' ? orgs.data.orgs : [];
  return (
    <div className={shared.page} data-testid="admin-accounts">
      <PageHeader
        title={t('sections.accounts.title')}
        subtitle={t('sections.accounts.description')}
        actions={
          list.length > 0 ? (
            <Button variant="primary" onClick={() => setDialog({ kind: 'create' })} data-testid="account-add">
              {t('org.accounts.add')}
            </Button>
          ) : undefined
        }
      />
      <LoadView load={orgs} labels={loadViewLabels(t, 'org.', { stale: false })}>
        {(data) =>
          data.kind === 'forbidden' ? (
            <NoAdminAccess />
          ) : (
            <AccountsTable
              orgs={data.orgs}
              onRights={(org) => setDialog({ kind: 'rights', org })}
              onMove={(org) => setDialog({ kind: 'move', org })}
            />
          )
        }
      </LoadView>
      {orgs.data?.kind === 'ok' && <TrialsCard />}
      {dialog?.kind === 'create' && <CreateDialog orgs={list} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rights' && <RightsDialog org={dialog.org} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && <MoveDialog to={dialog.org} orgs={list} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** Main accounts first, each followed by its customer accounts (indented). */
function ordered(orgs: readonly AdminOrganization[]): Array<{ org: AdminOrganization; depth: number }> {
  const ids = new Set(orgs.map((o) => o.id));
  const out: Array<{ org: AdminOrganization; depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    for (const o of orgs.filter((x) => (parent === null ? x.parentId === null || !ids.has(x.parentId) : x.parentId === parent))) {
      if (out.some((e) => e.org.id === o.id)) continue;
      out.push({ org: o, depth });
      walk(o.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function AccountsTable(props: {
  orgs: AdminOrganization[];
  onRights: (o: AdminOrganization) => void;
  onMove: (o: AdminOrganization) => void;
}) {
  const { t } = useTranslation('admin');
  const name = (id: number | null) => props.orgs.find((o) => o.id === id)?.name ?? '';
  return (
    <Card flush>
      <Table label={t('sections.accounts.title')} stacked>
        <thead>
          <tr>
            <th scope="col">{t('org.accounts.col.name')}</th>
            <th scope="col">{t('org.accounts.col.main')}</th>
            <th scope="col">{t('org.accounts.col.users')}</th>
            <th scope="col">{t('org.accounts.col.rights')}</th>
            <th scope="col">
              <span className={css.srOnly}>{t('org.accounts.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered(props.orgs).map(({ org, depth }) => (
            <tr key={org.id} data-testid="account-row">
              <td data-label={t('org.accounts.col.name')}>
                <span className={css.name} style={{ paddingLeft: depth * 18 }}>
                  {depth > 0 && <span aria-hidden="true">↳ </span>}
                  {org.name}
                </span>
              </td>
              <td data-label={t('org.accounts.col.main')}>{org.parentId ? name(org.parentId) : t('org.accounts.mainAccount')}</td>
              <td data-label={t('org.accounts.col.users')}>{org.users}</td>
              <td data-label={t('org.accounts.col.rights')}>
                <span className={css.chips}>
                  {org.rights.length === 0 && <span className={css.muted}>{t('org.accounts.noRights')}</span>}
                  {org.rights.map((r) => (
                    <Chip key={r} tone="info">
                      {t(`org.rights.${r}`)}
                    </Chip>
                  ))}
                </span>
              </td>
              <td className={css.actions}>
                <Button size="small" onClick={() => props.onRights(org)}>
                  {t('org.accounts.editRights')}
                </Button>
                <Button size="small" onClick={() => props.onMove(org)} disabled={props.orgs.length < 2}>
                  {t('org.accounts.moveUsers')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function RightsBoxes({ value, onChange }: { value: number[]; onChange: (v: number[]) => void }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className={css.fieldset}>
      <legend>{t('org.accounts.rightsLegend')}</legend>
      {RIGHT_LIST.map((r) => (
        <label key={r} className={shared.check}>
          <input
            type="checkbox"
            checked={value.includes(r)}
            onChange={(e) => onChange(e.target.checked ? [...value, r].sort() : value.filter((x) => x !== r))}
            data-testid={`right-${r}`}
          />
          <span>
            {t(`org.rights.${r}`)} <span className={css.muted}>— {t(`org.rightsHint.${r}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.adminOrganizations() });
    void client.invalidateQueries({ queryKey: queryKeys.adminUsers() });
  };
}

function CreateDialog({ orgs, onClose }: { orgs: AdminOrganization[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState(orgs.find((o) => o.parentId === null)?.id ?? orgs[0]!.id);
  const [rights, setRights] = useState<number[]>([]);
  const [error, setError] = useState<{ name?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    if (!name.trim()) return setError({ name: t('org.errors.blank', { name: t('org.accounts.col.name') }) });
    setBusy(true);
    try {
      const body: CreateOrganizationBody = { name: name.trim(), parentId, rights: rights as CreateOrganizationBody['rights'] };
      await api.http.post<Envelope<AdminOrganization>>(pathFor(ENDPOINTS.createOrganization), body);
      refresh();
      bus.emit('toast', { kind: 'success', message: t('org.accounts.created', { name: name.trim() }), raw: true });
      onClose();
    } catch (err) {
      setError({ form: serverMessage(err) ?? t('org.errors.saveFailed') });
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('org.accounts.add')}
      onClose={onClose}
      closeLabel={t('common:action.close')}
      testId="account-create-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={() => void onSubmit()} disabled={busy} data-testid="account-create-save">
            {t('org.accounts.create')}
          </Button>
        </>
      }
    >
      <form className={css.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField label={t('org.accounts.col.name')} value={name} error={error.name} onChange={(e) => setName(e.target.value)} />
        <label className={shared.selectField}>
          <span>{t('org.accounts.col.main')}</span>
          <Select value={parentId} onChange={(e) => setParentId(Number(e.target.value))}>
            {orgs.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </label>
        <RightsBoxes value={rights} onChange={setRights} />
        <p className={shared.hint}>{t('org.accounts.youJoin')}</p>
        {error.form && (
          <p className={shared.error} role="alert">
            {error.form}
          </p>
        )}
      </form>
    </Modal>
  );
}

function RightsDialog({ org, onClose }: { org: AdminOrganization; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const refresh = useRefresh();
  const [rights, setRights] = useState<number[]>(org.rights);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await api.http.put(pathFor(ENDPOINTS.updateOrganizationRights, { id: org.id }), { rights });
      refresh();
      bus.emit('toast', { kind: 'success', message: t('org.accounts.rightsSaved', { name: org.name }), raw: true });
      onClose();
    } catch (err) {
      setError(serverMessage(err) ?? t('org.errors.saveFailed'));
      setBusy(false);
    }
  }
  return (
    <Modal
      title={t('org.accounts.rightsTitle', { name: org.name })}
      onClose={onClose}
      closeLabel={t('common:action.close')}
      testId="account-rights-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={() => void save()} disabled={busy} data-testid="account-rights-save">
            {t('org.save')}
          </Button>
        </>
      }
    >
      <RightsBoxes value={rights} onChange={setRights} />
      <p className={shared.hint}>{t('org.accounts.rightsEffect')}</p>
      {error && (
        <p className={shared.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

function MoveDialog({ to, orgs, onClose }: { to: AdminOrganization; orgs: AdminOrganization[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const refresh = useRefresh();
  const sources = orgs.filter((o) => o.id !== to.id);
  const [fromId, setFromId] = useState(sources[0]!.id);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const members = useApiQuery(queryKeys.organizationMembers(fromId), async () => {
    try {
      const res = await api.http.get<Envelope<OrganizationMember[]>>(pathFor(ENDPOINTS.organizationMembers, { id: fromId }));
      return [res.data.data, false] as const;
    } catch {
      return [undefined, true] as const;
    }
  });
  async function move() {
    if (chosen.length === 0) return setError(t('org.accounts.chooseUsers'));
    setBusy(true);
    try {
      await api.http.post(pathFor(ENDPOINTS.moveOrganizationUsers, { id: to.id }), { userIds: chosen, fromId });
      refresh();
      bus.emit('toast', { kind: 'success', message: t('org.accounts.moved', { count: chosen.length, name: to.name }), raw: true });
      onClose();
    } catch (err) {
      setError(serverMessage(err) ?? t('org.errors.saveFailed'));
      setBusy(false);
    }
  }
  return (
    <Modal
      title={t('org.accounts.moveTitle', { name: to.name })}
      onClose={onClose}
      closeLabel={t('common:action.close')}
      testId="account-move-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button variant="primary" onClick={() => void move()} disabled={busy} data-testid="account-move-save">
            {t('org.accounts.moveConfirm', { count: chosen.length })}
          </Button>
        </>
      }
    >
      <label className={shared.selectField}>
        <span>{t('org.accounts.moveFrom')}</span>
        <Select
          value={fromId}
          onChange={(e) => {
            setFromId(Number(e.target.value));
            setChosen([]);
          }}
        >
          {sources.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </label>
      <div className={css.members}>
        <LoadView load={members} labels={loadViewLabels(t, 'org.', { stale: false })} bare>
          {(list) =>
            list.length === 0 ? (
              <p className={shared.hint}>{t('org.accounts.noMembers')}</p>
            ) : (
              list.map((m) => (
                <label key={m.id} className={shared.check}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(m.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, m.id] : c.filter((x) => x !== m.id)))}
                  />
                  <span>
                    {m.name || m.username} <span className={css.muted}>{m.username}</span>
                  </span>
                </label>
              ))
            )
          }
        </LoadView>
      </div>
      <p className={shared.hint}>{t('org.accounts.moveEffect')}</p>
      {error && (
        <p className={shared.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
