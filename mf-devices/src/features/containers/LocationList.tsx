/**
 * The locations with their units, and the units no location holds. Writers select units (one by
 * one or a whole location) and move them with "Move to location…", or drag units onto a location;
 * dragging a selected unit drags the whole selection. Each location folds open on demand, and long
 * lists show their first units with a count of the rest.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Container, type Unit, unitStatus } from '@fieldwatch/shared';
import { Button, Card, EmptyState, Icon, Menu, StatusDot, VisuallyHidden, type MenuItem } from '@fieldwatch/shared/ui';
import type { ScreenActions } from './ContainerPages';
import { holdersOf, unitIdsOfLocation, unitsWithoutLocation } from './tree-model';
import css from './Containers.module.css';

/** Units listed per location before "and N more". */
const SHOWN = 200;

interface Props {
  list: readonly Container[];
  units: readonly Unit[];
  actions: ScreenActions;
}

export function LocationList({ list, units, actions }: Props) {
  const { t } = useTranslation('devices');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const locations = useMemo(
    () => list.filter((c) => c.kind === 'location').sort((a, b) => a.name.localeCompare(b.name)),
    [list],
  );
  const byUnit = useMemo(() => new Map(units.map((u) => [u.UnitID, u])), [units]);
  const loose = useMemo(() => unitsWithoutLocation(list, units), [list, units]);
  const { canWrite } = actions;

  const toggle = (ids: number[], on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const selection = [...picked];

  return (
    <div className={css.locations}>
      {canWrite && (
        <div className={css.bulkBar} data-testid="bulk-bar">
          <span>{t('containers.units.selected', { count: selection.length })}</span>
          <Button
            variant="primary"
            disabled={selection.length === 0}
            onClick={() => actions.open({ type: 'moveUnits', ids: selection })}
            data-testid="bulk-move"
          >
            <Icon name="move" size={16} />
            {t('containers.units.moveTo')}
          </Button>
          {selection.length > 0 && (
            <Button variant="ghost" onClick={() => setPicked(new Set())}>
              {t('containers.units.clear')}
            </Button>
          )}
        </div>
      )}
      {locations.length === 0 && (
        <Card>
          <EmptyState title={t('containers.location.empty')}>
            {t(canWrite ? 'containers.location.emptyWriter' : 'containers.location.emptyReader')}
          </EmptyState>
        </Card>
      )}
      {locations.map((l) => (
        <LocationCard
          key={l.id}
          location={l}
          groups={holdersOf(list, l.id).map((g) => g.name)}
          units={unitIdsOfLocation(l).map((id) => byUnit.get(id)).filter((u): u is Unit => !!u)}
          {...{ actions, picked, toggle }}
        />
      ))}
      {loose.length > 0 && <LocationCard location={null} groups={[]} units={loose} {...{ actions, picked, toggle }} />}
    </div>
  );
}

function LocationCard(props: {
  location: Container | null;
  groups: string[];
  units: Unit[];
  actions: ScreenActions;
  picked: ReadonlySet<number>;
  toggle(ids: number[], on: boolean): void;
}) {
  const { t } = useTranslation('devices');
  const { location, units, actions, picked, toggle } = props;
  const { drag, canWrite } = actions;
  const [open, setOpen] = useState(false);
  const name = location?.name ?? t('containers.units.withoutLocation');
  const org = location ? actions.orgLabel(location.organizationId) : null;
  const ids = units.map((u) => u.UnitID);
  const all = ids.length > 0 && ids.every((id) => picked.has(id));
  const items: MenuItem[] = location
    ? [
        { key: 'rename', label: t('containers.menu.rename'), onSelect: () => actions.open({ type: 'rename', id: location.id }) },
        { key: 'move', label: t('containers.menu.moveToGroup'), onSelect: () => actions.open({ type: 'move', id: location.id }) },
        { key: 'delete', label: t('containers.menu.delete'), danger: true, onSelect: () => actions.open({ type: 'delete', id: location.id }) },
      ]
    : [];
  const target = location
    ? drag.target(`l:${location.id}`, (d) => actions.acceptsOnLocation(location, d), (d) => actions.dropOnLocation(location, d))
    : {};
  return (
    <Card>
      <section className={css.locationCard} data-testid={location ? 'location-card' : 'loose-units'} data-id={location?.id} {...target}>
        <div className={css.row}>
          <button
            type="button"
            className={css.fold}
            aria-expanded={open}
            aria-label={t(open ? 'containers.tree.collapse' : 'containers.tree.expand', { name })}
            onClick={() => setOpen(!open)}
          >
            <Icon name="chevron" size={14} className={open ? css.chevronOpen : undefined} />
          </button>
          {canWrite && ids.length > 0 && (
            <input
              type="checkbox"
              checked={all}
              aria-label={t('containers.units.selectAll', { name })}
              onChange={(e) => toggle(ids, e.target.checked)}
            />
          )}
          <button type="button" className={css.name} onClick={() => setOpen(!open)}>
            <Icon name={location ? 'location' : 'device'} size={15} />
            <span className={css.nameText}>{name}</span>
          </button>
          {(props.groups.length > 0 || org) && (
            <span className={css.muted}>{[org, ...props.groups].filter(Boolean).join(' · ')}</span>
          )}
          <span className={css.count}>{t('containers.tree.units', { count: units.length })}</span>
          {canWrite && location && <Menu label={t('containers.menu.label', { name })} items={items} testId="location-menu" />}
        </div>
        {open &&
          (units.length === 0 ? (
            <p className={css.muted}>{t(canWrite ? 'containers.units.noneWriter' : 'containers.units.none')}</p>
          ) : (
            <ul className={css.units} aria-label={t('containers.units.of', { name })}>
              {units.slice(0, SHOWN).map((u) => {
                const on = picked.has(u.UnitID);
                const dragged = on ? [...picked] : [u.UnitID];
                return (
                  <li key={u.UnitID} className={css.unit} data-testid="unit-row" {...drag.source({ kind: 'units', ids: dragged }, canWrite)}>
                    {canWrite && (
                      <input
                        type="checkbox"
                        checked={on}
                        aria-label={t('containers.units.select', { name: u.UnitName })}
                        onChange={(e) => toggle([u.UnitID], e.target.checked)}
                      />
                    )}
                    <StatusDot status={unitStatus(u)} />
                    <span className={css.nameText}>{u.UnitName}</span>
                    <VisuallyHidden>{t(`common:status.${unitStatus(u)}`)}</VisuallyHidden>
                    <span className={css.muted}>{u.UnitLocation}</span>
                  </li>
                );
              })}
              {units.length > SHOWN && <li className={css.muted}>{t('containers.units.more', { count: units.length - SHOWN })}</li>}
            </ul>
          ))}
      </section>
    </Card>
  );
}
