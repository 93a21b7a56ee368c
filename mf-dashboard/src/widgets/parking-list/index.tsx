/**
 * parkingList: the parking spaces (parking units) of the selected customers — occupied, free or
 * unknown now (the shared bay rule, parkingBayState, over the latest value of the parking switch,
 * GetUnitsShowValue, and the unit's status: the parking map and statistics count with the same
 * rule), since when the bay is in that state (its last change, from the channel's history of the
 * last 24 h, asked for the rows on the page), and today's occupancy share within the report hours
 * (GetReportParkingUsage) — sortable, 20 a page, a summary of how many are occupied, free and
 * unknown, CSV export. A click selects the space in the link group (the map follows).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnswerOf,
  countParkingBays,
  DEFAULT_TIMEZONE,
  ENDPOINTS,
  isParkingType,
  parkingBayState,
  type ParkingBayState,
  parkingReadingOf,
  parkingReadingRow,
  type ParkingReading,
  PARKING_SINCE_WINDOW_MS,
  parkingStateSince,
  pathFor,
  unitStatus,
  PARKING_REPORT_DEFAULT_FROM,
  PARKING_REPORT_DEFAULT_TO,
  type ParkingUsage,
  toCsv,
  type Unit,
  UNITS_PER_PAGE,
} from '@fieldwatch/shared';
import { useRemote, useServerText } from '@fieldwatch/shared/remote';
import type { WidgetProps } from '../kit/widget-contract';
import { listPendingTexts, pendingState, WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { downloadCsv } from '../kit/csv-download';
import { compareText, type SortState, usePage } from '../kit/table/sort-and-page';
import { CsvButton, tableCss as css, MiniPager, SortHeader } from '../kit/table/TableControls';
import { tableTier } from '../kit/table/table-width';
import { useIdSet } from '../kit/table/selection';
import { idsKey, useWidgetQuery } from '../kit/data/widget-query';
import { fetchLatest, type LatestValue } from '../kit/data/latest-values';
import own from './parking-list.module.css';

type SortKey = 'name' | 'location' | 'state' | 'since' | 'share';
export interface ParkingListSettings {
  sort: SortState<SortKey>;
}
type Occupancy = ParkingBayState;

export interface ParkingRow {
  unit: Unit;
  id: number;
  name: string;
  location: string;
  state: Occupancy;
  /** The parking switch's channel number (for its history), when known. */
  channel: number | null;
  /** Epoch ms of the bay's last change of state (NaN: not known yet; -Infinity: none in the window). */
  since: number;
  /** Today's occupied share 0–1, or null when there is no report. */
  share: number | null;
}

const DEFAULT_SORT: SortState<SortKey> = { key: 'name', dir: 'asc' };
const STATE_RANK: Record<Occupancy, number> = { occupied: 2, free: 1, unknown: 0 };

/** The parking reading row of a unit: its switch channel (or one named like parking/occupancy). */
export function parkingReading(rows: readonly LatestValue[] | undefined): LatestValue | undefined {
  return parkingReadingRow(rows);
}

/** Today as YYYY-MM-DD in the report's zone. */
export function reportDay(now = Date.now(), timeZone = DEFAULT_TIMEZONE): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

export default function ParkingList(props: WidgetProps<ParkingListSettings>) {
  const { widget, units, unitsLoadedAt: loadedAt, bindings, setBinding, updateSettings, refreshKey, size } = props;
  const { t } = useTranslation('dashboard');
  const serverText = useServerText();
  const tc = useTimeConfig();
  const { api } = useRemote();
  // Wide: every column. Medium: the location under the space's name. Compact: "since" goes too.
  const tier = tableTier(size.width);
  const compact = tier === 'compact';
  const wide = tier === 'wide';
  // "since" was a sort key once (when it was the last reading): a saved one falls back to the name.
  const saved = widget.settings.sort;
  const sort = saved && saved.key !== 'since' ? saved : DEFAULT_SORT;
  const selected = useIdSet(bindings.units);

  const parking = useMemo(() => units.filter((u) => isParkingType(u.UnitType)), [units]);
  const ids = useMemo(() => parking.map((u) => u.UnitID), [parking]);

  const data = useWidgetQuery(['parkingList', idsKey(ids)], async () => {
    if (ids.length === 0) return { latest: new Map<number, { reading: ParkingReading; channel: number }>(), usage: new Map<number, number>() };
    const day = reportDay();
    const [latest, usage] = await Promise.allSettled([
      fetchLatest(api, ids),
      api.legacy<ParkingUsage>('GetReportParkingUsage', { StartDate: day, EndDate: day }),
    ]);
    if (latest.status === 'rejected' && usage.status === 'rejected') throw latest.reason;
    const byUnit = new Map<number, LatestValue[]>();
    if (latest.status === 'fulfilled')
      for (const r of latest.value) {
        const l = byUnit.get(r.UnitID);
        if (l) l.push(r);
        else byUnit.set(r.UnitID, [r]);
      }
    const reading = new Map<number, { reading: ParkingReading; channel: number }>();
    for (const [id, rows] of byUnit) {
      const row = parkingReading(rows);
      const r = parkingReadingOf(row ? [row] : undefined);
      if (r && row) reading.set(id, { reading: r, channel: row.ChannelID });
    }
    const share = new Map<number, number>();
    if (usage.status === 'fulfilled')
      for (const r of usage.value) if (r.Date === day && r.Samples > 0) share.set(r.UnitID, r.Occupancy);
    return { latest: reading, usage: share };
  }, refreshKey);

  const rows = useMemo<ParkingRow[]>(() => {
    const latest = data.data?.latest;
    const usage = data.data?.usage;
    const now = Date.now();
    return parking.map((u) => {
      const r = latest?.get(u.UnitID);
      const state = parkingBayState(r?.reading, unitStatus(u), now);
      return {
        unit: u,
        id: u.UnitID,
        name: u.UnitName,
        location: u.UnitLocation ?? '',
        state,
        channel: state === 'unknown' ? null : (r?.channel ?? null),
        since: NaN,
        share: usage?.get(u.UnitID) ?? null,
      };
    });
  }, [parking, data.data]);
  const sorted = useMemo(() => {
    const dir = sort.dir === 'asc' ? 1 : -1;
    const num = (v: number | null) => (v === null || Number.isNaN(v) ? -Infinity : v);
    const cmp: (a: ParkingRow, b: ParkingRow) => number =
      sort.key === 'location'
        ? (a, b) => compareText(a.location, b.location)
        : sort.key === 'state'
          ? (a, b) => STATE_RANK[a.state] - STATE_RANK[b.state]
          : sort.key === 'share'
              ? (a, b) => num(a.share) - num(b.share) || 0
              : () => 0;
    return [...rows].sort((a, b) => cmp(a, b) * dir || compareText(a.name, b.name) || a.id - b.id);
  }, [rows, sort]);
  const counts = useMemo(() => countParkingBays(rows.map((r) => r.state)), [rows]);
  const pager = usePage(sorted.length, UNITS_PER_PAGE, `${sort.key}|${sort.dir}`);
  const bare = sorted.slice(pager.from, pager.to);
  // Since when each bay on the page is in its state: the last change in its history.
  const asked = bare.filter((r) => r.channel !== null);
  const history = useWidgetQuery(
    ['parkingSince', asked.map((r) => `${r.id}:${r.channel}:${r.state}`).join(',')],
    async () => {
      const end = Date.now();
      const start = new Date(end - PARKING_SINCE_WINDOW_MS).toISOString();
      const answers = await Promise.all(
        asked.map((r) =>
          api.get<AnswerOf<typeof ENDPOINTS.deviceData>>(pathFor(ENDPOINTS.deviceData, { id: r.id }), {
            start,
            end: new Date(end).toISOString(),
            channel: r.channel,
          }),
        ),
      );
      const since = new Map<number, number>();
      answers.forEach(([d, failed], i) => {
        if (failed || !d) return;
        const points = d.channels.find((c) => c.channel === asked[i]!.channel)?.points ?? d.channels[0]?.points ?? [];
        since.set(asked[i]!.id, parkingStateSince(points, end - PARKING_SINCE_WINDOW_MS) ?? -Infinity);
      });
      return since;
    },
    refreshKey,
    { enabled: asked.length > 0 },
  );
  const pageRows = useMemo(
    () => bare.map((r) => ({ ...r, since: history.data?.get(r.id) ?? NaN })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- bare is a fresh slice each render
    [sorted, pager.from, pager.to, history.data],
  );
  const sinceText = (since: number) =>
    since === -Infinity
      ? t('widgets.parkingList.sinceLong', { hours: PARKING_SINCE_WINDOW_MS / 3_600_000 })
      : Number.isFinite(since)
        ? formatDateTime(since, tc)
        : '—';

  const pct = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);
  const exportCsv = () => {
    const header = [
      t('col.unit'),
      t('col.location'),
      t('col.model'),
      t('widgets.parkingList.state'),
      t('widgets.parkingList.today'),
    ];
    downloadCsv(
      t('widgets.parkingList.csvName'),
      toCsv(
        header,
        sorted.map((r) => [
          r.name,
          r.location,
          serverText.unitType(r.unit.UnitType),
          t(`widgets.parkingList.${r.state}`),
          r.share === null ? '' : Math.round(r.share * 100),
        ]),
      ),
    );
  };

  if (units.length === 0 && loadedAt === null) return <WidgetState kind="loading" label={t('widgets.parkingList.loading')} />;
  if (parking.length === 0)
    return (
      <WidgetState kind="empty" title={t('widgets.parkingList.none')}>
        {t('widgets.parkingList.noneText')}
      </WidgetState>
    );
  if (data.data === undefined) return pendingState(data, listPendingTexts(t, 'parkingList'));

  const onSort = (s: SortState<SortKey>) => updateSettings({ sort: s });
  const known = counts.occupied + counts.free;
  return (
    <div className={css.root} data-testid="parking-list">
      <div className={css.toolbar}>
        <span className={own.summary} data-testid="parking-summary">
          <span className={own.big}>{counts.occupied.toLocaleString()}</span>
          <span className={css.muted}>
            {t('widgets.parkingList.occupiedOf', { total: parking.length.toLocaleString() })}
          </span>
          {!compact && known > 0 && (
            <span className={own.summaryBar} aria-hidden="true">
              <span style={{ width: `${(counts.occupied / parking.length) * 100}%` }} />
            </span>
          )}
          {!compact && (
            <span className={css.muted}>
              {t('widgets.parkingList.freeCount', { count: counts.free.toLocaleString() })}
            </span>
          )}
          {!compact && counts.unknown > 0 && (
            <span className={css.muted} data-testid="parking-unknown" title={t('widgets.parkingList.unknownHint')}>
              {t('widgets.parkingList.unknownCount', { count: counts.unknown.toLocaleString() })}
            </span>
          )}
        </span>
        <div className={css.toolbarEnd}>
          <CsvButton onClick={exportCsv} />
        </div>
      </div>
      {data.status === 'error' && (
        <div className={css.stale} role="alert">
          <span>{t('widgets.lists.stale')}</span>
          <button type="button" className={css.linkButton} onClick={data.reload}>
            {t('common:action.retry')}
          </button>
        </div>
      )}
      <div className={css.scroll}>
        <table className={css.table} aria-label={t('widgets.parkingList.label')}>
          <colgroup>
            <col className={{ compact: own.colNameCompact, medium: own.colNameMedium, wide: own.colName }[tier]} />
            {wide && <col className={own.colLocation} />}
            <col className={own.colState} />
            {!compact && <col className={wide ? own.colSince : own.colSinceMedium} />}
            <col className={own.colShare} />
          </colgroup>
          <thead>
            <tr>
              <SortHeader label={t('widgets.parkingList.space')} sortKey="name" sort={sort} onSort={onSort} />
              {wide && <SortHeader label={t('col.location')} sortKey="location" sort={sort} onSort={onSort} />}
              <SortHeader label={t('widgets.parkingList.state')} sortKey="state" sort={sort} firstDir="desc" onSort={onSort} />
              {/* Known for the rows on the page only (asked per page), so not a sort key. */}
              {!compact && (
                <th scope="col" title={t('widgets.parkingList.sinceHint')}>
                  {t('widgets.parkingList.since')}
                </th>
              )}
              <SortHeader label={t('widgets.parkingList.today')} sortKey="share" sort={sort} firstDir="desc" onSort={onSort} />
            </tr>
          </thead>
          <tbody>
            {pageRows.map((r) => {
              const on = selected.has(r.id);
              return (
                <tr
                  key={r.id}
                  data-testid="parking-row"
                  data-selected={on || undefined}
                  aria-selected={on}
                  tabIndex={0}
                  onClick={() => setBinding('units', on && bindings.units.length === 1 ? [] : [r.id])}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') setBinding('units', [r.id]);
                  }}
                >
                  <td title={wide || !r.location ? r.name : `${r.name} · ${r.location}`}>
                    <span className={css.cellStack}>
                      <span className={css.strong}>{r.name}</span>
                      {!wide && r.location && <span className={css.sub}>{r.location}</span>}
                    </span>
                  </td>
                  {wide && <td title={r.location}>{r.location || <span className={css.muted}>—</span>}</td>}
                  <td>
                    <span className={own.state} data-state={r.state}>
                      {t(`widgets.parkingList.${r.state}`)}
                    </span>
                  </td>
                  {!compact && (
                    <td className={css.muted} data-testid="parking-since">
                      {sinceText(r.since)}
                    </td>
                  )}
                  <td>
                    <span className={own.share}>
                      <span className={own.shareText}>{pct(r.share)}</span>
                      {r.share !== null && (
                        <span className={own.shareTrack} aria-hidden="true">
                          <span style={{ width: `${Math.round(r.share * 100)}%` }} />
                        </span>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={own.foot}>
        {t('widgets.parkingList.hours', { from: PARKING_REPORT_DEFAULT_FROM, to: PARKING_REPORT_DEFAULT_TO })}
      </p>
      <MiniPager {...pager} onPage={pager.setPage} />
    </div>
  );
}
