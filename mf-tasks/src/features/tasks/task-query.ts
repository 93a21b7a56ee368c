/**
 * The task list's query — view (my tasks, all, archive), filters, text search, sort and page — and
 * how it lives in the URL (a view can be shared and survives a reload) and becomes the server's
 * search query. Pure functions: the page renders what they return, the tests check them directly.
 * Other URL parameters (?task=<id> of the open task) are left as they are.
 */
import { ACTIVE_TASK_STATUSES, EVENT_CATEGORIES, TASK_STATUSES, type EventCategory, type TaskStatus } from '@fieldwatch/shared';
import { TASK_PRIORITY_LIST, type Priority } from './task-types';

export const TASK_VIEWS = ['mine', 'all', 'archive'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const TASK_SORT_KEYS = ['updated', 'created', 'due', 'priority', 'status', 'title'] as const;
export type TaskSortKey = (typeof TASK_SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export const TASKS_PER_PAGE = 25;

/** The statuses "my tasks" shows when no status is chosen. */
export const MINE_STATUSES: readonly TaskStatus[] = ACTIVE_TASK_STATUSES;

export interface TaskQuery {
  view: TaskView;
  q: string;
  /** Chosen statuses; none: every status of the view. */
  statuses: TaskStatus[];
  assignee?: string;
  category?: EventCategory;
  priority?: Priority;
  unit?: number;
  /** Days (YYYY-MM-DD), inclusive: tasks created (or changed) within. */
  from?: string;
  to?: string;
  sort: TaskSortKey;
  dir: SortDir;
  /** 0-based (the URL shows it 1-based). */
  page: number;
}

export const DEFAULT_TASK_QUERY: TaskQuery = { view: 'mine', q: '', statuses: [], sort: 'updated', dir: 'desc', page: 0 };

/** The parameters this module owns; any other (task=, add=) is kept when the query is written. */
const OWN = ['view', 'q', 'status', 'assignee', 'category', 'priority', 'unit', 'from', 'to', 'sort', 'dir', 'page'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => !!v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const oneOf = <T extends string>(list: readonly T[], v: string | null): v is T => v !== null && (list as readonly string[]).includes(v);

/** Reads the query from the URL; unknown or malformed values fall back to the defaults. */
export function parseTaskQuery(params: URLSearchParams): TaskQuery {
  const view = params.get('view');
  const sort = params.get('sort');
  const dir = params.get('dir');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const statuses = new Set((params.get('status') ?? '').split(',').map((s) => s.trim()));
  const q: TaskQuery = {
    view: oneOf(TASK_VIEWS, view) ? view : DEFAULT_TASK_QUERY.view,
    q: params.get('q') ?? '',
    statuses: TASK_STATUSES.filter((s) => statuses.has(s)),
    sort: oneOf(TASK_SORT_KEYS, sort) ? sort : DEFAULT_TASK_QUERY.sort,
    dir: dir === 'asc' ? 'asc' : dir === 'desc' ? 'desc' : DEFAULT_TASK_QUERY.dir,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
  const assignee = params.get('assignee')?.trim();
  if (assignee) q.assignee = assignee.slice(0, 200);
  const category = params.get('category');
  if (oneOf(EVENT_CATEGORIES, category)) q.category = category;
  const priority = params.get('priority');
  if (oneOf(TASK_PRIORITY_LIST, priority)) q.priority = priority;
  const unit = Number(params.get('unit') ?? '');
  if (params.get('unit') && Number.isSafeInteger(unit) && unit > 0) q.unit = unit;
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from)) q.from = from;
  if (isDay(to)) q.to = to;
  return q;
}

/**
 * Writes the query into `current` (a copy): what equals the default is left out (short URLs),
 * parameters that are not the query's (task=) are kept.
 */
export function writeTaskQuery(query: TaskQuery, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const p = new URLSearchParams(current);
  for (const k of OWN) p.delete(k);
  if (query.view !== DEFAULT_TASK_QUERY.view) p.set('view', query.view);
  if (query.q) p.set('q', query.q);
  if (query.statuses.length) p.set('status', TASK_STATUSES.filter((s) => query.statuses.includes(s)).join(','));
  if (query.assignee) p.set('assignee', query.assignee);
  if (query.category) p.set('category', query.category);
  if (query.priority) p.set('priority', query.priority);
  if (query.unit !== undefined) p.set('unit', String(query.unit));
  if (query.from) p.set('from', query.from);
  if (query.to) p.set('to', query.to);
  if (query.sort !== DEFAULT_TASK_QUERY.sort) p.set('sort', query.sort);
  if (query.dir !== DEFAULT_TASK_QUERY.dir) p.set('dir', query.dir);
  if (query.page > 0) p.set('page', String(query.page + 1));
  return p;
}

type FilterKey = 'assignee' | 'category' | 'priority' | 'unit' | 'from' | 'to';

/** Sets one filter (undefined or '' clears it); back to the first page. */
export function setTaskFilter<K extends FilterKey>(query: TaskQuery, key: K, value: TaskQuery[K] | '' | undefined): TaskQuery {
  const next: TaskQuery = { ...query, page: 0 };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value as TaskQuery[K];
  return next;
}

export function toggleTaskStatus(query: TaskQuery, status: TaskStatus): TaskQuery {
  const has = query.statuses.includes(status);
  const statuses = TASK_STATUSES.filter((s) => (s === status ? !has : query.statuses.includes(s)));
  return { ...query, statuses, page: 0 };
}

/** Another view starts without the status filter (the archive has one status), on the first page. */
export function setTaskView(query: TaskQuery, view: TaskView): TaskQuery {
  return { ...query, view, statuses: [], page: 0 };
}

/** The current column flips its direction; another starts at its natural one (dates newest first). */
export function sortTasksBy(query: TaskQuery, sort: TaskSortKey): TaskQuery {
  const natural: SortDir = sort === 'title' || sort === 'status' || sort === 'due' || sort === 'priority' ? 'asc' : 'desc';
  const dir: SortDir = query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : natural;
  return { ...query, sort, dir, page: 0 };
}

export function isTaskFiltered(query: TaskQuery): boolean {
  return (
    query.q.trim() !== '' ||
    query.statuses.length > 0 ||
    !!query.assignee ||
    !!query.category ||
    !!query.priority ||
    query.unit !== undefined ||
    !!query.from ||
    !!query.to
  );
}

/** No filter and no search; view and sort kept. */
export function clearTaskFilters(query: TaskQuery): TaskQuery {
  return { view: query.view, q: '', statuses: [], sort: query.sort, dir: query.dir, page: 0 };
}

/** The server's search query: the same filters, a 1-based page. */
export function toServerQuery(query: TaskQuery, pageSize = TASKS_PER_PAGE): Record<string, string | number> {
  const out: Record<string, string | number> = {
    view: query.view,
    sort: query.sort,
    dir: query.dir,
    page: query.page + 1,
    pageSize,
  };
  if (query.q.trim()) out.q = query.q.trim();
  if (query.statuses.length) out.status = query.statuses.join(',');
  // My tasks are the ones still to do: a task set done leaves the view.
  else if (query.view === 'mine') out.status = MINE_STATUSES.join(',');
  if (query.assignee) out.assignee = query.assignee;
  if (query.category) out.category = query.category;
  if (query.priority) out.priority = query.priority;
  if (query.unit !== undefined) out.unit = query.unit;
  if (query.from) out.from = query.from;
  if (query.to) out.to = query.to;
  return out;
}
