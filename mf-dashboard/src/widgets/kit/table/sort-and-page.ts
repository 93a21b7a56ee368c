/** Sorting and paging of the table widgets: the sort state of a column header and the current page. */
import { useRef, useState } from 'react';
import type { UnitStatus } from '@fieldwatch/shared';

export type SortDir = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  dir: SortDir;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export const compareText = (a: string, b: string) => collator.compare(a, b);

/** Severity order of statuses: alarm first when sorting descending. */
export const STATUS_RANK: Record<UnitStatus, number> = { alarm: 3, problem: 2, inactive: 1, ok: 0 };

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
