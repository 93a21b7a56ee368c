import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  ALARM_TYPE_MAX,
  alarmEventStatus,
  alarmTypeKey,
  DEVICE_TYPES,
  ENDPOINTS,
  pathFor,
  renderUnitType,
  UNIT_STATUSES,
  USER_TYPES,
  type Customer,
  type DeviceTablePage,
  type DeviceTableRow,
  type ClientPreferences,
} from '@fieldwatch/shared';
import {
  RelativeTime,
  loadViewLabels,
  pagerProps,
  toMs,
  useApiQuery,
  useLoadSubtitle,
  useRemote,
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
import { AddDeviceDialog } from './AddDeviceDialog';
import { BulkBar } from './BulkBar';
import { COLUMN_SORT, columnsFromPreference, type ColumnChoice, type ColumnId } from './columns';
import { ConfigureTableDialog } from './ConfigureTableDialog';
import {
  clearFilters,
  type DeviceQuery,
  isFiltered,
  parseQuery,
  setFilter,
  type SortKey,
  sortBy,
  toggleStatus,
  toSearchParams,
  toTableQuery,
} from './device-query';
import css from './DevicePage.module.css';
import chips from './filter-chips.module.css';
import { PREFERENCES_KEY, useContainers } from './queries';
import { unitLinkState, unitPagePath } from '../unit/links';

/**
 * /devicemanagement — the units of the selected customers, filtered, sorted and paged on the
 * server (GET /api/v3/device/table); the table's state lives in the URL, its columns in the user's
 * preferences. Rows open the unit's page; selected units take bulk actions.
 */
export function DevicePage() {
  const { t } = useTranslation('devices');
  const { api } = useRemote();
  const selectedCustomers = useSession((s) => s.selectedCustomers);
  const userType = useSession((s) => s.user?.userType);
  const canWrite = userType !== undefined && userType !== USER_TYPES.Reader;
  const [query, setQuery] = useDeviceQuery();
  const params = useMemo(() => toTableQuery(query), [query]);
  const load = useApiQuery(['deviceTable', selectedCustomers, params], () =>
    api.get<DeviceTablePage>(pathFor(ENDPOINTS.deviceTable), params),
  );
  const subtitle = useLoadSubtitle(load, t);
  const [adding, setAdding] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  const prefs = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async () => {
      const [data, failed] = await api.get<ClientPreferences>(pathFor(ENDPOINTS.preferences));
      if (failed) throw new Error('preferences');
      return data;
    },
  });
  const columns = useMemo(() => columnsFromPreference(prefs.data?.deviceTable), [prefs.data]);

  return (
    <div className={css.page} data-testid="device-page">
      <PageHeader
        title={t('title')}
        badge={
          load.data && load.data.total > 0 ? (
            <span className={css.titleCount} data-testid="unit-total">
              <Badge>{load.data.total}</Badge>
            </span>
          ) : null
        }
        subtitle={subtitle}
        actions={
          <>
            <Button onClick={() => setConfiguring(true)} data-testid="configure-table">
              <Icon name="sliders" size={14} />
              {t('table.configure.open')}
            </Button>
            {canWrite && (
              <Button variant="primary" onClick={() => setAdding(true)} data-testid="add-device">
                <Icon name="device" size={14} />
                {t('table.add.open')}
              </Button>
            )}
            <RefreshButton load={load} label={t('common:action.refresh')} />
          </>
        }
      />
      <LoadView load={load} labels={loadViewLabels(t)}>
        {(page) =>
          page.total === 0 ? (
            <Card>
              <EmptyState title={t('empty.title')}>
                <span className={css.stateText}>{t('empty.text')}</span>
              </EmptyState>
            </Card>
          ) : (
            <DeviceTable page={page} query={query} setQuery={setQuery} columns={columns} canWrite={canWrite} />
          )
        }
      </LoadView>
      {adding && <AddDeviceDialog onClose={() => setAdding(false)} onAdded={() => load.reload()} />}
      {configuring && <ConfigureTableDialog columns={columns} onClose={() => setConfiguring(false)} />}
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

function DeviceTable(props: {
  page: DeviceTablePage;
  query: DeviceQuery;
  setQuery: (next: DeviceQuery, replace?: boolean) => void;
  columns: ColumnChoice[];
  canWrite: boolean;
}) {
  const { page: result, query, setQuery, canWrite } = props;
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  // The unit's page goes back to this very view (its breadcrumb reads the table's query).
  const linkState = unitLinkState(useLocation().search);
  const customers = useSession((s) => s.customers);
  const customerNames = useMemo(
    () => new Map(customers.map((c: Customer) => [c.CustomerID, c.CustomerName])),
    [customers],
  );
  const containers = useContainers().data ?? [];
  const filtered = isFiltered(query);
  const shown = props.columns.filter((c) => c.visible);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const pageIds = result.rows.map((r) => r.UnitID);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

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
    setQuery(clearFilters(query));
  };

  const pageCount = Math.max(1, Math.ceil(result.matched / result.pageSize));
  const from = result.rows.length ? (result.page - 1) * result.pageSize + 1 : 0;
  const label = (id: ColumnId) => t(`table.col.${id}`);
  const header = (c: ColumnChoice) => {
    const key: SortKey | undefined = COLUMN_SORT[c.id];
    const style = c.width ? { width: c.width, minWidth: c.width } : undefined;
    if (!key) return <th key={c.id} style={style}>{label(c.id)}</th>;
    const active = query.sort === key;
    return (
      <th key={c.id} style={style} aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className={css.sortButton}
          data-active={active || undefined}
          onClick={() => setQuery(sortBy(query, key))}
          title={t('sort.by', { column: label(c.id) })}
        >
          {label(c.id)}
          <Icon name={active ? (query.dir === 'asc' ? 'sortAsc' : 'sortDesc') : 'sortNone'} size={13} />
        </button>
      </th>
    );
  };
  const groups = containers.filter((c) => c.kind === 'group');
  const locations = containers.filter((c) => c.kind === 'location');
  const listFilter = (key: 'types' | 'alarmTypes' | 'customers', value: string) =>
    setQuery(setFilter(query, key, value === '' ? [] : [Number(value)]));

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
        <div className={chips.chips} role="group" aria-label={t('filter.status')}>
          {UNIT_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={chips.chip}
              data-status={s}
              aria-pressed={query.statuses.includes(s)}
              onClick={() => setQuery(toggleStatus(query, s))}
              data-testid={`filter-${s}`}
            >
              <StatusDot status={s} />
              {t(`common:status.${s}`)}
              <span className={chips.count}>{result.counts[s]}</span>
            </button>
          ))}
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
            {props.columns
              .filter((c) => COLUMN_SORT[c.id] && (c.visible || COLUMN_SORT[c.id] === query.sort))
              .flatMap((c) =>
                (['asc', 'desc'] as const).map((dir) => (
                  <option key={`${c.id}:${dir}`} value={`${COLUMN_SORT[c.id]}:${dir}`}>
                    {`${label(c.id)} ${dir === 'asc' ? '↑' : '↓'}`}
                  </option>
                )),
              )}
          </Select>
        </label>
      </Toolbar>
      <Toolbar justify="start">
        <div className={css.filters}>
          <Select compact aria-label={t('table.filter.type')} value={query.types?.[0] ?? ''} onChange={(e) => listFilter('types', e.target.value)} data-testid="filter-type">
            <option value="">{t('table.filter.allTypes')}</option>
            {DEVICE_TYPES.map((d) => (
              <option key={d.code} value={d.code}>{`${renderUnitType(d.code, t)} (${d.code})`}</option>
            ))}
          </Select>
          <Select compact aria-label={t('table.filter.alarmType')} value={query.alarmTypes?.[0] ?? ''} onChange={(e) => listFilter('alarmTypes', e.target.value)} data-testid="filter-alarm-type">
            <option value="">{t('table.filter.allAlarmTypes')}</option>
            {Array.from({ length: ALARM_TYPE_MAX + 1 }, (_, n) => (
              <option key={n} value={n}>
                {t(`common:${alarmTypeKey(n)}`, { defaultValue: t('common:alarmType.unknown', { type: n }) })}
              </option>
            ))}
          </Select>
          {customers.length > 1 && (
            <Select compact aria-label={t('table.filter.customer')} value={query.customers?.[0] ?? ''} onChange={(e) => listFilter('customers', e.target.value)} data-testid="filter-customer">
              <option value="">{t('table.filter.allCustomers')}</option>
              {customers.map((c) => (
                <option key={c.CustomerID} value={c.CustomerID}>{c.CustomerName}</option>
              ))}
            </Select>
          )}
          <Select compact aria-label={t('table.filter.group')} value={query.group ?? ''} onChange={(e) => setQuery(setFilter(query, 'group', e.target.value))} data-testid="filter-group">
            <option value="">{t('table.filter.allGroups')}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>{g.name}</option>
            ))}
          </Select>
          <Select compact aria-label={t('table.filter.location')} value={query.location ?? ''} onChange={(e) => setQuery(setFilter(query, 'location', e.target.value))} data-testid="filter-location">
            <option value="">{t('table.filter.allLocations')}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>{l.name}</option>
            ))}
          </Select>
        </div>
      </Toolbar>

      <div className={css.summary} data-testid="device-summary">
        <span className={css.summaryUnits}>
          {filtered
            ? t('summary.filtered', { shown: result.matched, total: result.total })
            : t('summary.all', { total: result.total })}
        </span>
        {filtered && (
          <Button variant="ghost" size="small" onClick={clear}>
            <Icon name="close" size={14} />
            {t('filter.clear')}
          </Button>
        )}
      </div>

      <BulkBar
        selected={selected}
        setSelected={setSelected}
        matched={result.matched}
        query={query}
        canWrite={canWrite}
        names={new Map(result.rows.map((r) => [r.UnitID, r.UnitName]))}
      />

      {result.rows.length === 0 ? (
        <EmptyState title={t('noMatch.title')}>
          <span className={css.stateText}>{t('noMatch.text')}</span>
          <Button size="small" onClick={clear}>
            {t('filter.clear')}
          </Button>
        </EmptyState>
      ) : (
        <div className={css.responsive}>
          <Table label={t('table.label')} stacked>
            <thead>
              <tr>
                {canWrite && (
                  <th className={css.selectCell}>
                    <input
                      type="checkbox"
                      aria-label={t('table.select.page')}
                      checked={allOnPage}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Set(s);
                          for (const id of pageIds) if (allOnPage) next.delete(id);
                          else next.add(id);
                          return next;
                        })
                      }
                      data-testid="select-page"
                    />
                  </th>
                )}
                {shown.map(header)}
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr
                  key={row.UnitID}
                  className={css.row}
                  data-status={row.Status}
                  data-testid="device-row"
                  onClick={(e) => {
                    // A click on a control of its own (checkbox, link) is that control's.
                    if ((e.target as HTMLElement).closest('a,button,input,label')) return;
                    navigate(unitPagePath(row.UnitID), { state: linkState });
                  }}
                >
                  {canWrite && (
                    <td className={css.selectCell}>
                      <input
                        type="checkbox"
                        aria-label={t('table.select.unit', { name: row.UnitName })}
                        checked={selected.has(row.UnitID)}
                        onChange={() =>
                          setSelected((s) => {
                            const next = new Set(s);
                            if (next.has(row.UnitID)) next.delete(row.UnitID);
                            else next.add(row.UnitID);
                            return next;
                          })
                        }
                      />
                    </td>
                  )}
                  {shown.map((c) => (
                    <Cell key={c.id} column={c} row={row} customer={customerNames.get(row.CustomerID)} linkState={linkState} />
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}

      {result.matched > 0 && (
        <div className={css.pager}>
          <Pager
            {...pagerProps(t, {
              page: result.page - 1,
              pageCount,
              from,
              to: from ? from + result.rows.length - 1 : 0,
              total: result.matched,
            })}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </div>
      )}
    </Card>
  );
}

function Cell(props: { column: ColumnChoice; row: DeviceTableRow; customer: string | undefined; linkState: ReturnType<typeof unitLinkState> }) {
  const { column, row, customer } = props;
  const { t } = useTranslation('devices');
  const label = t(`table.col.${column.id}`);
  const style = column.width ? { width: column.width, maxWidth: column.width } : undefined;
  const td = (children: ReactNode, className = '') => (
    <td className={`${css.cell} ${className}`} data-label={label} style={style}>
      {children}
    </td>
  );
  switch (column.id) {
    case 'status':
      return td(<StatusBadge status={row.Status} label={t(`common:status.${row.Status}`)} />, css.cellStatus);
    case 'name':
      return td(
        <>
          <Link to={unitPagePath(row.UnitID)} state={props.linkState} className={css.name} data-testid="unit-link">
            {row.UnitName}
          </Link>
          <span className={css.unitId}>#{row.UnitID}</span>
        </>,
        `${css.cellName} ${css.nowrap}`,
      );
    case 'location':
      return td(row.UnitLocation || <span className={css.muted}>—</span>, css.cellLocation);
    case 'model':
      return td(renderUnitType(row.UnitType, t), css.nowrap);
    case 'type':
      return td(<span className={css.mono}>{row.UnitType}</span>);
    case 'customer':
      return td(customer ?? <span className={css.muted}>{t('unknownCustomer', { id: row.CustomerID })}</span>, css.nowrap);
    case 'alarms':
      return td(<AlarmCell row={row} />, css.cellAlarms);
    case 'lastContact':
      return td(row.LastContact ? <RelativeTime date={Date.parse(row.LastContact)} /> : <span className={css.muted}>{t('table.never')}</span>);
    case 'coordinates':
      return td(
        row.UnitGPSLatitude != null && row.UnitGPSLongitude != null ? (
          <span className={css.mono}>
            {row.UnitGPSLatitude.toFixed(4)}, {row.UnitGPSLongitude.toFixed(4)}
          </span>
        ) : (
          <span className={css.muted}>{t('noPosition')}</span>
        ),
      );
  }
}

function AlarmCell({ row }: { row: DeviceTableRow }) {
  const { t } = useTranslation('devices');
  const count = row.AlarmEvents?.length ?? 0;
  let latest = row.AlarmEvents?.[0];
  for (const e of row.AlarmEvents ?? []) if (latest && e.AlarmEventTime > latest.AlarmEventTime) latest = e;
  const ms = latest ? toMs(latest.AlarmEventTime) : NaN;
  if (!latest || !Number.isFinite(ms)) return <span className={css.muted}>{t('alarms.none')}</span>;
  const name = t(`common:${alarmTypeKey(latest.AlarmType)}`, {
    defaultValue: t('common:alarmType.unknown', { type: latest.AlarmType }),
  });
  return (
    <span className={css.alarms}>
      <span
        className={css.alarmCount}
        data-status={alarmEventStatus(latest.AlarmType)}
        aria-label={t('alarms.count', { count })}
        title={t('alarms.count', { count })}
      >
        {count}
      </span>
      <span className={css.alarmText}>
        <span className={css.alarmType} title={name}>
          {name}
        </span>
        <RelativeTime className={css.muted} date={ms} />
      </span>
    </span>
  );
}

