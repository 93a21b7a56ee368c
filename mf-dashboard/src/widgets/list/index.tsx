/**
 * list: a configurable table of latest values — one row per unit (the units selected in the link
 * group, or every unit when none is), one column per chosen channel name (e.g. Temperature,
 * Battery), and when they were measured. The channels to show are chosen in the widget (saved in
 * its settings); by default the most common ones. 20 units a page: only the page's latest values
 * are asked for (one GetUnitsShowValue request), so 100,000 units stay cheap.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDateMs, toCsv, type Unit, UNITS_PER_PAGE, unitStatus } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { StatusDot } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { listPendingTexts, pendingState, WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { downloadCsv } from '../kit/csv-download';
import { CsvButton, FilterMenu, tableCss as css, MiniPager } from '../kit/table/TableControls';
import { isCompact } from '../kit/table/table-width';
import { usePage } from '../kit/table/sort-and-page';
import { idsKey, useWidgetQuery } from '../kit/data/widget-query';
import { fetchLatest, byUnit, type LatestValue } from '../kit/data/latest-values';
import { formatValue } from './value-format';
import own from './list.module.css';

export interface ListSettings {
  /** Channel names shown as columns; none: the most common ones of the page. */
  channels: string[];
}

const DEFAULT_COLUMNS = 3;

export default function ListWidget(props: WidgetProps<ListSettings>) {
  const { widget, units, unitsLoadedAt: loadedAt, bindings, refreshKey, updateSettings, size } = props;
  const { t, i18n } = useTranslation('dashboard');
  const tc = useTimeConfig();
  const { api } = useRemote();
  const compact = isCompact(size.width);

  const bySelection = bindings.units.length > 0;
  const shown = useMemo<Unit[]>(() => {
    if (!bySelection) return units;
    const byId = new Map(units.map((u) => [u.UnitID, u]));
    return bindings.units.map((id) => byId.get(id)).filter((u): u is Unit => u !== undefined);
  }, [units, bindings.units, bySelection]);
  const pager = usePage(shown.length, UNITS_PER_PAGE, bySelection ? idsKey(bindings.units) : 'all');
  const pageUnits = shown.slice(pager.from, pager.to);
  const pageIds = pageUnits.map((u) => u.UnitID);

  const latest = useWidgetQuery(['latest', idsKey(pageIds)], () => fetchLatest(api, pageIds), refreshKey);
  const rowsByUnit = useMemo(() => byUnit(latest.data ?? []), [latest.data]);

  const channelOptions = useMemo(() => {
    const counts = new Map<string, number>();
    for (const r of latest.data ?? []) counts.set(r.ChannelName, (counts.get(r.ChannelName) ?? 0) + 1);
    for (const c of widget.settings.channels ?? []) if (!counts.has(c)) counts.set(c, 0);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, count]) => ({ value: name, label: name, count }));
  }, [latest.data, widget.settings.channels]);
  const chosen = widget.settings.channels?.length
    ? widget.settings.channels
    : channelOptions.slice(0, DEFAULT_COLUMNS).map((o) => o.value);
  const columns = compact ? chosen.slice(0, 2) : chosen;

  const cell = (unitId: number, channel: string): LatestValue | undefined =>
    rowsByUnit.get(unitId)?.find((r) => r.ChannelName === channel);
  const newest = (unitId: number) => {
    let best = NaN;
    for (const r of rowsByUnit.get(unitId) ?? []) {
      const ms = apiDateMs(r.MeasureTime);
      if (!(ms <= best)) best = ms;
    }
    return best;
  };
  const text = (v: LatestValue | undefined) =>
    v ? `${formatValue(Number(v.Value), i18n.language)}${v.UnitOfMeasure ? ` ${v.UnitOfMeasure}` : ''}` : '';

  const exportCsv = () => {
    const header = [t('col.unit'), t('col.location'), ...chosen, t('widgets.list.measured')];
    const rows = pageUnits.map((u) => {
      const ms = newest(u.UnitID);
      return [u.UnitName, u.UnitLocation, ...chosen.map((c) => text(cell(u.UnitID, c))), Number.isFinite(ms) ? formatDateTime(ms, tc) : ''];
    });
    downloadCsv(t('widgets.list.csvName'), toCsv(header, rows));
  };

  if (units.length === 0 && loadedAt === null) return <WidgetState kind="loading" label={t('widgets.list.loading')} />;
  if (units.length === 0)
    return (
      <WidgetState kind="empty" title={t('noUnits.title')}>
        {t('noUnits.text')}
      </WidgetState>
    );
  if (shown.length === 0)
    return (
      <WidgetState kind="empty" title={t('widgets.list.noneSelected')}>
        {t('widgets.list.noneSelectedText')}
      </WidgetState>
    );
  if (latest.data === undefined) return pendingState(latest, listPendingTexts(t, 'list'));

  return (
    <div className={css.root} data-testid="value-list">
      <div className={css.toolbar}>
        <span className={css.muted}>
          {bySelection ? t('widgets.list.selected', { count: shown.length }) : t('widgets.list.all', { count: shown.length })}
        </span>
        <div className={css.toolbarEnd}>
          <FilterMenu
            label={t('widgets.list.channels')}
            options={channelOptions}
            chosen={widget.settings.channels ?? []}
            onChange={(v) => updateSettings({ channels: v })}
            emptyText={t('widgets.list.noChannels')}
            testId="choose-channels"
            align="end"
          />
          <CsvButton onClick={exportCsv} />
        </div>
      </div>
      {latest.status === 'error' && (
        <div className={css.stale} role="alert">
          <span>{t('widgets.lists.stale')}</span>
          <button type="button" className={css.linkButton} onClick={latest.reload}>
            {t('common:action.retry')}
          </button>
        </div>
      )}
      {/* A scroll box the keyboard can reach and scroll (axe: scrollable-region-focusable). */}
      <div className={css.scroll} tabIndex={0} role="region" aria-label={t('widgets.list.label')}>
        <table className={css.table} aria-label={t('widgets.list.label')}>
          <thead>
            <tr>
              <th scope="col" className={own.unitCol}>
                {t('col.unit')}
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className={css.end} title={c}>
                  {c}
                </th>
              ))}
              {!compact && (
                <th scope="col" className={own.timeCol}>
                  {t('widgets.list.measured')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {pageUnits.map((u) => {
              const ms = newest(u.UnitID);
              const status = unitStatus(u);
              return (
                <tr key={u.UnitID} data-testid="value-row" className={own.row}>
                  <td title={u.UnitName}>
                    <span className={own.unit}>
                      <StatusDot status={status} label={t(`common:status.${status}`)} />
                      <span className={css.cellStack}>
                        <span className={css.strong}>{u.UnitName}</span>
                        {u.UnitLocation && <span className={css.sub}>{u.UnitLocation}</span>}
                      </span>
                    </span>
                  </td>
                  {columns.map((c) => {
                    const v = cell(u.UnitID, c);
                    return (
                      <td key={c} className={css.end}>
                        {v ? <span className={own.value}>{text(v)}</span> : <span className={css.muted}>—</span>}
                      </td>
                    );
                  })}
                  {!compact && (
                    <td className={css.muted}>{Number.isFinite(ms) ? formatDateTime(ms, tc) : t('widgets.list.noData')}</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <MiniPager {...pager} onPage={pager.setPage} />
    </div>
  );
}
