/**
 * alarmList: the alarms of the selected customers' units, newest first — unit, alarm type, text,
 * time and status. "Active" lists the alarms the units carry now (no request: they come with the
 * device list); "History" fetches the latest alarms (GetAlarms), cleared ones included. Filter by
 * alarm type, search, sortable columns, 20 a page, CSV export; a click on a row selects its unit in
 * the link group.
 *
 * Alarm states (shared domain/alarm-state.ts): each row says whether its alarm is new, or who
 * acknowledged it and when; Acknowledge and Reset act on one alarm, and the check boxes select new
 * alarms to acknowledge together (one call, after a confirmation). Readers see no buttons and no
 * check boxes. What others do arrives by push and changes the rows in place.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmActionsFor, alarmTypeKey, isActiveState, toCsv, UNITS_PER_PAGE } from '@fieldwatch/shared';
import { useAlarmActions, useAlarmStatuses, useRemote, useServerText } from '@fieldwatch/shared/remote';
import { ConfirmDialog, StatusBadge, StatusDot } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { listPendingTexts, pendingState, WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { downloadCsv } from '../kit/csv-download';
import { activeAlarmsOf, type AlarmRow, alarmTypeCounts, byNewest, useAlarms, withStatus } from '../kit/data/alarms';
import { AcknowledgedNote, AlarmActionButtons, AlarmStateTag, useAlarmLabel } from '../kit/alarm-actions/AlarmActions';
import { compareText, type SortState, usePage } from '../kit/table/sort-and-page';
import { CsvButton, FilterMenu, tableCss as css, MiniPager, SearchBox, SortHeader } from '../kit/table/TableControls';
import { tableTier } from '../kit/table/table-width';
import { matchesQuery, queryWords } from '../kit/table/search';
import { useIdSet } from '../kit/table/selection';
import own from './alarm-list.module.css';

export type AlarmListMode = 'active' | 'history';
type SortKey = 'unit' | 'type' | 'time';
export interface AlarmListSettings {
  mode: AlarmListMode;
  filter: { alarmTypes?: number[]; search?: string };
  sort: SortState<SortKey>;
}

const DEFAULT_SORT: SortState<SortKey> = { key: 'time', dir: 'desc' };

function sortAlarms(rows: readonly AlarmRow[], s: SortState<SortKey>, typeName: (n: number) => string): AlarmRow[] {
  const dir = s.dir === 'asc' ? 1 : -1;
  const cmp =
    s.key === 'unit'
      ? (a: AlarmRow, b: AlarmRow) => compareText(a.unitName, b.unitName)
      : s.key === 'type'
        ? (a: AlarmRow, b: AlarmRow) => compareText(typeName(a.type), typeName(b.type))
        : (a: AlarmRow, b: AlarmRow) => -byNewest(a, b);
  return [...rows].sort((a, b) => cmp(a, b) * dir || byNewest(a, b));
}

export default function AlarmList(props: WidgetProps<AlarmListSettings>) {
  const { widget, units, unitsLoadedAt: loadedAt, bindings, setBinding, updateSettings, refreshKey, size } = props;
  const { t } = useTranslation('dashboard');
  const { bus } = useRemote();
  const tc = useTimeConfig();
  const actions = useAlarmActions();
  const statuses = useAlarmStatuses();
  const alarmLabel = useAlarmLabel();
  const mode: AlarmListMode = widget.settings.mode === 'history' ? 'history' : 'active';
  const filter = useMemo(() => widget.settings.filter ?? {}, [widget.settings.filter]);
  const sort = widget.settings.sort ?? DEFAULT_SORT;
  // Wide: every column. Medium: the alarm text under its type. Compact: the time there instead.
  const tier = tableTier(size.width);
  const compact = tier === 'compact';
  const wide = tier === 'wide';
  const selected = useIdSet(bindings.units);

  // The rows with what the page learnt since about their alarms (pushed, or its own actions).
  const active = useMemo(
    () => activeAlarmsOf(units).map((r) => withStatus(r, statuses.get(r.id))).filter((r) => r.active),
    [units, statuses],
  );
  const history = useAlarms({ enabled: mode === 'history', units }, refreshKey);
  const historyRows = useMemo(
    () => history.data?.map((r) => withStatus(r, statuses.get(r.id))),
    [history.data, statuses],
  );
  const source = useMemo(() => (mode === 'active' ? active : (historyRows ?? [])), [mode, active, historyRows]);
  const newCount = useMemo(() => active.reduce((n, r) => n + (r.state === 'activeUnacknowledged' ? 1 : 0), 0), [active]);

  const typeName = useMemo(() => {
    const cache = new Map<number, string>();
    return (n: number) => {
      let s = cache.get(n);
      if (s === undefined) cache.set(n, (s = t(`common:${alarmTypeKey(n)}`)));
      return s;
    };
  }, [t]);

  // Alarm texts the server wrote, in the reader's language (others as they were written).
  const serverText = useServerText();
  const textOf = useMemo(() => {
    const cache = new Map<string, string>();
    return (r: AlarmRow) => {
      let s = cache.get(r.text);
      if (s === undefined) cache.set(r.text, (s = serverText.alarmText(r.text)));
      return s;
    };
  }, [serverText]);

  const typeOptions = useMemo(
    () => alarmTypeCounts(source).map(({ type, count }) => ({ value: type, label: typeName(type), count })),
    [source, typeName],
  );
  const filtered = useMemo(() => {
    const types = filter.alarmTypes?.length ? new Set(filter.alarmTypes) : null;
    const words = queryWords(filter.search);
    if (!types && words.length === 0) return source;
    return source.filter(
      (r) =>
        (!types || types.has(r.type)) &&
        (words.length === 0 ||
          matchesQuery(`${r.unitName}\n${r.unitLocation}\n${textOf(r)}\n${typeName(r.type)}`.toLowerCase(), words)),
    );
  }, [source, filter, typeName, textOf]);
  const sorted = useMemo(() => sortAlarms(filtered, sort, typeName), [filtered, sort, typeName]);
  const pager = usePage(sorted.length, UNITS_PER_PAGE, `${mode}|${JSON.stringify(filter)}|${sort.key}|${sort.dir}`);
  const pageRows = sorted.slice(pager.from, pager.to);

  const setFilter = (patch: AlarmListSettings['filter']) => {
    const next = { ...filter, ...patch };
    if (!next.alarmTypes?.length) delete next.alarmTypes;
    if (!next.search) delete next.search;
    updateSettings({ filter: next });
  };
  // Bulk acknowledge: the new alarms ticked on any page (kept while they can still be acknowledged).
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const ackable = useMemo(
    () => new Map(source.filter((r) => alarmActionsFor(r.state).includes('acknowledge')).map((r) => [r.id, r])),
    [source],
  );
  const chosen = useMemo(() => [...picked].filter((id) => ackable.has(id)), [picked, ackable]);
  const pageAckable = pageRows.filter((r) => ackable.has(r.id));
  const pageAllPicked = pageAckable.length > 0 && pageAckable.every((r) => picked.has(r.id));
  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setPicked((prev) => {
      const next = new Set(prev);
      for (const r of pageAckable) if (pageAllPicked) next.delete(r.id);
      else next.add(r.id);
      return next;
    });
  const acknowledgeChosen = async () => {
    const targets = chosen.map((id) => ({ id, label: alarmLabel(ackable.get(id)!) }));
    const result = await actions.run('acknowledge', targets);
    if (!result) return; // the toast said why; the selection stays for another try
    setConfirming(false);
    setPicked(new Set());
    const done = result.alarms.filter((a) => a.changed).length;
    const already = result.alarms.length - done;
    bus.emit('toast', {
      kind: 'success',
      message: t(already > 0 ? 'widgets.alarmList.bulk.doneSome' : 'widgets.alarmList.bulk.done', { count: done, already }),
      raw: true,
    });
  };
  const bulkBusy = chosen.some((id) => actions.busy.has(id));

  // Active: the unit status it causes; cleared: its state in words. Then who acknowledged it.
  const statusCell = (r: AlarmRow) => (
    <span className={css.cellStack}>
      {isActiveState(r.state) && compact && actions.canAct ? (
        // Narrow: the colour dot, its word for screen readers and as its title.
        <span className={own.dotOnly} title={t(`common:status.${r.status}`)}>
          <StatusDot status={r.status} />
          <span className={own.hidden}>{t(`common:status.${r.status}`)}</span>
        </span>
      ) : isActiveState(r.state) ? (
        <StatusBadge status={r.status} label={t(`common:status.${r.status}`)} />
      ) : (
        <AlarmStateTag state={r.state} />
      )}
      <AcknowledgedNote alarm={r} short={!wide} />
    </span>
  );
  const statusText = (r: AlarmRow) =>
    [
      isActiveState(r.state) ? t(`common:status.${r.status}`) : t('widgets.alarmList.cleared'),
      t(`common:alarmState.${r.state}`),
      r.acknowledgedAt ? t('common:alarmActions.acknowledgedBy', { name: r.acknowledgedBy ?? '—', time: formatDateTime(r.acknowledgedAt, tc) }) : '',
    ]
      .filter(Boolean)
      .join(' · ');

  const exportCsv = () => {
    const header = [t('col.unit'), t('col.location'), t('widgets.alarmList.type'), t('widgets.alarmList.text'), t('widgets.alarmList.time'), t('col.status')];
    downloadCsv(
      t(mode === 'active' ? 'widgets.alarmList.csvActive' : 'widgets.alarmList.csvHistory'),
      toCsv(
        header,
        sorted.map((r) => [r.unitName, r.unitLocation, typeName(r.type), textOf(r), formatDateTime(r.ms, tc), statusText(r)]),
      ),
    );
  };

  let body;
  if (mode === 'active' && units.length === 0 && loadedAt === null) {
    body = <WidgetState kind="loading" label={t('widgets.alarmList.loading')} />;
  } else if (mode === 'history' && history.data === undefined) {
    body = pendingState(history, listPendingTexts(t, 'alarmList'));
  } else if (source.length === 0) {
    body = (
      <WidgetState kind="empty" title={t(mode === 'active' ? 'widgets.alarmList.noActive' : 'widgets.alarmList.noHistory')}>
        {mode === 'active' ? t('widgets.alarmList.noActiveText') : undefined}
      </WidgetState>
    );
  } else if (sorted.length === 0) {
    body = (
      <WidgetState kind="empty" title={t('widgets.lists.noMatch')}>
        <button type="button" className={css.linkButton} onClick={() => updateSettings({ filter: {} })}>
          {t('widgets.lists.clearFilters')}
        </button>
      </WidgetState>
    );
  } else {
    const onSort = (s: SortState<SortKey>) => updateSettings({ sort: s });
    body = (
      <div className={css.scroll}>
        <table className={css.table} aria-label={t('widgets.alarmList.label')}>
          <colgroup>
            {actions.canAct && <col className={own.colCheck} />}
            <col className={{ compact: own.colUnitCompact, medium: own.colUnitMedium, wide: own.colUnit }[tier]} />
            <col className={{ compact: own.colTypeCompact, medium: own.colTypeMedium, wide: own.colType }[tier]} />
            {wide && <col className={own.colText} />}
            {!compact && <col className={wide ? own.colTime : own.colTimeMedium} />}
            <col className={{ compact: own.colStatusCompact, medium: own.colStatusMedium, wide: own.colStatus }[tier]} />
            {actions.canAct && <col className={wide ? own.colActions : own.colActionsCompact} />}
          </colgroup>
          <thead>
            <tr>
              {actions.canAct && (
                <th scope="col" className={`${css.check} ${own.checkCell}`}>
                  <input
                    type="checkbox"
                    aria-label={t('widgets.alarmList.bulk.selectPage')}
                    title={t('widgets.alarmList.bulk.selectPage')}
                    checked={pageAllPicked}
                    disabled={pageAckable.length === 0}
                    onChange={togglePage}
                    data-testid="alarm-select-page"
                  />
                </th>
              )}
              <SortHeader label={t('col.unit')} sortKey="unit" sort={sort} onSort={onSort} />
              <SortHeader label={t('widgets.alarmList.type')} sortKey="type" sort={sort} onSort={onSort} />
              {wide && (
                <th scope="col">{t('widgets.alarmList.text')}</th>
              )}
              {!compact && (
                <SortHeader label={t('widgets.alarmList.time')} sortKey="time" sort={sort} firstDir="desc" onSort={onSort} />
              )}
              <th scope="col">{t('col.status')}</th>
              {actions.canAct && (
                <th scope="col">
                  <span className={own.hidden}>{t('widgets.alarmList.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {pageRows.map((r) => {
              const on = selected.has(r.unitId);
              return (
                <tr
                  key={`${r.id}-${r.unitId}`}
                  data-testid="alarm-row"
                  data-selected={on || undefined}
                  data-critical={r.critical || undefined}
                  data-state={r.state}
                  data-alarm-id={r.id}
                  aria-selected={on}
                  tabIndex={0}
                  onClick={() => setBinding('units', [r.unitId])}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setBinding('units', [r.unitId]);
                    }
                  }}
                >
                  {actions.canAct && (
                    <td className={`${css.check} ${own.checkCell}`} onClick={(e) => e.stopPropagation()}>
                      {ackable.has(r.id) && (
                        <input
                          type="checkbox"
                          aria-label={t('widgets.alarmList.bulk.select', { name: alarmLabel(r) })}
                          checked={picked.has(r.id)}
                          onChange={() => toggle(r.id)}
                          onKeyDown={(e) => e.stopPropagation()}
                          data-testid="alarm-select"
                        />
                      )}
                    </td>
                  )}
                  <td title={r.unitName}>
                    <span className={css.cellStack}>
                      <span className={css.strong}>{r.unitName}</span>
                      {r.unitLocation && <span className={css.sub}>{r.unitLocation}</span>}
                    </span>
                  </td>
                  <td title={wide || !r.text ? typeName(r.type) : `${typeName(r.type)} · ${textOf(r)}`}>
                    {!wide ? (
                      <span className={css.cellStack}>
                        <span className={r.critical ? own.critical : undefined}>{typeName(r.type)}</span>
                        <span className={css.sub}>{compact ? formatDateTime(r.ms, tc) : textOf(r) || '—'}</span>
                      </span>
                    ) : (
                      <span className={r.critical ? own.critical : undefined}>{typeName(r.type)}</span>
                    )}
                  </td>
                  {wide && (
                    <td title={textOf(r)} className={css.muted}>
                      {textOf(r) || '—'}
                    </td>
                  )}
                  {!compact && <td>{formatDateTime(r.ms, tc)}</td>}
                  <td title={statusText(r)}>{statusCell(r)}</td>
                  {actions.canAct && (
                    <td className={own.actionsCell}>
                      <AlarmActionButtons alarm={r} actions={actions} look={wide ? 'text' : 'icon'} />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className={css.root} data-testid="alarm-list">
      <div className={css.toolbar}>
        <div className={css.chips} role="group" aria-label={t('widgets.alarmList.mode')}>
          {(['active', 'history'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={css.chip}
              aria-pressed={mode === m}
              data-testid={`mode-${m}`}
              onClick={() => updateSettings({ mode: m })}
            >
              {t(`widgets.alarmList.${m}`)}
              {m === 'active' && <span className={css.chipCount}>{active.length.toLocaleString()}</span>}
            </button>
          ))}
        </div>
        <SearchBox
          value={filter.search ?? ''}
          onSearch={(q) => setFilter({ search: q.trim() || undefined })}
          label={t('widgets.alarmList.search')}
          placeholder={t('widgets.alarmList.searchPlaceholder')}
        />
        {mode === 'active' && (
          <span className={own.newCount} data-testid="alarm-new-count" data-count={newCount}>
            {t('widgets.alarmList.newCount', { count: newCount })}
          </span>
        )}
        <FilterMenu
          label={t('widgets.lists.alarmTypes')}
          options={typeOptions}
          chosen={filter.alarmTypes ?? []}
          onChange={(v) => setFilter({ alarmTypes: v })}
          emptyText={t('widgets.lists.noAlarmTypes')}
          testId="filter-alarm-types"
        />
        <div className={css.toolbarEnd}>
          {actions.canAct && chosen.length > 0 && (
            <button
              type="button"
              className={own.bulkButton}
              onClick={() => setConfirming(true)}
              data-testid="alarm-bulk-acknowledge"
            >
              {t('widgets.alarmList.bulk.button', { count: chosen.length })}
            </button>
          )}
          <CsvButton onClick={exportCsv} disabled={sorted.length === 0} />
        </div>
      </div>
      {confirming && chosen.length > 0 && (
        <ConfirmDialog
          title={t('widgets.alarmList.bulk.title', { count: chosen.length })}
          confirmLabel={t('widgets.alarmList.bulk.confirm', { count: chosen.length })}
          cancelLabel={t('common:action.cancel')}
          closeLabel={t('common:action.close')}
          busy={bulkBusy}
          onConfirm={() => void acknowledgeChosen()}
          onCancel={() => setConfirming(false)}
          testId="alarm-bulk-confirm"
        >
          <p>{t('widgets.alarmList.bulk.text', { count: chosen.length })}</p>
          <ul className={own.bulkList}>
            {chosen.slice(0, 5).map((id) => (
              <li key={id}>{alarmLabel(ackable.get(id)!)}</li>
            ))}
            {chosen.length > 5 && <li className={css.muted}>{t('widgets.alarmList.bulk.more', { count: chosen.length - 5 })}</li>}
          </ul>
        </ConfirmDialog>
      )}
      {mode === 'history' && history.status === 'error' && history.data !== undefined && (
        <div className={css.stale} role="alert">
          <span>{t('widgets.lists.stale')}</span>
          <button type="button" className={css.linkButton} onClick={history.reload}>
            {t('common:action.retry')}
          </button>
        </div>
      )}
      {mode === 'history' && history.data && history.data.length > 0 && (
        <p className={css.note}>{t('widgets.alarmList.historyNote', { count: history.data.length })}</p>
      )}
      <div className={css.fill + ' ' + own.body}>{body}</div>
      <MiniPager {...pager} onPage={pager.setPage} />
    </div>
  );
}
