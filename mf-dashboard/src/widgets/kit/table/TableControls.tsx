/**
 * The controls every table widget shares (unit list, alarm list, alarm monitor, list, relay,
 * parking list, alarms, group alarm): sortable column header, compact pager, filter menu, tool and
 * CSV buttons, search box; and the tables' shared styles (`tableCss`). Only the current page is
 * ever in the DOM.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, cx } from '@fieldwatch/shared/ui';
import { nextSort, type SortDir, type SortState } from './sort-and-page';
import { useDebounced } from './timing';
import css from './table.module.css';

export { css as tableCss };

/** A column header that sorts: aria-sort on the cell, a button inside. */
export function SortHeader<K extends string>(props: {
  label: string;
  sortKey: K;
  sort: SortState<K>;
  onSort: (s: SortState<K>) => void;
  firstDir?: SortDir;
  className?: string;
  align?: 'end';
}) {
  const on = props.sort.key === props.sortKey;
  return (
    <th
      scope="col"
      className={cx(props.className, props.align === 'end' && css.end)}
      aria-sort={on ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={css.sortButton}
        data-on={on || undefined}
        onClick={() => props.onSort(nextSort(props.sort, props.sortKey, props.firstDir))}
      >
        <span>{props.label}</span>
        <Icon name={on ? (props.sort.dir === 'asc' ? 'sortAsc' : 'sortDesc') : 'sortNone'} size={12} />
      </button>
    </th>
  );
}

/** "1–20 of 4,512" with previous / next icon buttons; nothing when everything fits on one page. */
export function MiniPager(props: {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('dashboard');
  if (props.total === 0) return null;
  const summary = t('common:pager.summary', {
    from: (props.from + 1).toLocaleString(),
    to: props.to.toLocaleString(),
    total: props.total.toLocaleString(),
  });
  return (
    <nav className={css.pager} aria-label={t('widgets.lists.pages')}>
      <span className={css.pagerSummary} aria-live="polite">
        {summary}
      </span>
      {props.pageCount > 1 && (
        <span className={css.pagerButtons}>
          <button
            type="button"
            className={css.iconButton}
            disabled={props.page <= 0}
            aria-label={t('common:action.previous')}
            title={t('common:action.previous')}
            onClick={() => props.onPage(props.page - 1)}
          >
            <Icon name="chevron" size={14} className={css.flip} />
          </button>
          <span className={css.pageNo}>
            {props.page + 1} / {props.pageCount}
          </span>
          <button
            type="button"
            className={css.iconButton}
            disabled={props.page >= props.pageCount - 1}
            aria-label={t('common:action.next')}
            title={t('common:action.next')}
            onClick={() => props.onPage(props.page + 1)}
          >
            <Icon name="chevron" size={14} />
          </button>
        </span>
      )}
    </nav>
  );
}

export interface MenuOption<V extends string | number> {
  value: V;
  label: string;
  count?: number;
}

/**
 * A drop-down of checkboxes (unit types, alarm types, channels): a <details> whose summary says
 * how many are chosen. None chosen = no filtering.
 */
export function FilterMenu<V extends string | number>(props: {
  label: string;
  options: ReadonlyArray<MenuOption<V>>;
  chosen: readonly V[];
  onChange: (chosen: V[]) => void;
  /** Shown when nothing can be chosen. */
  emptyText: string;
  testId?: string;
  align?: 'end';
}) {
  const { t } = useTranslation('dashboard');
  const ref = useRef<HTMLDetailsElement>(null);
  // Close on a click outside or Escape.
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      const el = ref.current;
      if (el?.open && !el.contains(e.target as Node)) el.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.open) ref.current.open = false;
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const set = new Set<V>(props.chosen);
  const toggle = (v: V) => {
    const next = new Set(set);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    props.onChange(props.options.map((o) => o.value).filter((x) => next.has(x)));
  };
  return (
    <details className={css.menu} ref={ref} data-testid={props.testId} data-align={props.align}>
      <summary className={css.menuSummary} data-on={props.chosen.length > 0 || undefined}>
        <span>{props.label}</span>
        {props.chosen.length > 0 && <span className={css.menuCount}>{props.chosen.length}</span>}
      </summary>
      <div className={css.menuPanel} role="group" aria-label={props.label}>
        {props.options.length === 0 ? (
          <p className={css.menuEmpty}>{props.emptyText}</p>
        ) : (
          <>
            <ul className={css.menuList}>
              {props.options.map((o) => (
                <li key={String(o.value)}>
                  <label className={css.menuItem}>
                    <input type="checkbox" checked={set.has(o.value)} onChange={() => toggle(o.value)} />
                    <span className={css.menuLabel}>{o.label}</span>
                    {o.count !== undefined && <span className={css.menuItemCount}>{o.count.toLocaleString()}</span>}
                  </label>
                </li>
              ))}
            </ul>
            {props.chosen.length > 0 && (
              <button type="button" className={css.linkButton} onClick={() => props.onChange([])}>
                {t('widgets.lists.clearChoice')}
              </button>
            )}
          </>
        )}
      </div>
    </details>
  );
}

/** A small icon button with a tooltip and accessible name (CSV export, clear selection). */
export function ToolButton(props: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  testId?: string;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className={css.toolButton}
      onClick={props.onClick}
      disabled={props.disabled}
      title={props.label}
      aria-pressed={props.pressed}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

/** The CSV export button. */
export function CsvButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <ToolButton label={t('widgets.lists.csvTitle')} onClick={onClick} disabled={disabled} testId="csv-export">
      <span aria-hidden="true" className={css.csvGlyph}>
        CSV
      </span>
      <span className={css.visuallyHidden}>{t('widgets.lists.csv')}</span>
    </ToolButton>
  );
}

/** A search box of a widget toolbar: the input shows at once, `onSearch` gets it debounced. */
export function SearchBox(props: { value: string; onSearch: (q: string) => void; label: string; placeholder: string }) {
  const [text, setText] = useState(props.value);
  const debounced = useDebounced(text, 250);
  const onSearch = useRef(props.onSearch);
  onSearch.current = props.onSearch;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onSearch.current(debounced);
  }, [debounced]);
  // A value set from outside (clear filters) shows in the box.
  const outside = useRef(props.value);
  useEffect(() => {
    if (props.value !== outside.current) {
      outside.current = props.value;
      if (props.value !== text) setText(props.value);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  return (
    <label className={css.search}>
      <Icon name="search" size={14} className={css.searchIcon} />
      <span className={css.visuallyHidden}>{props.label}</span>
      <input
        type="search"
        className={css.searchInput}
        value={text}
        placeholder={props.placeholder}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
