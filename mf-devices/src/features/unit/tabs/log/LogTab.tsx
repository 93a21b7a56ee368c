/**
 * A unit's log scan: the messages of the unit — received measurements, commands sent to it (with
 * their state: queued, sent, acknowledged, failed, timed out) and its alarms (active or cleared) —
 * newest first, within a time range, of the chosen kinds, containing a search text. The filter
 * lives in the URL (log-filter.ts); Refresh asks again up to now, and a pushed change of one of
 * the unit's commands asks again by itself.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ENDPOINTS,
  pathFor,
  renderLocalText,
  UNIT_LOG_KINDS,
  type UnitActionRecord,
  type UnitLogEntry,
  type UnitLogKind,
} from '@fieldwatch/shared';
import { formatDate, formatTime, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import {
  Card,
  Chip,
  EmptyState,
  LoadView,
  RefreshButton,
  SearchField,
  Segmented,
  Table,
  type Tone,
  Toolbar,
} from '@fieldwatch/shared/ui';
import type { UnitTabProps } from '../types';
import { unitKeys } from '../../settings/tab-kit';
import {
  allKinds,
  LOG_LIMIT,
  LOG_RANGES,
  LOG_SEARCH_MAX,
  type LogFilter,
  type LogRange,
  parseLogFilter,
  rangeProblem,
  toLogQuery,
  writeLogFilter,
} from './log-filter';
import chips from '../../../devices/filter-chips.module.css';
import css from './LogTab.module.css';

/** How long typing pauses before the search asks. */
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_TONE: Record<string, Tone> = {
  queued: 'info',
  sent: 'info',
  acknowledged: 'success',
  failed: 'danger',
  timedOut: 'warning',
  active: 'danger',
  cleared: 'muted',
};
const KIND_TONE: Record<UnitLogKind, Tone> = { measurement: 'neutral', command: 'info', alarm: 'orange' };

export function LogTab({ unitId }: UnitTabProps) {
  const { t } = useTranslation('devices');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const time = useTimeConfig();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseLogFilter(params), [params]);
  const update = (patch: Partial<LogFilter>) =>
    setParams((p) => writeLogFilter(p, { ...parseLogFilter(p), ...patch }), { replace: true });

  // The search field answers each key stroke; the URL (and the call) follow after a pause.
  const [search, setSearch] = useState(filter.q);
  useEffect(() => {
    if (search.trim() === filter.q.trim()) return;
    const timer = setTimeout(() => update({ q: search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // A command of this unit moved on (pushed by the server): its line shows the new state.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onCommand = (c: UnitActionRecord) => {
      if (c.unitId !== unitId) return;
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: unitKeys.log(unitId) }), 300);
    };
    bus.on('unit:command', onCommand);
    return () => {
      clearTimeout(timer);
      bus.off('unit:command', onCommand);
    };
  }, [bus, queryClient, unitId]);

  const problem = rangeProblem(filter);
  // The key names the filter, not the clock: "the last hour" is computed when the call is made.
  const key = {
    range: filter.range,
    from: filter.from,
    to: filter.to,
    kinds: filter.kinds.join(','),
    q: filter.q.trim(),
  };
  const load = useApiQuery(unitKeys.log(unitId, key), () =>
    problem
      ? Promise.resolve([[] as UnitLogEntry[], false] as [UnitLogEntry[], false])
      : api.get<UnitLogEntry[]>(pathFor(ENDPOINTS.unitLog, { id: unitId }), {
          ...toLogQuery(filter, Date.now()),
        }),
  );

  const toggleKind = (k: UnitLogKind) => {
    const on = allKinds(filter.kinds) ? [] : filter.kinds;
    const next = on.includes(k) ? on.filter((x) => x !== k) : [...on, k];
    update({ kinds: next });
  };

  return (
    <div className={css.tab} data-testid="log-tab">
      <Card
        title={t('unitTabs.log.title')}
        flush
        actions={<RefreshButton load={load} label={t('common:action.refresh')} />}
      >
        <Toolbar justify="start">
          <Segmented<LogRange>
            label={t('unitTabs.log.range')}
            mode="toggle"
            value={filter.range}
            segments={LOG_RANGES.map((r) => ({ value: r, label: t(`unitTabs.log.ranges.${r}`) }))}
            onChange={(range) => update({ range })}
          />
          <div className={chips.chips} role="group" aria-label={t('unitTabs.log.kindsLabel')}>
            {UNIT_LOG_KINDS.map((k) => (
              <button
                key={k}
                type="button"
                className={chips.chip}
                aria-pressed={!allKinds(filter.kinds) && filter.kinds.includes(k)}
                onClick={() => toggleKind(k)}
              >
                {t(`unitTabs.log.kinds.${k}`)}
              </button>
            ))}
          </div>
          <SearchField
            label={t('unitTabs.log.search')}
            placeholder={t('unitTabs.log.searchPlaceholder')}
            className={css.search}
            value={search}
            maxLength={LOG_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Toolbar>
        {filter.range === 'custom' && (
          <div className={css.custom}>
            <label className={css.dateField}>
              <span>{t('unitTabs.log.from')}</span>
              <input
                type="datetime-local"
                className={css.date}
                value={filter.from}
                aria-invalid={problem === 'unitTabs.log.fromRequired' || undefined}
                onChange={(e) => update({ from: e.target.value })}
              />
            </label>
            <label className={css.dateField}>
              <span>{t('unitTabs.log.to')}</span>
              <input
                type="datetime-local"
                className={css.date}
                value={filter.to}
                aria-invalid={(problem !== null && problem !== 'unitTabs.log.fromRequired') || undefined}
                onChange={(e) => update({ to: e.target.value })}
              />
            </label>
            <span className={css.help}>{t('unitTabs.log.customHelp')}</span>
          </div>
        )}
        {problem ? (
          <p className={css.problem} role="alert">
            {t(problem)}
          </p>
        ) : (
          <LoadView
            load={load}
            labels={{
              loading: t('unitTabs.log.loading'),
              errorTitle: t('unitTabs.log.error.title'),
              errorText: t('unitTabs.log.error.text'),
              retry: t('common:action.retry'),
              stale: t('unitTabs.log.error.stale'),
            }}
            bare
          >
            {(lines) =>
              lines.length === 0 ? (
                <EmptyState title={t('unitTabs.log.empty')}>
                  <span className={css.help}>{t('unitTabs.log.emptyText')}</span>
                </EmptyState>
              ) : (
                <>
                  <div className={css.stack}>
                    <Table label={t('unitTabs.log.title')} stacked>
                      <thead>
                        <tr>
                          <th scope="col">{t('unitTabs.log.time')}</th>
                          <th scope="col">{t('unitTabs.log.kind')}</th>
                          <th scope="col">{t('unitTabs.log.text')}</th>
                          <th scope="col">{t('unitTabs.log.state')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {newestFirst(lines).map((line, i) => (
                          <tr key={`${line.ts}-${i}`} data-testid="log-line" data-kind={line.kind}>
                            <td data-label={t('unitTabs.log.time')} className={css.time}>
                              <time dateTime={line.ts}>
                                {formatDate(line.ts, time)} {formatTime(line.ts, time, true)}
                              </time>
                            </td>
                            <td data-label={t('unitTabs.log.kind')}>
                              <Chip tone={KIND_TONE[line.kind] ?? 'neutral'}>
                                {t(`unitTabs.log.lineKinds.${line.kind}`, { defaultValue: line.kind })}
                              </Chip>
                            </td>
                            <td data-label={t('unitTabs.log.text')} className={css.text}>
                              {renderLocalText(line.textLocal, line.text, t)}
                            </td>
                            <td data-label={t('unitTabs.log.state')}>
                              {line.status ? (
                                <Chip tone={STATUS_TONE[line.status] ?? 'neutral'}>
                                  {t(`unitTabs.log.status.${line.status}`, { defaultValue: line.status })}
                                </Chip>
                              ) : (
                                <span className={css.help}>—</span>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  </div>
                  <p className={css.footer} data-testid="log-count">
                    {lines.length >= LOG_LIMIT
                      ? t('unitTabs.log.capped', { count: LOG_LIMIT })
                      : t('unitTabs.log.count', { count: lines.length })}
                  </p>
                </>
              )
            }
          </LoadView>
        )}
      </Card>
    </div>
  );
}

/** Newest first, whatever order the answer came in. */
function newestFirst(lines: readonly UnitLogEntry[]): UnitLogEntry[] {
  return [...lines].sort((a, b) => Date.parse(b.ts) - Date.parse(a.ts));
}
