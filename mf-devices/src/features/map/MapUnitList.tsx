/**
 * The units of a map as a list below it (issue 23: the map's units reachable without pointing at
 * markers): a disclosure "List of the units on the map (N)" that opens a searchable list — name as
 * a link to the unit's page, status in words beside its shape, location — most severe first. At
 * most LIST_LIMIT rows are drawn, with "Showing the first 200 of N — refine by search".
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { UNIT_STATUSES } from '@fieldwatch/shared';
import { StatusDot } from '@fieldwatch/shared/ui';
import { unitPagePath } from '../unit/links';
import type { PlacedUnit } from './UnitsMap';
import css from './Map.module.css';

export const LIST_LIMIT = 200;

/** The units matching `query` (name, location or id), most severe first, then by name; at most `limit`, and how many matched. */
export function mapListRows(placed: readonly PlacedUnit[], query: string, limit = LIST_LIMIT): { rows: PlacedUnit[]; total: number } {
  const q = query.trim().toLocaleLowerCase();
  const buckets: PlacedUnit[][] = UNIT_STATUSES.map(() => []);
  let total = 0;
  for (const p of placed) {
    const u = p.unit;
    if (q && !(u.UnitName.toLocaleLowerCase().includes(q) || (u.UnitLocation ?? '').toLocaleLowerCase().includes(q) || String(u.UnitID) === q))
      continue;
    total += 1;
    buckets[Math.max(0, UNIT_STATUSES.indexOf(p.status))]!.push(p);
  }
  const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const rows: PlacedUnit[] = [];
  for (const b of buckets) {
    if (rows.length >= limit) break;
    // The first ones of a status in the given order when not all fit; the rows drawn by name.
    rows.push(...b.slice(0, limit - rows.length).sort((a, c) => byName.compare(a.unit.UnitName, c.unit.UnitName)));
  }
  return { rows, total };
}

export function MapUnitList({ placed }: { placed: readonly PlacedUnit[] }) {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(false);
  return (
    <details className={css.unitList} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="map-unit-list">
      <summary>{t('map.list.summary', { count: placed.length })}</summary>
      {open && <MapUnitRows placed={placed} />}
    </details>
  );
}

function MapUnitRows({ placed }: { placed: readonly PlacedUnit[] }) {
  const { t } = useTranslation('devices');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const { rows, total } = useMemo(() => mapListRows(placed, deferred), [placed, deferred]);
  const searchId = useId();
  return (
    <>
      <label className={css.unitListSearch} htmlFor={searchId}>
        <span>{t('map.list.search')}</span>
        <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </label>
      <p className={css.muted} role="status" data-testid="map-unit-list-count">
        {total === 0
          ? t('map.list.none')
          : total > rows.length
            ? t('map.list.limited', { shown: rows.length.toLocaleString(), total: total.toLocaleString() })
            : t('map.list.count', { count: total, total: total.toLocaleString() })}
      </p>
      <ul className={css.unitListRows} aria-label={t('map.list.title')}>
        {rows.map((p) => (
          <li key={p.unit.UnitID} data-testid="map-unit-row">
            <StatusDot status={p.status} />
            <span className={css.unitListMain}>
              <Link to={unitPagePath(p.unit.UnitID)}>{p.unit.UnitName}</Link>
              <span className={css.unitListMeta}>
                <span className={css.unitListStatus}>{t(`common:status.${p.status}`)}</span>
                {p.unit.UnitLocation ? ` · ${p.unit.UnitLocation}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
