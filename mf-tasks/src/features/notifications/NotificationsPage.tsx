import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import {
  ENDPOINTS,
  NOTIFICATION_PRIORITIES,
  pathFor,
  queryKeys,
  renderAlarmType,
  renderLocalText,
  type NotificationItem,
  type NotificationPage,
  type NotificationPriority,
  type NotificationSeenFilter,
  type NotificationsSeen,
  type TextFunction,
} from '@fieldwatch/shared';
import {
  AbsoluteTime,
  RelativeTime,
  loadViewLabels,
  toMs,
  useAlarmActions,
  useAlarmStatuses,
  useApiQuery,
  useInvalidateOn,
  useRemote,
  useSession,
} from '@fieldwatch/shared/remote';
import {
  Button,
  Card,
  EmptyState,
  Icon,
  LoadView,
  PageHeader,
  Pager,
  RefreshButton,
  Segmented,
  Select,
  VisuallyHidden,
} from '@fieldwatch/shared/ui';
import { PriorityChip } from '../../ui/Chip';
import {
  apiQuery,
  applySeen,
  arrivedIds,
  canAcknowledge,
  messageDetail,
  PAGE_SIZE,
  parsePageFilter,
  serializeParams,
  withAlarmStatus,
  withPageFilter,
  type PageFilter,
} from './notification-list';
import css from './NotificationsPage.module.css';

/** Every cached page of the notifications page (all filters and customer selections). */
const PAGE_KEY_PREFIX = ['notifications', 'page'] as const;

/**
 * /notifications — the user's alarm notifications of the selected customers, critical first:
 * each names its unit (a link to the unit's page), location, groups and alarm type, links to its
 * task and can acknowledge its alarm; filtered by priority, seen and customer (kept in the URL),
 * marked seen one, several or all at a time. New notifications and changes made elsewhere (seen
 * in another browser, an alarm acknowledged by someone else) arrive by push and change the rows
 * in place, keeping the scroll position and the selection.
 */
export function NotificationsPage() {
  const { t } = useTranslation('tasks');
  const { t: tc } = useTranslation('common');
  const textOf: TextFunction = useCallback((key, params) => tc(key, params), [tc]);
  const { api, bus, queryClient } = useRemote();
  const selected = useSession((s) => s.selectedCustomers);
  const customers = useSession((s) => s.customers);
  const [params, setParams] = useSearchParams();
  const filter = parsePageFilter(params);
  const query = apiQuery(filter, selected);
  const load = useApiQuery(queryKeys.notificationPage(selected, query), () =>
    api.get<NotificationPage>(`${pathFor(ENDPOINTS.notificationList)}?${serializeParams(query)}`),
  );
  // A new notification: the page asks again and the new row is inserted (rows keep their keys).
  useInvalidateOn('notifications:arrived', queryKeys.notifications());
  const statuses = useAlarmStatuses();
  const alarmActions = useAlarmActions();

  const patchSeen = useCallback(
    (seen: NotificationsSeen) =>
      queryClient.setQueriesData<NotificationPage>({ queryKey: PAGE_KEY_PREFIX }, (old) => (old ? applySeen(old, seen) : old)),
    [queryClient],
  );
  // Marked seen in another browser of this user (or by this page: the same ids again, no change).
  useEffect(() => {
    bus.on('notifications:seen', patchSeen);
    return () => bus.off('notifications:seen', patchSeen);
  }, [bus, patchSeen]);

  const setFilter = (next: Partial<PageFilter>) => {
    setParams(withPageFilter(params, { ...filter, page: 0, ...next }));
  };

  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<'selected' | 'all' | ReadonlySet<string>>(new Set());

  const items = useMemo(
    () => load.data?.items.map((n) => (n.alarm ? withAlarmStatus(n, statuses.get(n.alarm.id)) : n)),
    [load.data, statuses],
  );
  // Rows that arrived while the page was open are marked for a moment.
  const shownIds = useRef<NotificationItem[] | undefined>(undefined);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!items) return;
    const arrived = arrivedIds(shownIds.current, items);
    shownIds.current = items;
    if (arrived.length > 0) setFresh(new Set(arrived));
  }, [items]);
  // The selection keeps only rows that are still on the page.
  useEffect(() => {
    if (!items) return;
    setSelection((s) => {
      const on = new Set(items.map((n) => n.id));
      const next = new Set([...s].filter((id) => on.has(id)));
      return next.size === s.size ? s : next;
    });
  }, [items]);

  async function markSeen(body: { ids: string[] } | { all: true; priority?: NotificationPriority[]; customer?: number }) {
    const [answer, failed] = await api.request<NotificationsSeen>({
      method: ENDPOINTS.markNotificationsSeen.method,
      url: pathFor(ENDPOINTS.markNotificationsSeen),
      data: body,
    });
    if (failed || !answer) {
      bus.emit('toast', { kind: 'danger', message: t('notifications.markFailed'), raw: true });
      return false;
    }
    patchSeen(answer);
    bus.emit('notifications:changed');
    return true;
  }

  async function onMarkIds(ids: string[], which: 'selected' | ReadonlySet<string>) {
    setBusy(which);
    if (await markSeen({ ids })) setSelection((s) => new Set([...s].filter((id) => !ids.includes(id))));
    setBusy(new Set());
  }

  async function onMarkAll() {
    setBusy('all');
    await markSeen({
      all: true,
      ...(filter.priority.length > 0 ? { priority: filter.priority } : {}),
      ...(typeof query.customer === 'number' ? { customer: query.customer } : {}),
    });
    setBusy(new Set());
  }

  async function onAcknowledge(n: NotificationItem) {
    if (!n.alarm) return;
    const label = tc('alarmActions.alarmOn', {
      type: renderAlarmType(n.alarm.type, textOf),
      unit: n.unit?.name ?? '—',
    });
    const result = await alarmActions.run('acknowledge', [{ id: n.alarm.id, label }]);
    // Taken on: the notification has been dealt with.
    if (result && !n.seen) await markSeen({ ids: [n.id] });
  }

  const filtered = filter.priority.length > 0 || filter.seen !== 'all' || query.customer !== undefined;
  const unseenOnPage = items?.filter((n) => !n.seen).length ?? 0;
  const customerName = (id: number) => customers.find((c) => c.CustomerID === id)?.CustomerName ?? String(id);

  function renderList(page: NotificationItem[]) {
    const total = load.data?.total ?? page.length;
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const allOn = page.length > 0 && page.every((n) => selection.has(n.id));
    const selectedUnseen = page.filter((n) => selection.has(n.id) && !n.seen).map((n) => n.id);
    let content;
    if (page.length === 0) {
      content = filtered ? (
        <EmptyState title={t('notifications.noMatch.title')}>
          <span className={css.stateText}>{t('notifications.noMatch.text')}</span>
          <Button size="small" onClick={() => setParams(withPageFilter(params, { priority: [], seen: 'all', customer: null, page: 0 }))}>
            {t('notifications.noMatch.clear')}
          </Button>
        </EmptyState>
      ) : (
        <EmptyState title={t('notifications.empty.title')}>
          <span className={css.stateText}>{t('notifications.empty.text')}</span>
        </EmptyState>
      );
    } else {
      content = (
        <ul className={css.list} aria-label={t('notifications.title')} data-testid="notification-list">
          {page.map((n) => (
            <NotificationRow
              key={n.id}
              n={n}
              textOf={textOf}
              fresh={fresh.has(n.id)}
              showCustomer={selected.length > 1}
              selected={selection.has(n.id)}
              onSelect={(on) =>
                setSelection((s) => {
                  const next = new Set(s);
                  if (on) next.add(n.id);
                  else next.delete(n.id);
                  return next;
                })
              }
              marking={busy instanceof Set && busy.has(n.id)}
              onMark={() => void onMarkIds([n.id], new Set([n.id]))}
              canAct={alarmActions.canAct}
              acknowledging={!!n.alarm && alarmActions.busy.has(n.alarm.id)}
              onAcknowledge={() => void onAcknowledge(n)}
            />
          ))}
        </ul>
      );
    }
    return (
      <Card flush>
        <div className={css.filters} role="group" aria-label={t('notifications.filter.label')}>
          <div className={css.priorities} role="group" aria-label={t('notifications.filter.priority')}>
            {[...NOTIFICATION_PRIORITIES].reverse().map((p) => {
              const on = filter.priority.includes(p);
              return (
                <button
                  key={p}
                  type="button"
                  className={css.filterChip}
                  data-priority={p}
                  aria-pressed={on}
                  onClick={() =>
                    setFilter({ priority: on ? filter.priority.filter((x) => x !== p) : [...filter.priority, p] })
                  }
                >
                  {/* Chosen is shown by a tick, not by the colour alone. */}
                  {on && <Icon name="check" size={12} strokeWidth={2.4} />}
                  {t(`priority.${p}`)}
                </button>
              );
            })}
          </div>
          <Segmented<NotificationSeenFilter>
            mode="toggle"
            label={t('notifications.filter.seenLabel')}
            value={filter.seen}
            onChange={(seen) => setFilter({ seen })}
            segments={[
              { value: 'unseen', label: t('notifications.filter.unseen') },
              { value: 'seen', label: t('notifications.filter.seen') },
              { value: 'all', label: t('notifications.filter.all') },
            ]}
          />
          {selected.length > 1 && (
            <label className={css.customer}>
              <span>{t('notifications.filter.customer')}</span>
              <Select
                compact
                value={typeof query.customer === 'number' ? String(query.customer) : ''}
                onChange={(e) => setFilter({ customer: e.target.value === '' ? null : Number(e.target.value) })}
                data-testid="notification-customer"
              >
                <option value="">{t('notifications.filter.allCustomers')}</option>
                {selected.map((id) => (
                  <option key={id} value={id}>
                    {customerName(id)}
                  </option>
                ))}
              </Select>
            </label>
          )}
        </div>
        {page.length > 0 && (
          <div className={css.selectionBar}>
            <label className={css.selectAll}>
              <input
                type="checkbox"
                checked={allOn}
                onChange={() => setSelection(allOn ? new Set() : new Set(page.map((n) => n.id)))}
              />
              {t('notifications.selectPage')}
            </label>
            {selection.size > 0 && (
              <>
                <span className={css.selectionCount}>{t('notifications.selected', { count: selection.size })}</span>
                <Button
                  size="small"
                  onClick={() => void onMarkIds(selectedUnseen, 'selected')}
                  disabled={selectedUnseen.length === 0 || busy === 'selected'}
                  aria-busy={busy === 'selected'}
                >
                  <Icon name="check" size={14} />
                  {t('notifications.markSelected', { count: selectedUnseen.length })}
                </Button>
                <Button size="small" variant="ghost" onClick={() => setSelection(new Set())}>
                  {t('notifications.clearSelection')}
                </Button>
              </>
            )}
          </div>
        )}
        {content}
        {total > PAGE_SIZE && (
          <Pager
            page={filter.page}
            pageCount={pageCount}
            summary={t('notifications.pageSummary', {
              from: filter.page * PAGE_SIZE + 1,
              to: Math.min(total, (filter.page + 1) * PAGE_SIZE),
              total,
            })}
            previousLabel={t('notifications.previous')}
            nextLabel={t('notifications.next')}
            onPage={(p) => setParams(withPageFilter(params, { ...filter, page: p }))}
          />
        )}
      </Card>
    );
  }

  return (
    <div className={css.page} data-testid="notifications-page">
      <PageHeader
        title={t('notifications.title')}
        subtitle={t('notifications.subtitle')}
        actions={
          <div className={css.actions}>
            <RefreshButton load={load} label={t('common:action.refresh')} />
            <Button
              variant="primary"
              onClick={() => void onMarkAll()}
              disabled={!items || busy === 'all' || filter.seen === 'seen' || items.length === 0}
              aria-busy={busy === 'all'}
              title={filtered ? t('notifications.markAllFilteredHint') : undefined}
            >
              <Icon name="checkAll" size={16} />
              {busy === 'all'
                ? t('notifications.marking')
                : filtered
                  ? t('notifications.markAllFiltered')
                  : t('notifications.markAll')}
            </Button>
          </div>
        }
      />
      <VisuallyHidden>
        <span aria-live="polite">{items ? t('notifications.unseenOnPage', { count: unseenOnPage }) : ''}</span>
      </VisuallyHidden>
      <LoadView load={{ status: load.status, data: items, reload: load.reload }} labels={loadViewLabels(t, 'notifications.')}>
        {renderList}
      </LoadView>
    </div>
  );
}

function follow(navigate: (path: string) => void, path: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(path);
  };
}

function NotificationRow(props: {
  n: NotificationItem;
  textOf: TextFunction;
  fresh: boolean;
  showCustomer: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  marking: boolean;
  onMark: () => void;
  canAct: boolean;
  acknowledging: boolean;
  onAcknowledge: () => void;
}) {
  const { n, textOf } = props;
  const { t } = useTranslation('tasks');
  const { navigate } = useRemote();
  const unseen = !n.seen;
  const type = n.alarmType ?? n.alarm?.type ?? null;
  const typeName = type === null ? null : renderAlarmType(type, textOf);
  const message = renderLocalText(n.messageText, n.message, textOf);
  const detail = messageDetail(message, typeName);
  const unitHref = n.unit ? `/devicemanagement/${n.unit.id}` : null;
  const taskHref = n.taskId ? `/taskmanagement?task=${encodeURIComponent(n.taskId)}` : null;
  const place = [n.location, n.groups.length > 0 ? n.groups.join(', ') : null].filter((x): x is string => !!x);
  return (
    <li
      className={css.item}
      data-unseen={unseen || undefined}
      data-priority={n.priority}
      data-fresh={props.fresh || undefined}
      data-selected={props.selected || undefined}
      data-testid="notification"
      data-id={n.id}
    >
      <input
        type="checkbox"
        className={css.check}
        checked={props.selected}
        onChange={(e) => props.onSelect(e.target.checked)}
        aria-label={t('notifications.select', { name: typeName ?? message })}
      />
      <span className={css.marker} aria-hidden="true" />
      <div className={css.main}>
        <div className={css.line}>
          <PriorityChip priority={n.priority} />
          {unseen && <VisuallyHidden>{t('notifications.unseen')}</VisuallyHidden>}
          {typeName && <span className={css.type}>{typeName}</span>}
          {n.unit && unitHref && (
            <a className={css.unit} href={unitHref} onClick={follow(navigate, unitHref)} data-testid="notification-unit">
              <Icon name="unit" size={13} />
              {n.unit.name}
            </a>
          )}
        </div>
        {detail && <div className={css.message}>{detail}</div>}
        <div className={css.meta}>
          {place.length > 0 && (
            <span className={css.place}>
              <Icon name="location" size={12} />
              {place.join(' · ')}
            </span>
          )}
          {props.showCustomer && (
            <span className={css.place}>
              <Icon name="building" size={12} />
              {n.organizationName}
            </span>
          )}
          <span>
            <RelativeTime date={n.created} /> (<AbsoluteTime date={n.created} />)
          </span>
          {n.alarm && <AlarmStateText alarm={n.alarm} />}
          {n.seen && (
            <span className={css.seen}>
              <Icon name="check" size={12} />
              {t('notifications.seenAt', { time: moment(toMs(n.seen)).fromNow() })}
            </span>
          )}
        </div>
      </div>
      <div className={css.itemActions}>
        {taskHref && (
          <a className={css.taskLink} href={taskHref} onClick={follow(navigate, taskHref)} data-testid="notification-task">
            <Icon name="task" size={14} />
            {t('notifications.openTask')}
          </a>
        )}
        {props.canAct && canAcknowledge(n) && (
          <Button
            size="small"
            onClick={props.onAcknowledge}
            disabled={props.acknowledging}
            aria-busy={props.acknowledging}
            data-testid="notification-acknowledge"
          >
            <Icon name="tick" size={14} />
            {t('common:alarmActions.acknowledge')}
          </Button>
        )}
        {unseen && (
          <Button
            size="small"
            variant="ghost"
            onClick={props.onMark}
            disabled={props.marking}
            aria-busy={props.marking}
            aria-label={`${t('notifications.markSeen')}: ${message}`}
          >
            <Icon name="check" size={14} />
            {t('notifications.markSeen')}
          </Button>
        )}
      </div>
    </li>
  );
}

function AlarmStateText({ alarm }: { alarm: NonNullable<NotificationItem['alarm']> }) {
  const { t } = useTranslation('common');
  const time = alarm.acknowledgedAt ? <AbsoluteTime date={alarm.acknowledgedAt} /> : null;
  return (
    <span className={css.alarmState} data-state={alarm.state} data-testid="notification-alarm-state">
      {t(`alarmState.${alarm.state}`)}
      {alarm.acknowledgedBy && (
        <>
          {' — '}
          {t('alarmActions.acknowledgedByName', { name: alarm.acknowledgedBy })}
          {time && <>, {time}</>}
        </>
      )}
    </span>
  );
}
