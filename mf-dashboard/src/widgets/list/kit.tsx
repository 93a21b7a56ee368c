/**
 * The list kit of the list widgets (unit list, alarm list, alarm monitor, list, relay, parking
 * list, alarms, group alarm): debouncing, paging and sorting helpers (data loading is
 * ../data/load), and the small parts every table shares (sortable header, compact pager, filter
 * menu, select-all checkbox). Only the current page is ever in the DOM.
 */
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { worstStatus, type UnitStatus } from '@fieldwatch/shared';
import { Icon, cx } from '@fieldwatch/shared/ui';
import css from './kit.module.css';

export { css as kitCss };

// ───────────── timing ─────────────

/** `value`, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms = 250): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return out;
}

/** A number that moves every `ms` (re-renders "5 minutes ago"). */
export function useTicker(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;
/** An API date ("YYYY-MM-DD HH:mm:ss", UTC) or ISO time as epoch ms; NaN when unreadable. Fast (no moment). */
export function apiTimeMs(value: string | null | undefined): number {
  if (!value) return NaN;
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(value)) return Date.parse(value);
  const m = API_DATE.exec(value);
  if (!m) return Date.parse(value);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
}

// ───────────── sorting and paging ─────────────

export type SortDir = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  dir: SortDir;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export const compareText = (a: string, b: string) => collator.compare(a, b);

/** Severity order of statuses: alarm first when sorting descending. */
export const STATUS_RANK: Record<UnitStatus, number> = { alarm: 3, problem: 2, inactive: 1, ok: 0 };
export { worstStatus };

/** The next sort after a click on `key`: same key flips, another key starts with `firstDir`. */
export function nextSort<K extends string>(s: SortState<K>, key: K, firstDir: SortDir = 'asc'): SortState<K> {
  return s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: firstDir };
}

/** Page state that goes back to the first page when `resetKey` changes and stays within range. */
export function usePage(total: number, pageSize: number, resetKey: unknown) {
  const [page, setPage] = useState(0);
  const last = useRef(resetKey);
  if (last.current !== resetKey) {
    last.current = resetKey;
    if (page !== 0) setPage(0);
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pageCount - 1);
  return {
    page: current,
    pageCount,
    setPage,
    from: current * pageSize,
    to: Math.min(total, (current + 1) * pageSize),
    total,
  };
}

// ───────────── parts ─────────────

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

/** Memoised lower-case text of many fields (search). */
export function searchText(...parts: Array<string | number | null | undefined>): string {
  return parts.filter((p) => p !== null && p !== undefined && p !== '').join(' ').toLowerCase();
}

/** Whether every word of `query` is in `text` (already lower-case). */
export function matchesQuery(text: string, words: readonly string[]): boolean {
  for (const w of words) if (!text.includes(w)) return false;
  return true;
}
export function queryWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** A stable memo of a set of ids. */
export function useIdSet(ids: readonly number[]): Set<number> {
  return useMemo(() => new Set(ids), [ids]);
}

/** Whether a selection is exactly `ids` (any order). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  const s = new Set(a);
  return b.every((id) => s.has(id));
}

/** The compact layout of a widget: hide secondary columns below this width (px). */
export const COMPACT_WIDTH = 520;
export const isCompact = (width: number) => width > 0 && width < COMPACT_WIDTH;

/** Below this width (px) a table folds its secondary columns into the first column's second line. */
export const WIDE_WIDTH = 760;
/**
 * How much a table shows at a width: every column ('wide'), the main ones with the rest folded
 * into a second line ('medium', e.g. a list beside a map on a laptop screen), or the fewest
 * ('compact'). Unmeasured (0) counts as wide, as isCompact does.
 */
export type TableTier = 'compact' | 'medium' | 'wide';
export function tableTier(width: number): TableTier {
  if (isCompact(width)) return 'compact';
  return width > 0 && width < WIDE_WIDTH ? 'medium' : 'wide';
}
