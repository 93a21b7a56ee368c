import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import { ENDPOINTS, pathFor, queryKeys, type FwNotification } from '@fieldwatch/shared';
import {
  AbsoluteTime,
  RelativeTime,
  loadViewLabels,
  toMs,
  useApiQuery,
  useInvalidateOn,
  useRemote,
} from '@fieldwatch/shared/remote';
import {
  Button,
  Card,
  EmptyState,
  Icon,
  LoadView,
  PageHeader,
  RefreshButton,
  Segmented,
  Toolbar,
  VisuallyHidden,
} from '@fieldwatch/shared/ui';
import { PriorityChip } from '../../ui/Chip';
import {
  countUnseen,
  filterNotifications,
  isPriority,
  newestFirst,
  type NotificationFilter,
  parseFilter,
  withSeen,
} from './notification-list';
import css from './NotificationsPage.module.css';

/** How many "mark as seen" calls run at once for "mark all". */
const MARK_ALL_CONCURRENCY = 4;

/** /notifications — the user's alarm notifications, newest first, to be marked as seen. */
export function NotificationsPage() {
  const { t } = useTranslation('tasks');
  const { api, bus } = useRemote();
  const load = useApiQuery(queryKeys.notifications(), () => api.get<FwNotification[]>(pathFor(ENDPOINTS.notifications), undefined, []));
  useInvalidateOn('notifications:arrived', queryKeys.notifications());
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const setFilter = (next: NotificationFilter) => {
    const p = new URLSearchParams(params);
    if (next === 'all') p.delete('filter');
    else p.set('filter', next);
    setParams(p);
  };

  /** Seen marks made here (id → time), applied over what was loaded. */
  const [marks, setMarks] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [markingAll, setMarkingAll] = useState(false);
  // Marked in this view while filtering on unseen: they stay in place until the filter changes.
  const [keep, setKeep] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setKeep(new Set()), [filter]);

  const list = useMemo(
    () => (load.data ? newestFirst(withSeen(load.data, marks)) : undefined),
    [load.data, marks],
  );
  const unseen = list ? countUnseen(list) : 0;

  async function markOne(id: string): Promise<boolean> {
    setPending((p) => new Set(p).add(id));
    const [data, failed] = await api.request<FwNotification | null>(
      { method: ENDPOINTS.notificationSeen.method, url: pathFor(ENDPOINTS.notificationSeen, { id }) },
      null,
    );
    setPending((p) => {
      const next = new Set(p);
      next.delete(id);
      return next;
    });
    if (failed) return false;
    const seen = data && data.seen ? data.seen : new Date().toISOString();
    setMarks((m) => ({ ...m, [id]: seen }));
    setKeep((k) => new Set(k).add(id));
    return true;
  }

  async function onMarkOne(id: string) {
    if (!(await markOne(id)))
      bus.emit('toast', { kind: 'danger', message: t('notifications.markFailed'), raw: true });
    bus.emit('notifications:changed');
  }

  async function onMarkAll() {
    if (!list) return;
    const ids = list.filter((n) => !n.seen).map((n) => n.id);
    setMarkingAll(true);
    let failures = 0;
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        if (!(await markOne(id))) failures += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(MARK_ALL_CONCURRENCY, ids.length) }, worker));
    setMarkingAll(false);
    bus.emit('notifications:changed');
    if (failures > 0) {
      bus.emit('toast', {
        kind: 'danger',
        message: t('notifications.markAllFailed', { count: failures }),
        raw: true,
      });
    }
  }

  function renderList(notifications: FwNotification[]) {
    const shown = filterNotifications(notifications, filter, keep);
    let content;
    if (notifications.length === 0) {
      content = (
        <EmptyState title={t('notifications.empty.title')}>
          <span className={css.stateText}>{t('notifications.empty.text')}</span>
        </EmptyState>
      );
    } else if (shown.length === 0) {
      content = (
        <EmptyState title={t('notifications.caughtUp.title')}>
          <span className={css.stateText}>{t('notifications.caughtUp.text')}</span>
          <Button size="small" onClick={() => setFilter('all')}>
            {t('notifications.caughtUp.showAll')}
          </Button>
        </EmptyState>
      );
    } else {
      content = (
        <ul className={css.list} aria-label={t('notifications.title')} data-testid="notification-list">
          {shown.map((n) => (
            <NotificationItem key={n.id} n={n} busy={pending.has(n.id)} onMark={() => void onMarkOne(n.id)} />
          ))}
        </ul>
      );
    }
    return (
      <Card flush>
        <Toolbar>
          <Segmented
            mode="toggle"
            label={t('notifications.filter.label')}
            value={filter}
            onChange={setFilter}
            segments={[
              { value: 'unseen', label: t('notifications.filter.unseen'), count: unseen },
              { value: 'all', label: t('notifications.filter.all'), count: notifications.length },
            ]}
          />
          <span className={css.toolbarHint}>{t('notifications.hint')}</span>
        </Toolbar>
        {content}
      </Card>
    );
  }

  return (
    <div className={css.page} data-testid="notifications-page">
      <PageHeader
        title={t('notifications.title')}
        badge={
          unseen > 0 ? (
            <span className={css.unseenBadge} data-testid="unseen-count">
              {t('notifications.unseenCount', { count: unseen })}
            </span>
          ) : null
        }
        subtitle={t('notifications.subtitle')}
        actions={
          <div className={css.actions}>
            <RefreshButton load={load} label={t('common:action.refresh')} />
            <Button
              variant="primary"
              onClick={() => void onMarkAll()}
              disabled={!list || unseen === 0 || markingAll}
            >
              <Icon name="checkAll" size={16} />
              {markingAll ? t('notifications.marking') : t('notifications.markAll')}
            </Button>
          </div>
        }
      />
      <LoadView
        load={{ status: load.status, data: list, reload: load.reload }}
        labels={loadViewLabels(t, 'notifications.')}
      >
        {renderList}
      </LoadView>
    </div>
  );
}

function NotificationItem({ n, busy, onMark }: { n: FwNotification; busy: boolean; onMark: () => void }) {
  const { t } = useTranslation('tasks');
  const unseen = !n.seen;
  return (
    <li
      className={css.item}
      data-unseen={unseen || undefined}
      data-priority={n.priority}
      data-testid="notification"
    >
      <span className={css.marker} aria-hidden="true" />
      <div className={css.main}>
        <div className={css.line}>
          {isPriority(n.priority) && <PriorityChip priority={n.priority} />}
          {unseen && <VisuallyHidden>{t('notifications.unseen')}</VisuallyHidden>}
          <span className={css.message}>{n.message}</span>
        </div>
        <div className={css.meta}>
          <RelativeTime date={n.created} />
          <span aria-hidden="true">·</span>
          <span>
            <AbsoluteTime date={n.created} />
          </span>
          {n.seen && (
            <>
              <span aria-hidden="true">·</span>
              <span className={css.seen}>
                <Icon name="check" size={12} />
                {t('notifications.seenAt', { time: moment(toMs(n.seen)).fromNow() })}
              </span>
            </>
          )}
        </div>
      </div>
      <div className={css.itemActions}>
        {unseen && (
          <Button
            size="small"
            variant="ghost"
            onClick={onMark}
            disabled={busy}
            aria-busy={busy}
            aria-label={`${t('notifications.markSeen')}: ${n.message}`}
          >
            <Icon name="check" size={14} />
            {t('notifications.markSeen')}
          </Button>
        )}
      </div>
    </li>
  );
}
