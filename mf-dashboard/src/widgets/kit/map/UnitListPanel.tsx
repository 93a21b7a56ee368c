/**
 * The map's units as a list (issue 23: the map's units reachable without pointing at markers):
 * each unit's name as a link to its page (/devicemanagement/<id>), its status in words beside its
 * shape, its location, and a Select button that selects it in the link group (the map then moves to
 * it). Most severe first. At most LIST_LIMIT rows are drawn — the fleet can have 100 000 units — with
 * "Showing the first 200 of N": a search (name, location or id) narrows the list.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNIT_STATUSES, type Unit, type UnitStatus } from '@fieldwatch/shared';
import { toneOf, type MapData, type MapVariant, type Occupancy } from './model';
import { ToneShape } from './status-shape';
import { usePanelKeys } from './panels';
import css from './map.module.css';

/** Most rows drawn at once. */
export const LIST_LIMIT = 200;

const SEVERITY: Record<UnitStatus, number> = Object.fromEntries(UNIT_STATUSES.map((s, i) => [s, i])) as Record<UnitStatus, number>;

/**
 * The rows to draw: the units matching `query` (name, location or id, case-insensitive), most
 * severe status first, by name within a status; at most `limit` of them (the first ones of a status
 * in the fleet's order when not all fit), and how many matched.
 * One pass over the units plus a sort of the rows drawn: fast at 100 000 units.
 */
export function listRows(data: MapData, query: string, limit = LIST_LIMIT): { rows: number[]; total: number } {
  const q = query.trim().toLocaleLowerCase();
  const buckets: number[][] = UNIT_STATUSES.map(() => []);
  let total = 0;
  for (let i = 0; i < data.shown.length; i++) {
    const u = data.shown[i]!;
    if (q && !(u.UnitName.toLocaleLowerCase().includes(q) || (u.UnitLocation ?? '').toLocaleLowerCase().includes(q) || String(u.UnitID) === q))
      continue;
    total += 1;
    buckets[SEVERITY[data.statuses[i]!] ?? UNIT_STATUSES.length - 1]!.push(i);
  }
  const rows: number[] = [];
  const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  for (const b of buckets) {
    if (rows.length >= limit) break;
    // A bucket larger than what is left gives its first units in the fleet's order (picking the
    // first by name would compare each of 100 000 names); the rows drawn are sorted by name.
    const take = b.slice(0, limit - rows.length);
    rows.push(...take.sort((a, c) => byName.compare(data.shown[a]!.UnitName, data.shown[c]!.UnitName)));
  }
  return { rows, total };
}

export function UnitListPanel(props: {
  id: string;
  variant: MapVariant;
  data: MapData;
  occupancy: Occupancy | undefined;
  selected: ReadonlySet<number>;
  onSelect: (unitId: number) => void;
  onNavigate: (path: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const keys = usePanelKeys(props.onClose);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const { rows, total } = useMemo(() => listRows(props.data, deferred), [props.data, deferred]);
  const searchId = useId();
  const statusText = (u: Unit, status: UnitStatus) => {
    const bay = props.variant === 'parking' ? props.occupancy?.get(u.UnitID) : undefined;
    const text = t(`common:status.${status}`);
    return bay ? `${t(`widgets.parkingMap.${bay}`)} · ${text}` : text;
  };
  return (
    <div
      id={props.id}
      ref={keys.ref}
      className={`${css.panel} ${css.listPanel}`}
      role="dialog"
      aria-label={t('widgets.unitMap.list.title')}
      onKeyDown={keys.onKeyDown}
      data-testid="map-unit-list"
    >
      <div className={css.panelHead}>
        <h3>{t('widgets.unitMap.list.title')}</h3>
        <button type="button" className={css.close} onClick={props.onClose} aria-label={t('common:action.close')}>
          ×
        </button>
      </div>
      <label className={css.listSearch} htmlFor={searchId}>
        <span>{t('widgets.unitMap.list.search')}</span>
        <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </label>
      <p className={css.listCount} role="status" data-testid="map-unit-list-count">
        {total === 0
          ? t('widgets.unitMap.list.none')
          : total > rows.length
            ? t('widgets.unitMap.list.limited', { shown: rows.length.toLocaleString(), total: total.toLocaleString() })
            : t('widgets.unitMap.list.count', { count: total, total: total.toLocaleString() })}
      </p>
      <ul className={css.unitList} aria-label={t('widgets.unitMap.list.title')}>
        {rows.map((i) => {
          const u = props.data.shown[i]!;
          const status = props.data.statuses[i]!;
          const tone = toneOf(status, props.variant === 'parking' ? props.occupancy?.get(u.UnitID) : undefined);
          const href = `/devicemanagement/${u.UnitID}`;
          const on = props.selected.has(u.UnitID);
          return (
            <li key={u.UnitID} data-testid="map-unit-row">
              <ToneShape tone={tone} className={css.swatch} />
              <span className={css.listMain}>
                <a
                  href={href}
                  onClick={(e) => {
                    e.preventDefault();
                    props.onNavigate(href);
                  }}
                >
                  {u.UnitName}
                </a>
                <span className={css.listMeta}>
                  <span className={css.listStatus}>{statusText(u, status)}</span>
                  {u.UnitLocation ? ` · ${u.UnitLocation}` : ''}
                </span>
              </span>
              <button
                type="button"
                className={css.tool}
                aria-pressed={on}
                aria-label={t('widgets.unitMap.list.selectUnit', { name: u.UnitName })}
                onClick={() => props.onSelect(u.UnitID)}
              >
                {t('widgets.unitMap.list.select')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
