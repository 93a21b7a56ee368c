/**
 * Choosing units directly when the link group has none selected: a search over the selected
 * customers' units (first matches only — never the whole fleet in the DOM) and a list of chips.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '@fieldwatch/shared';
import { chartCss } from '@fieldwatch/shared/chart';
import { Button } from '@fieldwatch/shared/ui';
import { unitLabels } from '../unit-label';
import own from './UnitPicker.module.css';

const css = { ...chartCss, ...own };

const SHOWN = 30;

export function UnitPicker({
  units,
  max,
  onPick,
  filter,
}: {
  units: readonly Unit[];
  max: number;
  onPick: (ids: number[]) => void;
  filter?: (u: Unit) => boolean;
}) {
  const { t } = useTranslation('dashboard');
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const pool = useMemo(() => (filter ? units.filter(filter) : units), [units, filter]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const out: Unit[] = [];
    for (const u of pool) {
      if (out.length >= SHOWN) break;
      if (!q || u.UnitName.toLowerCase().includes(q) || String(u.UnitID).includes(q) || (u.UnitLocation ?? '').toLowerCase().includes(q))
        out.push(u);
    }
    return out;
  }, [pool, query]);
  // Units of the same name are told apart by their location.
  const names = useMemo(() => unitLabels(pool), [pool]);
  const toggle = (id: number) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : p.length >= max ? p : [...p, id]));

  return (
    <div className={css.picker} data-testid="chart-unit-picker">
      <input
        type="search"
        className={css.input}
        placeholder={t('widgets.chart.pickSearch')}
        aria-label={t('widgets.chart.pickSearch')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className={css.pickList} aria-label={t('widgets.chart.pickList')}>
        {matches.map((u) => (
          <li key={u.UnitID}>
            <label className={css.pickItem}>
              <input
                type="checkbox"
                checked={picked.includes(u.UnitID)}
                disabled={!picked.includes(u.UnitID) && picked.length >= max}
                onChange={() => toggle(u.UnitID)}
              />
              <span className={css.legendName}>{names.get(u.UnitID) ?? u.UnitName}</span>
            </label>
          </li>
        ))}
        {matches.length === 0 && <li className={css.muted}>{t('widgets.chart.pickNone')}</li>}
      </ul>
      <div className={css.pickFoot}>
        <span className={css.muted}>
          {picked.length ? picked.map((id) => names.get(id) ?? `#${id}`).join(', ') : t('widgets.chart.pickMax', { n: max })}
        </span>
        <Button size="small" variant="primary" disabled={picked.length === 0} onClick={() => onPick(picked)}>
          {t('widgets.chart.pickShow')}
        </Button>
      </div>
    </div>
  );
}
