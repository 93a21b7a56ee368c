/** The side panel of one task: its facts and its activity log (read-only). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity, FwTask } from '@fieldwatch/shared';
import { AbsoluteTime, RelativeTime } from '@fieldwatch/shared/remote';
import { EmptyState, Icon, type IconName, VisuallyHidden } from '@fieldwatch/shared/ui';
import { CategoryChip, TaskStatusChip } from '../../ui/Chip';
import { activitiesNewestFirst } from './task-list';
import { Assignees } from './Assignees';
import { userLabel } from './user-label';
import css from './TaskPanel.module.css';

export function TaskPanel({ task, onClose }: { task: FwTask | undefined; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Focus moves into the panel when it opens and back where it was when it closes; Escape closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  return (
    <>
      <div className={css.backdrop} onClick={onClose} aria-hidden="true" />
      <aside
        className={css.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="fw-task-panel-title"
        data-testid="task-panel"
      >
        <header className={css.head}>
          <span className={css.kicker}>{t('detail.label')}</span>
          <button
            ref={closeRef}
            type="button"
            className={css.close}
            onClick={onClose}
            aria-label={t('common:action.close')}
          >
            <Icon name="close" size={16} />
          </button>
        </header>
        {task ? (
          <TaskDetail task={task} />
        ) : (
          <div className={css.body}>
            <VisuallyHidden as="h2" id="fw-task-panel-title">
              {t('detail.missing.title')}
            </VisuallyHidden>
            <EmptyState title={t('detail.missing.title')}>{t('detail.missing.text')}</EmptyState>
          </div>
        )}
      </aside>
    </>
  );
}

function TaskDetail({ task }: { task: FwTask }) {
  const { t } = useTranslation('tasks');
  const log = activitiesNewestFirst(task);
  return (
    <div className={css.body}>
      <div className={css.chips}>
        <CategoryChip category={task.category} />
        <TaskStatusChip status={task.status} />
      </div>
      <h2 id="fw-task-panel-title" className={css.title}>
        {task.title}
      </h2>

      <dl className={css.facts}>
        <dt>{t('detail.type')}</dt>
        <dd>{t(`type.${task.type}`)}</dd>
        <dt>{t('col.created')}</dt>
        <dd>
          <AbsoluteTime date={task.created} />{' '}
          <span className={css.muted}>
            (<RelativeTime date={task.created} />)
          </span>
        </dd>
        <dt>{t('col.assignees')}</dt>
        <dd>
          <Assignees names={task.assignees} />
        </dd>
        <dt>{t('col.events')}</dt>
        <dd>{task.eventIds.length}</dd>
        {task.unitId != null && (
          <>
            <dt>{t('detail.unit')}</dt>
            <dd>{t('unit', { id: task.unitId })}</dd>
          </>
        )}
        <dt>{t('detail.id')}</dt>
        <dd className={css.mono}>{task.id}</dd>
      </dl>

      <section className={css.logSection} aria-labelledby="fw-task-log-title">
        <h3 id="fw-task-log-title" className={css.logTitle}>
          {t('detail.log')}
          <span className={css.logCount}>{log.length}</span>
        </h3>
        {log.length === 0 ? (
          <p className={css.muted}>{t('detail.logEmpty')}</p>
        ) : (
          <ol className={css.log} data-testid="activity-log">
            {log.map((a, i) => (
              <li key={`${a.date}-${i}`} className={css.entry} data-type={a.type}>
                <span className={css.entryIcon}>
                  <Icon name={a.type as IconName} size={14} />
                </span>
                <div className={css.entryBody}>
                  <div className={css.entryWhat}>
                    <ActivityText activity={a} />
                  </div>
                  <div className={css.entryMeta}>
                    <span className={css.entryUser}>{userLabel(a.user, t)}</span>
                    <span aria-hidden="true">·</span>
                    <span>
                      <AbsoluteTime date={a.date} />
                    </span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime date={a.date} />
                  </div>
                  {a.type === 'note' && <p className={css.note}>{a.note}</p>}
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p className={css.readOnly}>{t('detail.readOnly')}</p>
    </div>
  );
}

function ActivityText({ activity: a }: { activity: Activity }) {
  const { t } = useTranslation('tasks');
  switch (a.type) {
    case 'status':
      return (
        <>
          {t('activity.status')} <TaskStatusChip status={a.status} />
        </>
      );
    case 'category':
      return (
        <>
          {t('activity.category')} <CategoryChip category={a.category} />
        </>
      );
    case 'note':
      return <>{t('activity.note')}</>;
    case 'assignees':
      return (
        <>
          {a.assignees.length
            ? t('activity.assignees', { names: a.assignees.join(', ') })
            : t('activity.unassigned')}
        </>
      );
    case 'events':
      return <>{t('activity.events', { count: a.eventIds.length })}</>;
    case 'title':
      return <>{t('activity.title', { title: a.title })}</>;
    default:
      return null;
  }
}
