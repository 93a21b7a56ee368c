/** The activity log of a task, newest first: what happened in words, who (by name) and when (the user's zone and format). */
import { useTranslation } from 'react-i18next';
import { AbsoluteTime, formatDate, RelativeTime, useTimeConfig } from '@fieldwatch/shared/remote';
import { Icon } from '@fieldwatch/shared/ui';
import { CategoryChip, TaskPriorityChip, TaskStatusChip } from '../../ui/Chip';
import { activityWords, newestFirst, type ActivityNames, type AnyActivity } from './activity';
import type { TaskDetail } from './task-types';
import { userLabel } from './user-label';
import css from './TaskPanel.module.css';

export function ActivityLog({ task, userName }: { task: TaskDetail; userName: (u: string) => string }) {
  const { t } = useTranslation('tasks');
  const timeConfig = useTimeConfig();
  const log = newestFirst(task.activities as unknown as AnyActivity[]);
  const unitNames = new Map<number, string>();
  for (const u of task.units) unitNames.set(u.id, u.name);
  for (const e of task.events) if (e.unit) unitNames.set(e.unit.id, e.unit.name);
  const names: ActivityNames = {
    user: userName,
    unit: (id) => unitNames.get(id) ?? t('unit', { id }),
    location: (id) => (task.location?.id === id ? task.location.name : id),
    date: (v) => formatDate(v.length === 10 ? `${v} 12:00:00` : v, timeConfig),
  };
  return (
    <section className={css.logSection} aria-labelledby="fw-task-log-title">
      <h3 id="fw-task-log-title" className={css.logTitle}>
        {t('detail.log')}
        <span className={css.logCount}>{log.length}</span>
      </h3>
      {log.length === 0 ? (
        <p className={css.muted}>{t('detail.logEmpty')}</p>
      ) : (
        <ol className={css.log} data-testid="activity-log">
          {log.map((a, i) => {
            const w = activityWords(a, names, t);
            return (
              <li key={`${a.date}-${i}`} className={css.entry} data-type={a.type}>
                <span className={css.entryIcon}>
                  <Icon name={w.icon} size={14} />
                </span>
                <div className={css.entryBody}>
                  <div className={css.entryWhat}>
                    {t(w.key, w.values)}
                    {w.chip?.kind === 'status' && <> <TaskStatusChip status={w.chip.value as never} /></>}
                    {w.chip?.kind === 'category' && <> <CategoryChip category={w.chip.value as never} /></>}
                    {w.chip?.kind === 'priority' && <> <TaskPriorityChip priority={w.chip.value} /></>}
                  </div>
                  <div className={css.entryMeta}>
                    <span className={css.entryUser}>{userLabel(a.user, t, userName)}</span>
                    <span aria-hidden="true">·</span>
                    <span>
                      <AbsoluteTime date={a.date} />
                    </span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime date={a.date} />
                  </div>
                  {w.body !== undefined && <p className={css.note}>{w.body}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
