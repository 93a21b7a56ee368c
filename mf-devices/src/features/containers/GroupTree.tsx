/**
 * The tree of groups → sub-groups → locations. A group row selects the group (its summary and map
 * open beside the tree), folds its content, and — for writers — is a drop target for groups and
 * locations, draggable itself, and has a menu with the same moves for the keyboard.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Container } from '@fieldwatch/shared';
import { Card, EmptyState, Icon, Menu, StatusDot, VisuallyHidden, type MenuItem } from '@fieldwatch/shared/ui';
import type { ScreenActions } from './ContainerPages';
import { type AlarmLine, type GroupNode, NO_LINE, type Tree, unitIdsOfLocation } from './tree-model';
import css from './Containers.module.css';

interface Props {
  tree: Tree;
  lines: ReadonlyMap<string, AlarmLine>;
  actions: ScreenActions;
  selected: string | null;
  onSelect(id: string | null): void;
}

export function GroupTree({ tree, lines, actions, selected, onSelect }: Props) {
  const { t } = useTranslation('devices');
  const { drag, canWrite } = actions;
  const empty = tree.roots.length === 0 && tree.looseLocations.length === 0;
  return (
    <Card>
      <div className={css.tree} data-testid="group-tree">
        {empty ? (
          <EmptyState title={t('containers.group.empty')}>{t(canWrite ? 'containers.group.emptyWriter' : 'containers.group.emptyReader')}</EmptyState>
        ) : (
          <ul className={css.level} aria-label={t('containers.group.title')}>
            {tree.roots.map((n) => (
              <GroupItem key={n.group.id} node={n} root {...{ lines, actions, selected, onSelect }} />
            ))}
          </ul>
        )}
        {canWrite && (
          <div
            className={css.dropZone}
            data-testid="drop-top-level"
            {...drag.target('top', (d) => d.kind === 'group' && actions.acceptsOnGroup(null, d), (d) => actions.dropOnGroup(null, d))}
          >
            {t('containers.tree.dropTopLevel')}
          </div>
        )}
        {(tree.looseLocations.length > 0 || canWrite) && (
          <section
            className={css.loose}
            data-testid="loose-locations"
            {...drag.target('loose', (d) => d.kind === 'location' && actions.acceptsOnGroup(null, d), (d) => actions.dropOnGroup(null, d))}
          >
            <h3 className={css.sectionTitle}>{t('containers.tree.noGroup')}</h3>
            {tree.looseLocations.length === 0 ? (
              <p className={css.muted}>{t('containers.tree.dropNoGroup')}</p>
            ) : (
              <ul className={css.level}>
                {tree.looseLocations.map((l) => (
                  <LocationItem key={l.id} location={l} actions={actions} root />
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </Card>
  );
}

function GroupItem({ node, root = false, lines, actions, selected, onSelect }: Omit<Props, 'tree'> & { node: GroupNode; root?: boolean }) {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(true);
  const { group } = node;
  const { drag, canWrite } = actions;
  const line = lines.get(group.id) ?? NO_LINE;
  const hasContent = node.subgroups.length + node.locations.length > 0;
  const org = root ? actions.orgLabel(group.organizationId) : null;
  const items: MenuItem[] = [
    { key: 'rename', label: t('containers.menu.rename'), onSelect: () => actions.open({ type: 'rename', id: group.id }) },
    { key: 'sub', label: t('containers.menu.newSubgroup'), onSelect: () => actions.open({ type: 'create', kind: 'group', parent: group }) },
    { key: 'loc', label: t('containers.menu.newLocation'), onSelect: () => actions.open({ type: 'create', kind: 'location', parent: group }) },
    { key: 'move', label: t('containers.menu.moveTo'), onSelect: () => actions.open({ type: 'move', id: group.id }) },
    { key: 'delete', label: t('containers.menu.delete'), danger: true, onSelect: () => actions.open({ type: 'delete', id: group.id }) },
  ];
  return (
    <li className={css.item}>
      <div
        className={css.row}
        data-testid="group-row"
        data-id={group.id}
        data-selected={selected === group.id || undefined}
        {...drag.source({ kind: 'group', id: group.id }, canWrite)}
        {...drag.target(`g:${group.id}`, (d) => actions.acceptsOnGroup(group, d), (d) => actions.dropOnGroup(group, d))}
      >
        <button
          type="button"
          className={css.fold}
          aria-expanded={open}
          aria-label={t(open ? 'containers.tree.collapse' : 'containers.tree.expand', { name: group.name })}
          disabled={!hasContent}
          onClick={() => setOpen(!open)}
        >
          <Icon name="chevron" size={14} className={open && hasContent ? css.chevronOpen : undefined} />
        </button>
        <button
          type="button"
          className={css.name}
          aria-pressed={selected === group.id}
          onClick={() => onSelect(selected === group.id ? null : group.id)}
        >
          {line.worst ? <StatusDot status={line.worst} /> : <span className={css.dot} data-status="none" aria-hidden="true" />}
          <Icon name="group" size={15} />
          <span className={css.nameText}>{group.name}</span>
          {line.worst && <VisuallyHidden>{` (${t(`common:status.${line.worst}`)})`}</VisuallyHidden>}
        </button>
        {org && <span className={css.muted}>{org}</span>}
        <span className={css.count} title={t('containers.tree.unitsTitle')}>
          {t('containers.tree.units', { count: line.unitIds.length })}
        </span>
        {canWrite && <Menu label={t('containers.menu.label', { name: group.name })} items={items} testId="group-menu" />}
      </div>
      {open && hasContent && (
        <ul className={css.level}>
          {node.subgroups.map((n) => (
            <GroupItem key={n.group.id} node={n} {...{ lines, actions, selected, onSelect }} />
          ))}
          {node.locations.map((l) => (
            <LocationItem key={l.id} location={l} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

function LocationItem({ location, actions, root = false }: { location: Container; actions: ScreenActions; root?: boolean }) {
  const { t } = useTranslation('devices');
  const { drag, canWrite } = actions;
  const items: MenuItem[] = [
    { key: 'rename', label: t('containers.menu.rename'), onSelect: () => actions.open({ type: 'rename', id: location.id }) },
    { key: 'move', label: t('containers.menu.moveTo'), onSelect: () => actions.open({ type: 'move', id: location.id }) },
    { key: 'delete', label: t('containers.menu.delete'), danger: true, onSelect: () => actions.open({ type: 'delete', id: location.id }) },
  ];
  return (
    <li className={css.item}>
      <div className={css.row} data-testid="location-row" data-id={location.id} {...drag.source({ kind: 'location', id: location.id }, canWrite)}>
        <span className={css.foldSpacer} aria-hidden="true" />
        <span className={css.name}>
          <Icon name="location" size={15} />
          <span className={css.nameText}>{location.name}</span>
        </span>
        {root && actions.orgLabel(location.organizationId) && <span className={css.muted}>{actions.orgLabel(location.organizationId)}</span>}
        <span className={css.count}>{t('containers.tree.units', { count: unitIdsOfLocation(location).length })}</span>
        {canWrite && <Menu label={t('containers.menu.label', { name: location.name })} items={items} testId="location-menu" />}
      </div>
    </li>
  );
}
