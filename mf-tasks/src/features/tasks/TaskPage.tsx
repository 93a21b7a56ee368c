import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, pathFor, queryKeys, type FwTask } from '@fieldwatch/shared';
import {
  RelativeTime,
  loadViewLabels,
  pagerProps,
  useApiQuery,
  useInvalidateOn,
  useLoadSubtitle,
  useRemote,
  useSession,
} from '@fieldwatch/shared/remote';
import {
  Button,
  Card,
  EmptyState,
  LoadView,
  PageHeader,
  Pager,
  RefreshButton,
  SearchField,
  Segmented,
  Table,
  Toolbar,
} from '@fieldwatch/shared/ui';
import { CategoryChip, TaskStatusChip } from '../../ui/Chip';
import { groupByTab, lastActivity, pageOfTab, parseTab, TASK_TABS, type TaskTab } from './task-list';
import { Assignees } from './Assignees';
import { TaskPanel } from './TaskPanel';
import { userLabel } from './user-label';
import css from './TaskPage.module.css';

/** /taskmanagement — the follow-up tasks of the selected customers: active, done, archive. */
export function TaskPage() {
  const { t } = useTranslation('tasks');
  const { api } = useRemote();
  const customers = useSession((s) => s.selectedCustomers);
  const load = useApiQuery(queryKeys.tasks(customers), () => api.get<FwTask[]>(pathFor(ENDPOINTS.tasks), undefined, []));
  const subtitle = useLoadSubtitle(load, t);
  // Tasks that others (or the alarm pipeline) create or change arrive pushed from the server.
  useInvalidateOn('tasks:changed', queryKeys.tasks(customers));

  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const selectedId = params.get('task');
  const setUrl = (next: { tab?: TaskTab; task?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.tab !== undefined) {
      if (next.tab === 'active') p.delete('tab');
      else p.set('tab', next.tab);
    }
    if (next.task !== undefined) {
      if (next.task === null) p.delete('task');
      else p.set('task', next.task);
    }
    setParams(p);
  };

  const tasks = load.data;
  const selected = selectedId && tasks ? tasks.find((x) => x.id === selectedId) : undefined;
  return (
    <div className={css.page} data-testid="task-page">
      <PageHeader
        title={t('title')}
        subtitle={subtitle}
        actions={<RefreshButton load={load} label={t('common:action.refresh')} />}
      />
      <LoadView load={load} labels={loadViewLabels(t)}>
        {(list) => (
          <TaskBoard
            tasks={list}
            tab={tab}
            selectedId={selectedId}
            onTab={(next) => setUrl({ tab: next, task: null })}
            onOpen={(id) => setUrl({ task: id })}
          />
        )}
      </LoadView>
      {selectedId && tasks && <TaskPanel task={selected} onClose={() => setUrl({ task: null })} />}
    </div>
  );
}

function TaskBoard(props: {
  tasks: FwTask[];
  tab: TaskTab;
  selectedId: string | null;
  onTab: (tab: TaskTab) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const { tasks, tab } = props;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [tab]);
  const groups = useMemo(() => groupByTab(tasks), [tasks]);
  const result = pageOfTab(groups, tab, q, page);

  let content;
  if (groups[tab].length === 0) {
    content = (
      <EmptyState title={t(`empty.${tab}.title`)}>
        <span className={css.stateText}>{t(`empty.${tab}.text`)}</span>
      </EmptyState>
    );
  } else if (result.matched === 0) {
    content = (
      <EmptyState title={t('noMatch.title')}>
        <span className={css.stateText}>{t('noMatch.text')}</span>
        <Button size="small" onClick={() => setQ('')}>
          {t('search.clear')}
        </Button>
      </EmptyState>
    );
  } else {
    content = (
      <div className={css.responsive}>
        <Table label={t(`tab.${tab}`)} stacked>
          <thead>
            <tr>
              <th>{t('col.title')}</th>
              <th>{t('col.category')}</th>
              <th>{t('col.status')}</th>
              <th>{t('col.assignees')}</th>
              <th className={css.num}>{t('col.events')}</th>
              <th>{t('col.created')}</th>
              <th>{t('col.lastActivity')}</th>
            </tr>
          </thead>
          <tbody>
            {result.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                selected={task.id === props.selectedId}
                onOpen={props.onOpen}
              />
            ))}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <Card flush data-testid="task-board">
      <Toolbar>
        <Segmented
          mode="tabs"
          label={t('tab.label')}
          idPrefix="task-tab"
          panelId="task-panel-list"
          value={tab}
          onChange={props.onTab}
          segments={TASK_TABS.map((value) => ({
            value,
            label: t(`tab.${value}`),
            count: groups[value].length,
          }))}
        />
        <SearchField
          className={css.search}
          label={t('search.label')}
          value={q}
          placeholder={t('search.placeholder')}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          autoComplete="off"
        />
      </Toolbar>
      <div id="task-panel-list" role="tabpanel" aria-labelledby={`task-tab-${tab}`}>
        {content}
      </div>
      {result.matched > 0 && (
        <div className={css.pager}>
          <Pager {...pagerProps(t, { ...result, total: result.matched })} onPage={setPage} />
        </div>
      )}
    </Card>
  );
}

function TaskRow({
  task,
  selected,
  onOpen,
}: {
  task: FwTask;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const last = lastActivity(task);
  return (
    <tr
      className={css.row}
      data-selected={selected || undefined}
      data-category={task.category}
      data-testid="task-row"
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('button')) onOpen(task.id);
      }}
    >
      <td className={`${css.cell} ${css.cellTitle}`} data-label={t('col.title')}>
        <button
          type="button"
          className={css.titleButton}
          onClick={() => onOpen(task.id)}
          aria-haspopup="dialog"
        >
          {task.title}
        </button>
        <span className={css.sub}>
          {t(`type.${task.type}`)}
          {task.unitId != null && <> · {t('unit', { id: task.unitId })}</>}
        </span>
      </td>
      <td className={css.cell} data-label={t('col.category')}>
        <CategoryChip category={task.category} />
      </td>
      <td className={css.cell} data-label={t('col.status')}>
        <TaskStatusChip status={task.status} />
      </td>
      <td className={css.cell} data-label={t('col.assignees')}>
        <Assignees names={task.assignees} />
      </td>
      <td className={`${css.cell} ${css.num}`} data-label={t('col.events')}>
        <span className={css.events} title={t('eventCount', { count: task.eventIds.length })}>
          {task.eventIds.length}
        </span>
      </td>
      <td className={css.cell} data-label={t('col.created')}>
        <RelativeTime date={task.created} className={css.time} />
      </td>
      <td className={css.cell} data-label={t('col.lastActivity')}>
        {last ? (
          <span className={css.last}>
            <span className={css.lastWhat}>
              {t(`activityType.${last.type}`)} · {userLabel(last.user, t)}
            </span>
            <RelativeTime date={last.date} className={css.time} />
          </span>
        ) : (
          <span className={css.muted}>—</span>
        )}
      </td>
    </tr>
  );
}
