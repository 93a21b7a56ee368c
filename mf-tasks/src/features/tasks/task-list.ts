/**
 * Pure helpers of the task screen: which tab a task belongs to, counts per tab, text search,
 * last activity and the order of the activity log.
 */
import { type Activity, ACTIVE_TASK_STATUSES, type FwTask, type TaskStatus } from '@fieldwatch/shared';

export const TASK_TABS = ['active', 'done', 'archive'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export const TASKS_PER_PAGE = 20;

/** Active: resting, working, reported. Done: done. Archive: archived. */
export function tabOf(status: TaskStatus): TaskTab {
  if (ACTIVE_TASK_STATUSES.includes(status)) return 'active';
  return status === 'done' ? 'done' : 'archive';
}

export function parseTab(value: string | null): TaskTab {
  return (TASK_TABS as readonly (string | null)[]).includes(value) ? (value as TaskTab) : 'active';
}

const byCreatedDesc = (a: FwTask, b: FwTask) =>
  b.created.localeCompare(a.created) || b.id.localeCompare(a.id);

/** Tasks per tab, newest first. */
export function groupByTab(tasks: readonly FwTask[]): Record<TaskTab, FwTask[]> {
  const groups: Record<TaskTab, FwTask[]> = { active: [], done: [], archive: [] };
  for (const task of tasks) groups[tabOf(task.status)].push(task);
  for (const tab of TASK_TABS) groups[tab].sort(byCreatedDesc);
  return groups;
}

export function tabCounts(tasks: readonly FwTask[]): Record<TaskTab, number> {
  const counts: Record<TaskTab, number> = { active: 0, done: 0, archive: 0 };
  for (const task of tasks) counts[tabOf(task.status)] += 1;
  return counts;
}

/** Every word must appear in the title, an assignee or the category. */
export function matchesTaskText(task: FwTask, q: string): boolean {
  const words = q.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [task.title, task.category, ...task.assignees].join('\n').toLocaleLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The most recent activity (by date; the later one in the log on a tie). */
export function lastActivity(task: Pick<FwTask, 'activities'>): Activity | undefined {
  let last: Activity | undefined;
  for (const a of task.activities) if (!last || a.date >= last.date) last = a;
  return last;
}

/** The activity log as shown: newest first, log order kept for equal dates. */
export function activitiesNewestFirst(task: Pick<FwTask, 'activities'>): Activity[] {
  return task.activities
    .map((a, i) => ({ a, i }))
    .sort((x, y) => y.a.date.localeCompare(x.a.date) || y.i - x.i)
    .map(({ a }) => a);
}

export interface TaskPage {
  tasks: FwTask[];
  /** Tasks of the tab that match the search. */
  matched: number;
  page: number;
  pageCount: number;
  from: number;
  to: number;
}

/** The tab's tasks that match the search, one page of them. */
export function pageOfTab(
  groups: Record<TaskTab, FwTask[]>,
  tab: TaskTab,
  q: string,
  page: number,
  pageSize = TASKS_PER_PAGE,
): TaskPage {
  const matching = groups[tab].filter((t) => matchesTaskText(t, q));
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(Math.max(0, page), pageCount - 1);
  const tasks = matching.slice(current * pageSize, current * pageSize + pageSize);
  return {
    tasks,
    matched: matching.length,
    page: current,
    pageCount,
    from: tasks.length ? current * pageSize + 1 : 0,
    to: current * pageSize + tasks.length,
  };
}
