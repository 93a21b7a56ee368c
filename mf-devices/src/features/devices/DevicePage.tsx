import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { alarmEventStatus, alarmTypeKey, type Customer, type Unit, UNIT_STATUSES } from '@fieldwatch/shared';
import {
  RelativeTime,
  loadViewLabels,
  pagerProps,
  toMs,
  useDevices,
  useLoadSubtitle,
  useSession,
} from '@fieldwatch/shared/remote';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Icon,
  LoadView,
  PageHeader,
  Pager,
  RefreshButton,
  SearchField,
  Select,
  StatusBadge,
  StatusDot,
  Table,
  Toolbar,
} from '@fieldwatch/shared/ui';
import {
  type DeviceQuery,
  type DeviceRow,
  isFiltered,
  parseQuery,
  queryRows,
  type SortKey,
  sortBy,
  SORT_KEYS,
  toggleStatus,
  toRow,
  toSearchParams,
} from './device-query';
import css from './DevicePage.module.css';

/** /devicemanagement — the units of the selected customers, searchable, filterable, sortable, paged. */
export function DevicePage() {
  const { t } = useTranslation('devices');
  // The session's unit list, asked again as the page opens (and when the refresh key moves).
  const load = useDevices({ reloadOnOpen: true });
  const subtitle = useLoadSubtitle(load, t);
  const units = load.data;

  return (
    <div className={css.page} data-testid="device-page">
      <PageHeader
        title={t('title')}
        badge={
          units && units.length > 0 ? (
            <span className={css.titleCount} data-testid="unit-total">
              <Badge>{units.length}</Badge>
            </span>
          ) : null
        }
        subtitle={subtitle}
        actions={<RefreshButton load={load} label={t('common:action.refresh')} />}
      />
      {units?.length === 0 ? (
        // No units at all: nothing to be stale about.
        <Card>
          <EmptyState title={t('empty.title')}>
            <span className={css.stateText}>{t('empty.text')}</span>
          </EmptyState>
        </Card>
      ) : (
        <LoadView load={load} labels={loadViewLabels(t)}>
          {(list) => <DeviceTable units={list} />}
        </LoadView>
      )}
    </div>
  );
}

function useDeviceQuery(): [DeviceQuery, (next: DeviceQuery, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseQuery(params), [params]);
  const setQuery = useCallback(
    (next: DeviceQuery, replace = false) => setParams(toSearchParams(next), { replace }),
    [setParams],
  );
  return [query, setQuery];
}

function DeviceTable({ units }: { units: Unit[] }) {
  const { t } = useTranslation('devices');
  const customers = useSession((s) => s.customers);
  const customerNames = useMemo(
    () => new Map(customers.map((c: Customer) => [c.CustomerID, c.CustomerName])),
    [customers],
  );
  const [query, setQuery] = useDeviceQuery();
  const rows = useMemo(() => units.map(toRow), [units]);
  const result = useMemo(() => queryRows(rows, query), [rows, query]);
  const filtered = isFiltered(query);

  // The search box keeps its own text while typing; the URL follows (replace, so typing does not
  // fill the history) and back/forward bring the box back in line.
  const [text, setText] = useState(query.q);
  const written = useRef(query.q);
  useEffect(() => {
    if (query.q !== written.current) {
      written.current = query.q;
      setText(query.q);
    }
  }, [query.q]);
  const onSearch = (value: string) => {
    written.current = value;
    setText(value);
    setQuery({ ...query, q: value, page: 0 }, true);
  };
  const clear = () => {
    written.current = '';
    setText('');
    setQuery({ ...query, q: '', statuses: [], page: 0 });
  };

  const sortLabel: Record<SortKey, string> = {
    status: t('col.status'),
    name: t('col.name'),
    location: t('col.location'),
  };
  const sortHeader = (key: SortKey) => {
    const active = query.sort === key;
    return (
      <th aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className={css.sortButton}
          data-active={active || undefined}
          onClick={() => setQuery(sortBy(query, key))}
          title={t('sort.by', { column: sortLabel[key] })}
        >
          {sortLabel[key]}
          <Icon name={active ? (query.dir === 'asc' ? 'sortAsc' : 'sortDesc') : 'sortNone'} size={13} />
        </button>
      </th>
    );
  };

  return (
    <Card flush data-testid="device-table">
      <Toolbar justify="start">
        <SearchField
          className={css.search}
          label={t('search.label')}
          value={text}
          placeholder={t('search.placeholder')}
          onChange={(e) => onSearch(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <div className={css.chips} role="group" aria-label={t('filter.status')}>
          {UNIT_STATUSES.map((s) => {
            const on = query.statuses.includes(s);
            return (
              <button
                key={s}
                type="button"
                className={css.chip}
                data-status={s}
                aria-pressed={on}
                onClick={() => setQuery(toggleStatus(query, s))}
                data-testid={`filter-${s}`}
              >
                <StatusDot status={s} />
                {t(`common:status.${s}`)}
                <span className={css.chipCount}>{result.counts[s]}</span>
              </button>
            );
          })}
        </div>
        <label className={css.sortSelect}>
          <span className={css.sortSelectLabel}>{t('sort.label')}</span>
          <Select
            compact
            value={`${query.sort}:${query.dir}`}
            onChange={(e) => {
              const [sort, dir] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
              setQuery({ ...query, sort, dir, page: 0 });
            }}
          >
            {SORT_KEYS.flatMap((key) =>
              (['asc', 'desc'] as const).map((dir) => (
                <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                  {`${sortLabel[key]} ${dir === 'asc' ? '↑' : '↓'}`}
                </option>
              )),
            )}
          </Select>
        </label>
      </Toolbar>

      <div className={css.summary} data-testid="device-summary">
        <span className={css.summaryUnits}>
          {filtered
            ? t('summary.filtered', { shown: result.matched, total: result.total })
            : t('summary.all', { total: result.total })}
        </span>
        <span className={css.summaryAlarms} data-alarms={result.activeAlarms > 0 || undefined}>
          {t('summary.alarms', { count: result.activeAlarms })}
        </span>
        {filtered && (
          <Button variant="ghost" size="small" onClick={clear}>
            <Icon name="close" size={14} />
            {t('filter.clear')}
          </Button>
        )}
      </div>

      {result.rows.length === 0 ? (
        <EmptyState title={t('noMatch.title')}>
          <span className={css.stateText}>{t('noMatch.text')}</span>
          <Button size="small" onClick={clear}>
            {t('filter.clear')}
          </Button>
        </EmptyState>
      ) : (
        <div className={css.responsive}>
          <Table label={t('table')} stacked>
            <thead>
              <tr>
                {sortHeader('status')}
                {sortHeader('name')}
                {sortHeader('location')}
                <th>{t('col.model')}</th>
                <th className={css.colType}>{t('col.type')}</th>
                <th className={css.colCustomer}>{t('col.customer')}</th>
                <th>{t('col.alarms')}</th>
                <th>{t('col.coordinates')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <DeviceTableRow
                  key={row.unit.UnitID}
                  row={row}
                  customer={customerNames.get(row.unit.CustomerID)}
                />
              ))}
            </tbody>
          </Table>
        </div>
      )}

      {result.matched > 0 && (
        <div className={css.pager}>
          <Pager
            {...pagerProps(t, { ...result, total: result.matched })}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </div>
      )}
    </Card>
  );
}

function DeviceTableRow({ row, customer }: { row: DeviceRow; customer: string | undefined }) {
  const { t } = useTranslation('devices');
  const { unit, status, model, latestAlarm } = row;
  const count = unit.AlarmEvents?.length ?? 0;
  const lat = unit.UnitGPSLatitude;
  const lon = unit.UnitGPSLongitude;
  // API times are UTC (spec §9): read with toMs, shown in the user's zone and date format.
  const alarmMs = latestAlarm ? toMs(latestAlarm.AlarmEventTime) : NaN;
  const customerLabel = customer ?? t('unknownCustomer', { id: unit.CustomerID });
  const alarmName = latestAlarm
    ? t(`common:${alarmTypeKey(latestAlarm.AlarmType)}`, {
        defaultValue: t('common:alarmType.unknown', { type: latestAlarm.AlarmType }),
      })
    : '';
  return (
    <tr className={css.row} data-status={status} data-testid="device-row">
      <td className={`${css.cell} ${css.cellStatus}`} data-label={t('col.status')}>
        <StatusBadge status={status} label={t(`common:status.${status}`)} />
      </td>
      <td className={`${css.cell} ${css.cellName} ${css.nowrap}`} data-label={t('col.name')}>
        <span className={css.name}>{unit.UnitName}</span>
        <span className={css.unitId}>#{unit.UnitID}</span>
      </td>
      <td
        className={`${css.cell} ${css.cellLocation}`}
        data-label={t('col.location')}
        title={unit.UnitLocation || undefined}
      >
        {unit.UnitLocation || <span className={css.muted}>—</span>}
        <span className={css.locationCustomer} aria-hidden="true">
          {customerLabel}
        </span>
      </td>
      <td className={`${css.cell} ${css.nowrap}`} data-label={t('col.model')}>
        <span>{model}</span>
        <span className={css.modelCode} aria-hidden="true">
          {unit.UnitType}
        </span>
      </td>
      <td className={`${css.cell} ${css.colType}`} data-label={t('col.type')}>
        <span className={css.mono}>{unit.UnitType}</span>
      </td>
      <td className={`${css.cell} ${css.nowrap} ${css.colCustomer}`} data-label={t('col.customer')}>
        {customer ?? <span className={css.muted}>{customerLabel}</span>}
      </td>
      <td className={`${css.cell} ${css.cellAlarms}`} data-label={t('col.alarms')}>
        {latestAlarm && Number.isFinite(alarmMs) ? (
          <span className={css.alarms}>
            <span
              className={css.alarmCount}
              data-status={alarmEventStatus(latestAlarm.AlarmType)}
              aria-label={t('alarms.count', { count })}
              title={t('alarms.count', { count })}
            >
              {count}
            </span>
            <span className={css.alarmText}>
              <span className={css.alarmType} title={alarmName}>
                {alarmName}
              </span>
              <RelativeTime className={css.muted} date={alarmMs} />
            </span>
          </span>
        ) : (
          <span className={css.muted}>{t('alarms.none')}</span>
        )}
      </td>
      <td className={css.cell} data-label={t('col.coordinates')}>
        {lat != null && lon != null ? (
          <span className={css.mono}>
            {lat.toFixed(4)}, {lon.toFixed(4)}
          </span>
        ) : (
          <span className={css.muted}>{t('noPosition')}</span>
        )}
      </td>
    </tr>
  );
}
