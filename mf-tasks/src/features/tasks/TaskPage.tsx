import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, EVENT_CATEGORIES, pathFor, TASK_STATUSES, USER_TYPES } from '@fieldwatch/shared';
import {
  RelativeTime,
  dayIn,
  formatDate,
  loadViewLabels,
  pagerProps,
  useLoadSubtitle,
  useServerText,
  useSession,
  useTimeConfig,
} from '@fieldwatch/shared/remote';
import {
  Button,
  buttonClassName,
  Card,
  EmptyState,
  Icon,
  LoadView,
  PageHeader,
  Pager,
  RefreshButton,
  SearchField,
  Segmented,
  Select,
  SortButton,
  Table,
  ToggleChip,
  ToggleChips,
  Toolbar,
} from '@fieldwatch/shared/ui';
import { TaskPriorityChip, TaskStatusChip } from '../../ui/Chip';
import { AddWork } from './AddWork';
import { Assignees } from './Assignees';
import { useSelectedOrgUsers, useTaskSearch, useTasksLive } from './task-api';
import {
  clearTaskFilters,
  isTaskFiltered,
  parseTaskQuery,
  setTaskFilter,
  setTaskView,
  sortTasksBy,
  TASK_VIEWS,
  TASKS_PER_PAGE,
  toggleTaskStatus,
  toServerQuery,
  writeTaskQuery,
  type TaskQuery,
  type TaskSortKey,
} from './task-query';
import { TASK_PRIORITY_LIST, type TaskSearchPage, type TaskSearchRow } from './task-types';
import { TaskPanel } from './TaskPanel';
import { UnitPicker } from './UnitPicker';
import css from './TaskPage.module.css';

/**
 * /taskmanagement — my tasks, all tasks and the archive of the selected customers, searched,
 * filtered, sorted and paged on the server; the view lives in the URL (?view, filters, ?task=<id>
 * of the open task, ?add=1 for the "add work" form). Pushed changes patch the rows in place.
 */
/** A new query, or a change to apply to the current one. */
type QueryChange = TaskQuery | ((current: TaskQuery) => TaskQuery);

export function TaskPage() {
  const { t } = useTranslation('tasks');
  const userType = useSession((s) => s.user?.userType);
  const canWrite = userType !== undefined && userType !== USER_TYPES.Reader;
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseTaskQuery(params), [params]);
  // A change is made to the newest query written, not to the one this render saw (the router's
  // own updater also gets the render's): two quick changes (a filter, then typing in the search)
  // both stay.
  const newest = useRef(params);
  newest.current = params;
  const setQuery = useCallback(
    (next: QueryChange, replace = false) => {
      const cur = newest.current;
      const written = writeTaskQuery(typeof next === 'function' ? next(parseTaskQuery(cur)) : next, cur);
      newest.current = written;
      setParams(written, { replace });
    },
    [setParams],
  );
  const setParam = useCallback(
    (name: 'task' | 'add', value: string | null) =>
      setParams((cur) => {
        const p = new URLSearchParams(cur);
        if (value === null) p.delete(name);
        else p.set(name, value);
        return p;
      }),
    [setParams],
  );
  useTasksLive();
  const load = useTaskSearch(query);
  const subtitle = useLoadSubtitle(load, t);
  const selectedId = params.get('task');
  const adding = canWrite && params.get('add') === '1';
  const csvHref = `${pathFor(ENDPOINTS.taskSearchCsv)}?${new URLSearchParams(
    Object.entries(toServerQuery(query)).map(([k, v]) => [k, String(v)]),
  ).toString()}`;

  return (
    <div className={css.page} data-testid="task-page">
      <PageHeader
        title={t('title')}
        subtitle={subtitle}
        actions={
          <div className={css.headerActions}>
            {canWrite && (
              <Button variant="primary" onClick={() => setParam('add', '1')} data-testid="add-work">
                <Icon name="task" size={14} />
                {t('add.open')}
              </Button>
            )}
            <a className={buttonClassName()} href={csvHref} download="tasks.csv" data-testid="export-csv">
              <Icon name="folder" size={14} />
              {t('list.exportCsv')}
            </a>
            <RefreshButton load={load} label={t('common:action.refresh')} />
          </div>
        }
      />
      <Card flush data-testid="task-board">
        <Toolbar>
          <Segmented
            mode="tabs"
            label={t('view.label')}
            idPrefix="task-view"
            panelId="task-list-panel"
            value={query.view}
            onChange={(view) => setQuery((q) => setTaskView(q, view))}
            segments={TASK_VIEWS.map((value) => ({
              value,
              label: t(`view.${value}`),
              ...(value === query.view && load.data ? { count: load.data.total } : {}),
            }))}
          />
          <SearchBox query={query} setQuery={setQuery} />
        </Toolbar>
        <Filters query={query} setQuery={setQuery} />
        <div id="task-list-panel" role="tabpanel" aria-labelledby={`task-view-${query.view}`}>
          <LoadView load={load} labels={loadViewLabels(t)} bare>
            {(page) => (
              <TaskList
                page={page}
                query={query}
                setQuery={setQuery}
                selectedId={selectedId}
                onOpen={(id) => setParam('task', id)}
              />
            )}
          </LoadView>
        </div>
      </Card>
      {selectedId && <TaskPanel id={selectedId} canWrite={canWrite} onClose={() => setParam('task', null)} />}
      {adding && (
        <AddWork
          onClose={() => setParam('add', null)}
          onCreated={(id) =>
            setParams((cur) => {
              const p = new URLSearchParams(cur);
              p.delete('add');
              p.set('task', id);
              return p;
            })
          }
        />
      )}
    </div>
  );
}

/** The search box keeps its own text while typing; the URL follows (replaced, not pushed). */
function SearchBox({ query, setQuery }: { query: TaskQuery; setQuery: (q: QueryChange, replace?: boolean) => void }) {
  const { t } = useTranslation('tasks');
  const [text, setText] = useState(query.q);
  const written = useRef(query.q);
  useEffect(() => {
    if (query.q !== written.current) {
      written.current = query.q;
      setText(query.q);
    }
  }, [query.q]);
  return (
    <SearchField
      className={css.search}
      label={t('search.label')}
      value={text}
      placeholder={t('search.placeholder')}
      onChange={(e) => {
        const value = e.target.value;
        written.current = value;
        setText(value);
        setQuery((q) => ({ ...q, q: value, page: 0 }), true);
      }}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

function Filters({ query, setQuery }: { query: TaskQuery; setQuery: (q: QueryChange, replace?: boolean) => void }) {
  const { t } = useTranslation('tasks');
  const users = useSelectedOrgUsers();
  const statuses = query.view === 'archive' ? [] : TASK_STATUSES.filter((s) => s !== 'archived');
  return (
    <div className={css.filters} data-testid="task-filters">
      {statuses.length > 0 && (
        <ToggleChips label={t('filter.status')}>
          {statuses.map((s) => (
            <ToggleChip
              key={s}
              pressed={query.statuses.includes(s)}
              onClick={() => setQuery((q) => toggleTaskStatus(q, s))}
              data-testid={`filter-status-${s}`}
            >
              {/* Chosen shows the kit's tick (ToggleChip), not the colour alone. */}
              {t(`status.${s}`)}
            </ToggleChip>
          ))}
        </ToggleChips>
      )}
      <div className={css.selects}>
        {query.view !== 'mine' && (
          <Select
            compact
            aria-label={t('filter.assignee')}
            value={query.assignee ?? ''}
            onChange={(e) => setQuery((q) => setTaskFilter(q, 'assignee', e.target.value))}
            data-testid="filter-assignee"
          >
            <option value="">{t('filter.allAssignees')}</option>
            {users.map((u) => (
              <option key={u.username} value={u.username}>
                {u.name}
              </option>
            ))}
            {query.assignee && !users.some((u) => u.username === query.assignee) && (
              <option value={query.assignee}>{query.assignee}</option>
            )}
          </Select>
        )}
        <Select
          compact
          aria-label={t('filter.priority')}
          value={query.priority ?? ''}
          onChange={(e) => setQuery((q) => setTaskFilter(q, 'priority', e.target.value as TaskQuery['priority'] | ''))}
          data-testid="filter-priority"
        >
          <option value="">{t('filter.allPriorities')}</option>
          {TASK_PRIORITY_LIST.map((p) => (
            <option key={p} value={p}>
              {t(`taskPriority.${p}`)}
            </option>
          ))}
        </Select>
        <Select
          compact
          aria-label={t('filter.category')}
          value={query.category ?? ''}
          onChange={(e) => setQuery((q) => setTaskFilter(q, 'category', e.target.value as TaskQuery['category'] | ''))}
          data-testid="filter-category"
        >
          <option value="">{t('filter.allCategories')}</option>
          {EVENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}`)}
            </option>
          ))}
        </Select>
        <UnitPicker
          compact
          label={t('filter.unit')}
          placeholder={t('filter.allUnits')}
          value={query.unit}
          onChange={(unit) => setQuery((q) => setTaskFilter(q, 'unit', unit))}
          testId="filter-unit"
        />
        <label className={css.dateField}>
          <span>{t('filter.from')}</span>
          <input
            type="date"
            className={css.dateInput}
            value={query.from ?? ''}
            max={query.to}
            onChange={(e) => setQuery((q) => setTaskFilter(q, 'from', e.target.value))}
            data-testid="filter-from"
          />
        </label>
        <label className={css.dateField}>
          <span>{t('filter.to')}</span>
          <input
            type="date"
            className={css.dateInput}
            value={query.to ?? ''}
            min={query.from}
            onChange={(e) => setQuery((q) => setTaskFilter(q, 'to', e.target.value))}
            data-testid="filter-to"
          />
        </label>
        {isTaskFiltered(query) && (
          <Button variant="ghost" size="small" onClick={() => setQuery((q) => clearTaskFilters(q))} data-testid="clear-filters">
            <Icon name="close" size={14} />
            {t('filter.clear')}
          </Button>
        )}
      </div>
    </div>
  );
}

const COLUMNS: Array<{ id: string; sort?: TaskSortKey }> = [
  { id: 'title', sort: 'title' },
  { id: 'status', sort: 'status' },
  { id: 'priority', sort: 'priority' },
  { id: 'assignees' },
  { id: 'where' },
  { id: 'due', sort: 'due' },
  { id: 'updated', sort: 'updated' },
];

function TaskList(props: {
  page: TaskSearchPage;
  query: TaskQuery;
  setQuery: (q: QueryChange, replace?: boolean) => void;
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const { page, query, setQuery } = props;
  const { t } = useTranslation('tasks');
  const users = useSelectedOrgUsers();
  const names = new Map(users.map((u) => [u.username, u.name]));
  if (page.total === 0) {
    const filtered = isTaskFiltered(query);
    return (
      <EmptyState title={t(filtered ? 'noMatch.title' : `empty.${query.view}.title`)}>
        <span className={css.stateText}>{t(filtered ? 'noMatch.text' : `empty.${query.view}.text`)}</span>
        {filtered && (
          <Button size="small" onClick={() => setQuery((q) => clearTaskFilters(q))}>
            {t('filter.clear')}
          </Button>
        )}
      </EmptyState>
    );
  }
  const pageSize = page.pageSize || TASKS_PER_PAGE;
  const pageCount = Math.max(1, Math.ceil(page.total / pageSize));
  const index = Math.max(0, page.page - 1);
  const from = page.items.length ? index * pageSize + 1 : 0;
  const header = (c: (typeof COLUMNS)[number]) => {
    const label = t(`col.${c.id}`);
    if (!c.sort) return <th key={c.id}>{label}</th>;
    const active = query.sort === c.sort;
    return (
      <th key={c.id} aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <SortButton
          label={label}
          title={t('sort.by', { column: label })}
          active={active}
          dir={query.dir}
          onClick={() => setQuery((q) => sortTasksBy(q, c.sort!))}
        />
      </th>
    );
  };
  return (
    <>
      <div className={css.responsive}>
        <Table label={t(`view.${query.view}`)} stacked>
          <thead>
            <tr>{COLUMNS.map(header)}</tr>
          </thead>
          <tbody>
            {page.items.map((row) => (
              <TaskRow key={row.id} row={row} names={names} selected={row.id === props.selectedId} onOpen={props.onOpen} />
            ))}
          </tbody>
        </Table>
      </div>
      <div className={css.pager}>
        <Pager
          {...pagerProps(t, { page: index, pageCount, from, to: from ? from + page.items.length - 1 : 0, total: page.total })}
          onPage={(p) => setQuery((q) => ({ ...q, page: p }))}
        />
      </div>
    </>
  );
}

function TaskRow({
  row,
  names,
  selected,
  onOpen,
}: {
  row: TaskSearchRow;
  names: ReadonlyMap<string, string>;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const serverText = useServerText();
  const timeConfig = useTimeConfig();
  const units = (row.units ?? []).map((u) => u.name);
  const locationName = row.location?.name;
  const overdue = !!row.due && row.status !== 'done' && row.status !== 'archived' && row.due.slice(0, 10) < dayIn(Date.now(), timeConfig);
  return (
    <tr
      className={css.row}
      data-selected={selected || undefined}
      data-status={row.status}
      data-task-id={row.id}
      data-testid="task-row"
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button,a')) onOpen(row.id);
      }}
    >
      <td className={`${css.cell} ${css.cellTitle}`} data-label={t('col.title')}>
        <button type="button" className={css.titleButton} onClick={() => onOpen(row.id)} aria-haspopup="dialog">
          {serverText.taskTitle(row)}
        </button>
        <span className={css.sub}>{t(`type.${row.type}`)}</span>
      </td>
      <td className={css.cell} data-label={t('col.status')}>
        <TaskStatusChip status={row.status} />
      </td>
      <td className={css.cell} data-label={t('col.priority')}>
        {row.priority ? <TaskPriorityChip priority={row.priority} /> : <span className={css.muted}>—</span>}
      </td>
      <td className={`${css.cell} ${css.cellAssignees}`} data-label={t('col.assignees')}>
        <Assignees names={row.assignees.map((u) => names.get(u) ?? u)} />
      </td>
      <td className={`${css.cell} ${css.cellWhere}`} data-label={t('col.where')}>
        {units.length || locationName ? (
          <span className={css.where}>
            {units.length > 0 && (
              <span title={units.join(', ')}>
                {units.slice(0, 2).join(', ')}
                {units.length > 2 && <span className={css.muted}> +{units.length - 2}</span>}
              </span>
            )}
            {locationName && <span className={css.sub}>{locationName}</span>}
          </span>
        ) : (
          <span className={css.muted}>—</span>
        )}
      </td>
      <td className={`${css.cell} ${css.nowrap}`} data-label={t('col.due')}>
        {row.due ? (
          // Overdue is said in words beside the (red) date, not by its colour alone.
          <span className={overdue ? css.overdue : undefined} data-testid={overdue ? 'task-overdue' : undefined}>
            {formatDate(`${row.due.slice(0, 10)} 12:00:00`, timeConfig)}
            {overdue && (
              <span className={css.overdueTag}>
                <Icon name="alert" size={12} />
                {t('due.overdue')}
              </span>
            )}
          </span>
        ) : (
          <span className={css.muted}>—</span>
        )}
      </td>
      <td className={css.cell} data-label={t('col.updated')}>
        <RelativeTime date={row.updated ?? row.created} className={css.time} />
      </td>
    </tr>
  );
}
