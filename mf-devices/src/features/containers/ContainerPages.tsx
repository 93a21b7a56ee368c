/**
 * /groupmanagement and /locationmanagement: the selected customers' groups and locations (spec §3).
 * Groups hold sub-groups and locations, locations hold units. The group page shows the tree of
 * groups with their locations and, for a selected group, its alarm summary and its units on a map;
 * the location page shows the locations with their units and the units no location holds.
 *
 * Writers create, rename, move (drag and drop, or each row's "Move to…" menu for keyboard users)
 * and delete; units move between locations by drag and drop or in bulk. Readers see the same
 * screens without any write control (the server refuses their writes too).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Container, type ContainerKind, type Unit, USER_TYPES } from '@fieldwatch/shared';
import { useDevices, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Button, Icon, LoadView, PageHeader, RefreshButton } from '@fieldwatch/shared/ui';
import { useContainers, useContainerWrites, type WriteResult } from './container-api';
import { DeleteDialog, failureText, type MoveChoice, MoveDialog, NameDialog } from './ContainerDialogs';
import { type Dragged, useDragState } from './drag';
import { GroupPanel } from './GroupPanel';
import { GroupTree } from './GroupTree';
import { LocationList } from './LocationList';
import { alarmLines, buildTree, groupMoveTargets, holdersOf, isCycle } from './tree-model';
import css from './Containers.module.css';

export function GroupPage() {
  return <ContainersScreen level="group" />;
}

export function LocationPage() {
  return <ContainersScreen level="location" />;
}

export type DialogState =
  | { type: 'create'; kind: ContainerKind; parent?: Container }
  | { type: 'rename'; id: string }
  | { type: 'move'; id: string }
  | { type: 'delete'; id: string }
  | { type: 'moveUnits'; ids: number[] };

export interface ScreenActions {
  canWrite: boolean;
  drag: ReturnType<typeof useDragState>;
  open(dialog: DialogState): void;
  /** A drop on a group, or on the top level / "no group" (null). */
  dropOnGroup(target: Container | null, d: Dragged): void;
  dropOnLocation(target: Container, d: Dragged): void;
  acceptsOnLocation(target: Container, d: Dragged): boolean;
  /** The organisation's name when containers of several organisations are shown, else null. */
  orgLabel(organizationId: number): string | null;
  /** Whether a dragged thing may be dropped here (a group never into itself or below itself). */
  acceptsOnGroup(target: Container | null, d: Dragged): boolean;
}

type Notice = { tone: 'success' | 'error'; text: string } | null;
const NO_CONTAINERS: Container[] = [];
const NO_UNITS: Unit[] = [];

function ContainersScreen({ level }: { level: ContainerKind }) {
  const { t } = useTranslation('devices');
  const { bus } = useRemote();
  const userType = useSession((s) => s.user?.userType);
  const customers = useSession((s) => s.customers);
  const selected = useSession((s) => s.selectedCustomers);
  const canWrite = userType !== undefined && userType !== USER_TYPES.Reader;
  const load = useContainers();
  const devices = useDevices();
  const writes = useContainerWrites();
  const drag = useDragState();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [selectedGroup, setSelectedGroup] = useState<string | null>(null);

  const list = load.data ?? NO_CONTAINERS;
  const units = devices.data ?? NO_UNITS;
  const byId = useMemo(() => new Map(list.map((c) => [c.id, c])), [list]);
  const orgOfUnit = useMemo(() => new Map(units.map((u) => [u.UnitID, u.CustomerID])), [units]);
  /** Units move only into a location of their own organisation (the server refuses others: all or none). */
  const fitsLocation = (ids: readonly number[], location: Container) =>
    ids.every((id) => orgOfUnit.get(id) === undefined || orgOfUnit.get(id) === location.organizationId);
  const orgs = customers
    .filter((c) => selected.includes(c.CustomerID))
    .map((c) => ({ id: c.CustomerID, name: c.CustomerName }));

  const say = (tone: 'success' | 'error', text: string) => {
    setNotice({ tone, text });
    bus.emit('toast', { kind: tone === 'success' ? 'success' : 'danger', message: text, raw: true });
  };
  /** Runs a write from a drop (nothing typed to keep): says how it went. */
  const report = async (res: WriteResult<unknown>, success: string, failure: string) => {
    if (res.ok) say('success', success);
    else say('error', failureText(t, res, failure));
    return res;
  };
  /** Runs a write from a dialog: closes it and says so on success; the dialog shows a failure. */
  const fromDialog = async <T,>(res: WriteResult<T>, success: string) => {
    if (res.ok) {
      setDialog(null);
      say('success', success);
    }
    return res;
  };

  const moveGroup = (group: Container, parent: Container | null) => {
    if (parent && isCycle(list, group.id, parent.id)) {
      const res = { ok: false as const, status: 400, message: '' };
      say('error', t('containers.errors.cycle'));
      return Promise.resolve(res);
    }
    return writes.update(group, { parentId: parent?.id ?? null });
  };
  const moveLocation = (location: Container, group: Container | null) =>
    writes.moveLocation(location, group, holdersOf(list, location.id));

  const orgNames = new Map(customers.map((c) => [c.CustomerID, c.CustomerName]));
  const severalOrgs = new Set(list.map((c) => c.organizationId)).size > 1;
  const actions: ScreenActions = {
    canWrite,
    orgLabel: (id) => (severalOrgs ? (orgNames.get(id) ?? null) : null),
    drag,
    open: setDialog,
    acceptsOnGroup: (target, d) => {
      if (d.kind === 'units') return false;
      const item = byId.get(d.id);
      if (!item) return false;
      if (d.kind === 'group') {
        if (target === null) return item.parentId !== null;
        return target.organizationId === item.organizationId && target.id !== item.id && target.id !== item.parentId;
      }
      const holders = holdersOf(list, d.id);
      if (target === null) return holders.length > 0;
      return target.organizationId === item.organizationId && !holders.some((h) => h.id === target.id);
    },
    dropOnGroup: (target, d) => {
      if (d.kind === 'units') return;
      const item = byId.get(d.id);
      if (!item) return;
      const where = target?.name ?? t(d.kind === 'group' ? 'containers.tree.topLevel' : 'containers.tree.noGroup');
      if (d.kind === 'group') {
        if (target && isCycle(list, item.id, target.id)) {
          say('error', t('containers.errors.cycle'));
          return;
        }
        void moveGroup(item, target).then((res) =>
          report(res, t('containers.done.moved', { name: item.name, where }), t('containers.errors.moveFailed.group')),
        );
      } else {
        void moveLocation(item, target).then((res) =>
          report(res, t('containers.done.moved', { name: item.name, where }), t('containers.errors.moveFailed.location')),
        );
      }
    },
    acceptsOnLocation: (target, d) => d.kind === 'units' && fitsLocation(d.ids, target),
    dropOnLocation: (target, d) => {
      if (d.kind !== 'units') return;
      void writes.moveUnits(target, d.ids).then((res) =>
        report(
          res,
          t('containers.done.unitsMoved', { count: d.ids.length, where: target.name }),
          t('containers.errors.moveUnitsFailed'),
        ),
      );
    },
  };

  const current = dialog && 'id' in dialog ? byId.get(dialog.id) : undefined;

  const renderDialog = () => {
    if (!dialog) return null;
    const close = () => setDialog(null);
    const reload = () => void writes.refresh();
    switch (dialog.type) {
      case 'create':
        return (
          <NameDialog
            kind={dialog.kind}
            mode="create"
            orgs={dialog.parent ? undefined : orgs}
            context={dialog.parent ? t('containers.dialog.inside', { name: dialog.parent.name }) : undefined}
            onReload={reload}
            onClose={close}
            onSubmit={async (name, organization) => {
              const parent = dialog.parent ? byId.get(dialog.parent.id) : undefined;
              const created = await writes.create({
                kind: dialog.kind,
                name,
                ...(parent && dialog.kind === 'group' ? { parentId: parent.id } : {}),
                ...(parent ? { organization: parent.organizationId } : organization ? { organization } : {}),
              });
              if (!created.ok) return created;
              // A new location inside a group: the group holds it.
              if (parent && dialog.kind === 'location') {
                const held = await writes.moveLocation(created.data, parent, []);
                if (!held.ok) {
                  // It exists (without a group): say so rather than invite a second one.
                  setDialog(null);
                  say('error', t('containers.errors.createdNotHeld', { name, group: parent.name }));
                  return held;
                }
              }
              return fromDialog(created, t(`containers.done.created.${dialog.kind}`, { name }));
            }}
          />
        );
      case 'rename':
        if (!current) return null;
        return (
          <NameDialog
            kind={current.kind}
            mode="rename"
            initial={current.name}
            onReload={reload}
            onClose={close}
            onSubmit={async (name) => {
              const latest = byId.get(dialog.id);
              if (!latest) return { ok: false, status: 404, message: '' };
              return fromDialog(await writes.update(latest, { name }), t('containers.done.renamed', { name }));
            }}
          />
        );
      case 'move': {
        if (!current) return null;
        const choices: MoveChoice[] =
          current.kind === 'group'
            ? [
                ...(current.parentId ? [{ id: '', label: t('containers.tree.topLevel') }] : []),
                ...groupMoveTargets(list, current).map((g) => ({ id: g.id, label: g.name })),
              ]
            : [
                ...(holdersOf(list, current.id).length ? [{ id: '', label: t('containers.tree.noGroup') }] : []),
                ...list
                  .filter(
                    (g) =>
                      g.kind === 'group' &&
                      g.organizationId === current.organizationId &&
                      !g.content.some((r) => r.target === current.id),
                  )
                  .sort((a, b) => a.name.localeCompare(b.name))
                  .map((g) => ({ id: g.id, label: g.name })),
              ];
        return (
          <MoveDialog
            title={t(`containers.dialog.moveTitle.${current.kind}`, { name: current.name })}
            text={t(`containers.dialog.moveText.${current.kind}`)}
            choices={choices}
            failure={t(`containers.errors.moveFailed.${current.kind}`)}
            onReload={reload}
            onClose={close}
            onMove={async (id) => {
              const latest = byId.get(current.id) ?? current;
              const target = id ? (byId.get(id) ?? null) : null;
              const where = target?.name ?? choices.find((c) => c.id === '')?.label ?? '';
              const res =
                latest.kind === 'group' ? await moveGroup(latest, target) : await moveLocation(latest, target);
              return fromDialog(res, t('containers.done.moved', { name: latest.name, where }));
            }}
          />
        );
      }
      case 'delete':
        if (!current) return null;
        return (
          <DeleteDialog
            container={current}
            onClose={close}
            onDelete={async () =>
              fromDialog(await writes.remove(byId.get(current.id) ?? current), t('containers.done.deleted', { name: current.name }))
            }
          />
        );
      case 'moveUnits': {
        const locations = list
          .filter((c) => c.kind === 'location' && fitsLocation(dialog.ids, c))
          .sort((a, b) => a.name.localeCompare(b.name));
        return (
          <MoveDialog
            title={t('containers.dialog.moveUnitsTitle', { count: dialog.ids.length })}
            text={t('containers.dialog.moveUnitsText')}
            choices={locations.map((l) => ({ id: l.id, label: l.name }))}
            failure={t('containers.errors.moveUnitsFailed')}
            onReload={reload}
            onClose={close}
            onMove={async (id) => {
              const target = byId.get(id);
              if (!target) return { ok: false, status: 404, message: '' };
              return fromDialog(
                await writes.moveUnits(target, dialog.ids),
                t('containers.done.unitsMoved', { count: dialog.ids.length, where: target.name }),
              );
            }}
          />
        );
      }
    }
  };

  const tree = useMemo(() => buildTree(list), [list]);
  const lines = useMemo(() => (level === 'group' ? alarmLines(list, units) : new Map()), [level, list, units]);
  const group = selectedGroup ? byId.get(selectedGroup) : undefined;

  return (
    <div className={css.page} data-testid={`${level}-page`}>
      <PageHeader
        title={t(`containers.${level}.title`)}
        subtitle={t(`containers.${level}.subtitle`)}
        actions={
          <div className={css.headerActions}>
            <RefreshButton load={load} label={t('containers.refresh')} />
            {canWrite && (
              <Button variant="primary" onClick={() => setDialog({ type: 'create', kind: level })} data-testid={`new-${level}`}>
                <Icon name={level === 'group' ? 'group' : 'location'} size={16} />
                {t(`containers.${level}.new`)}
              </Button>
            )}
          </div>
        }
      />
      <p className={css.noticeLine} role="status" data-tone={notice?.tone} data-testid="container-notice">
        {notice?.text}
      </p>
      <LoadView
        load={load}
        labels={{
          loading: t('containers.loading'),
          errorTitle: t('containers.loadFailed'),
          errorText: t('containers.loadFailedText'),
          retry: t('containers.retry'),
          stale: t('containers.stale'),
        }}
      >
        {() =>
          level === 'group' ? (
            <div className={css.columns}>
              <GroupTree tree={tree} lines={lines} actions={actions} selected={selectedGroup} onSelect={setSelectedGroup} />
              {group && (
                <GroupPanel group={group} list={list} units={units} line={lines.get(group.id)} onClose={() => setSelectedGroup(null)} />
              )}
            </div>
          ) : (
            <LocationList list={list} units={units} actions={actions} />
          )
        }
      </LoadView>
      {renderDialog()}
    </div>
  );
}
