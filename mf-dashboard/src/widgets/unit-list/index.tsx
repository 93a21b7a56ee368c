/**
 * unitList: the selected customers' units, 20 a page — name, location, model, status and the
 * latest alarm — with status chips, unit-type and alarm-type menus and a text search (the filter
 * is saved with the widget), sortable columns, CSV export of the filtered list, and check boxes
 * that select units for the link group (the map and charts of the group follow). Rows of units
 * selected elsewhere in the group are highlighted. Derived data is memoised step by step; only
 * the current page is in the DOM (100,000 units stay smooth).
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alarmTypeKey,
  type FilterSettings,
  toCsv,
  UNIT_STATUSES,
  UNITS_PER_PAGE,
  type UnitStatus,
} from '@fieldwatch/shared';
import { useServerText } from '@fieldwatch/shared/remote';
import { StatusBadge } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { downloadCsv } from '../kit/csv-download';
import { CsvButton, FilterMenu, tableCss as css, MiniPager, SearchBox, SortHeader, ToolButton } from '../kit/table/TableControls';
import { type SortState, usePage } from '../kit/table/sort-and-page';
import { tableTier } from '../kit/table/table-width';
import { useIdSet } from '../kit/table/selection';
import { facets, filterRows, sortRows, toNamedRow, type UnitRow, type UnitSortKey } from './model';
import own from './unit-list.module.css';

export interface UnitListSettings {
  filter: FilterSettings;
  sort: SortState<UnitSortKey>;
}

const DEFAULT_SORT: SortState<UnitSortKey> = { key: 'name', dir: 'asc' };
const CHIP_ORDER: readonly UnitStatus[] = ['alarm', 'problem', 'ok', 'inactive'];

export default function UnitList(props: WidgetProps<UnitListSettings>) {
  const { widget, units, unitsLoadedAt: loadedAt, bindings, setBinding, updateSettings, size } = props;
  const { t } = useTranslation('dashboard');
  const tc = useTimeConfig();
  const filter = useMemo(() => widget.settings.filter ?? {}, [widget.settings.filter]);
  const sort = widget.settings.sort ?? DEFAULT_SORT;
  // Wide: every column. Medium (beside a map on a laptop): model and location on the name's second
  // line. Compact: the latest alarm goes too.
  const tier = tableTier(size.width);
  const compact = tier === 'compact';
  const wide = tier === 'wide';
  const multi = widget.props.multiSelect === true;

  const serverText = useServerText();
  const rows = useMemo(() => units.map((u) => toNamedRow(u, serverText.unitType)), [units, serverText]);
  const counts = useMemo(() => facets(rows), [rows]);
  const filtered = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const sorted = useMemo(() => sortRows(filtered, sort), [filtered, sort]);
  const selected = useIdSet(bindings.units);
  const pager = usePage(sorted.length, UNITS_PER_PAGE, `${JSON.stringify(filter)}|${sort.key}|${sort.dir}`);
  const pageRows = sorted.slice(pager.from, pager.to);

  const setFilter = useCallback(
    (patch: Partial<FilterSettings>) => {
      const next: FilterSettings = { ...filter, ...patch };
      for (const k of Object.keys(next) as Array<keyof FilterSettings>) {
        const v = next[k];
        if (v === undefined || (Array.isArray(v) && v.length === 0) || v === '') delete next[k];
      }
      updateSettings({ filter: next });
    },
    [filter, updateSettings],
  );

  const unitTypeOptions = useMemo(
    () =>
      [...counts.unitTypes]
        .map(([code, count]) => ({ value: code, label: serverText.unitType(code), count }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [counts.unitTypes, serverText],
  );
  const alarmTypeOptions = useMemo(
    () =>
      [...counts.alarmTypes]
        .sort((a, b) => a[0] - b[0])
        .map(([type, count]) => ({ value: type, label: t(`common:${alarmTypeKey(type)}`), count })),
    [counts.alarmTypes, t],
  );

  /** The check box: adds or removes the unit. */
  const toggle = (id: number) =>
    setBinding('units', selected.has(id) ? bindings.units.filter((x) => x !== id) : [...bindings.units, id]);
  /** A click on the row: adds or removes it (multiSelect), else selects only it (again: clears). */
  const clickRow = (id: number) => {
    if (multi) toggle(id);
    else setBinding('units', selected.has(id) && bindings.units.length === 1 ? [] : [id]);
  };
  const pageIds = pageRows.map((r) => r.id);
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const pageSomeSelected = pageIds.some((id) => selected.has(id));
  const togglePage = () => {
    if (pageAllSelected) setBinding('units', bindings.units.filter((id) => !pageIds.includes(id)));
    else setBinding('units', [...bindings.units, ...pageIds.filter((id) => !selected.has(id))]);
  };

  const statusLabel = (s: UnitStatus) => t(`common:status.${s}`);
  const alarmCell = (r: UnitRow) =>
    r.latestAlarm ? (
      <span className={css.cellStack}>
        <span>{t(`common:${alarmTypeKey(r.latestAlarm.type)}`)}</span>
        <span className={css.sub}>{formatDateTime(r.latestAlarm.ms, tc)}</span>
      </span>
    ) : (
      <span className={css.muted}>—</span>
    );

  const exportCsv = () => {
    const header = [
      t('col.unit'),
      t('col.location'),
      t('col.model'),
      t('col.status'),
      t('col.alarm'),
      t('col.since'),
    ];
    const body = sorted.map((r) => [
      r.name,
      r.location,
      r.model,
      statusLabel(r.status),
      r.latestAlarm ? t(`common:${alarmTypeKey(r.latestAlarm.type)}`) : '',
      r.latestAlarm ? formatDateTime(r.latestAlarm.ms, tc) : '',
    ]);
    downloadCsv(t('widgets.unitList.csvName'), toCsv(header, body));
  };

  if (units.length === 0) {
    if (loadedAt === null) return <WidgetState kind="loading" label={t('widgets.unitList.loading')} />;
    return (
      <WidgetState kind="empty" title={t('noUnits.title')}>
        {t('noUnits.text')}
      </WidgetState>
    );
  }

  const chosenStatuses = filter.statuses ?? [];
  const toggleStatus = (s: UnitStatus) => {
    const next = chosenStatuses.includes(s) ? chosenStatuses.filter((x) => x !== s) : [...chosenStatuses, s];
    setFilter({ statuses: next.length === UNIT_STATUSES.length ? [] : next });
  };

  return (
    <div className={css.root} data-testid="unit-list">
      <div className={css.toolbar}>
        <SearchBox
          value={filter.search ?? ''}
          onSearch={(q) => setFilter({ search: q.trim() === '' ? undefined : q })}
          label={t('widgets.unitList.search')}
          placeholder={t('widgets.unitList.searchPlaceholder')}
        />
        <div className={css.chips} role="group" aria-label={t('widgets.lists.statusFilter')}>
          {CHIP_ORDER.map((s) => (
            <button
              key={s}
              type="button"
              className={css.chip}
              aria-pressed={chosenStatuses.includes(s)}
              data-testid={`filter-${s}`}
              onClick={() => toggleStatus(s)}
            >
              <span className={css.dot} data-status={s} aria-hidden="true" />
              {statusLabel(s)}
              {!compact && <span className={css.chipCount}>{counts.statuses[s].toLocaleString()}</span>}
            </button>
          ))}
        </div>
        <FilterMenu
          label={t('widgets.lists.unitTypes')}
          options={unitTypeOptions}
          chosen={filter.unitTypes ?? []}
          onChange={(v) => setFilter({ unitTypes: v })}
          emptyText={t('widgets.lists.nothingToChoose')}
          testId="filter-unit-types"
        />
        <FilterMenu
          label={t('widgets.lists.alarmTypes')}
          options={alarmTypeOptions}
          chosen={filter.alarmTypes ?? []}
          onChange={(v) => setFilter({ alarmTypes: v })}
          emptyText={t('widgets.lists.noAlarmTypes')}
          testId="filter-alarm-types"
        />
        <div className={css.toolbarEnd}>
          {bindings.units.length > 0 && (
            <ToolButton label={t('widgets.lists.clearSelection')} onClick={() => setBinding('units', [])} testId="clear-selection">
              {t('widgets.lists.selectedCount', { count: bindings.units.length })} ×
            </ToolButton>
          )}
          <CsvButton onClick={exportCsv} disabled={sorted.length === 0} />
        </div>
      </div>
      {sorted.length === 0 ? (
        <div className={css.fill}>
          <WidgetState kind="empty" title={t('widgets.lists.noMatch')}>
            <button type="button" className={css.linkButton} onClick={() => updateSettings({ filter: {} })}>
              {t('widgets.lists.clearFilters')}
            </button>
          </WidgetState>
        </div>
      ) : (
        <div className={css.scroll}>
          <table className={css.table} aria-label={t('widgets.unitList.label')} aria-rowcount={sorted.length + 1}>
            <colgroup>
              <col className={own.colCheck} />
              <col className={wide ? own.colName : own.colNameFolded} />
              {wide && <col className={own.colLocation} />}
              {wide && <col className={own.colModel} />}
              <col className={{ compact: own.colStatusCompact, medium: own.colStatusMedium, wide: own.colStatus }[tier]} />
              {!compact && <col className={wide ? own.colAlarm : own.colAlarmFolded} />}
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className={css.check}>
                  <input
                    type="checkbox"
                    aria-label={t('widgets.lists.selectPage')}
                    checked={pageAllSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = pageSomeSelected && !pageAllSelected;
                    }}
                    onChange={togglePage}
                  />
                </th>
                <SortHeader label={t('col.unit')} sortKey="name" sort={sort} onSort={(s) => updateSettings({ sort: s })} />
                {wide && (
                  <SortHeader label={t('col.location')} sortKey="location" sort={sort} onSort={(s) => updateSettings({ sort: s })} />
                )}
                {wide && (
                  <SortHeader label={t('col.model')} sortKey="model" sort={sort} onSort={(s) => updateSettings({ sort: s })} />
                )}
                <SortHeader
                  label={t('col.status')}
                  sortKey="status"
                  sort={sort}
                  firstDir="desc"
                  onSort={(s) => updateSettings({ sort: s })}
                />
                {!compact && (
                  <SortHeader
                    label={t('col.alarm')}
                    sortKey="alarm"
                    sort={sort}
                    firstDir="desc"
                    onSort={(s) => updateSettings({ sort: s })}
                  />
                )}
              </tr>
            </thead>
            <tbody>
              {pageRows.map((r) => {
                const on = selected.has(r.id);
                return (
                  <tr
                    key={r.id}
                    data-testid="unit-row"
                    data-selected={on || undefined}
                    aria-selected={on}
                    onClick={(e) => {
                      if ((e.target as HTMLElement).closest('input')) return;
                      clickRow(r.id);
                    }}
                  >
                    <td className={css.check}>
                      <input type="checkbox" aria-label={r.name} checked={on} onChange={() => toggle(r.id)} />
                    </td>
                    <td title={wide ? r.name : [r.name, r.model, r.location].filter(Boolean).join(' · ')}>
                      {!wide ? (
                        <span className={css.cellStack}>
                          <span className={css.strong}>{r.name}</span>
                          <span className={css.sub}>{[r.model, r.location].filter(Boolean).join(' · ')}</span>
                        </span>
                      ) : (
                        <span className={css.strong}>{r.name}</span>
                      )}
                    </td>
                    {wide && <td title={r.location}>{r.location || <span className={css.muted}>—</span>}</td>}
                    {wide && <td>{r.model}</td>}
                    <td>
                      <StatusBadge status={r.status} label={statusLabel(r.status)} />
                    </td>
                    {!compact && <td>{alarmCell(r)}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <MiniPager {...pager} onPage={pager.setPage} />
    </div>
  );
}
