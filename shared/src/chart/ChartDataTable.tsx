/**
 * The data table alternative of a chart (WCAG 1.1.1 / 1.4.1, issue 23): what the chart shows as an
 * HTML table with a caption and column and row headers, in a scroll box of the chart's height that
 * a keyboard can scroll. The views put ChartTableToggle beside their chart and draw the table in
 * its place while it is on.
 */
import { useMemo } from 'react';
import type { Granularity } from '@fieldwatch/shared';
import { formatDateTime, type TimeConfig } from '@fieldwatch/shared/remote';
import { Button } from '@fieldwatch/shared/ui';
import { chartRows } from './chart-csv';
import type { ChartSeriesView } from './TelemetryChart';
import { useChartTranslation } from './texts';
import css from './chart.module.css';

/** "Show data as table" / "Show chart": switches a chart to its table and back. */
export function ChartTableToggle({ asTable, onToggle, disabled }: { asTable: boolean; onToggle: () => void; disabled?: boolean }) {
  const { t } = useChartTranslation();
  return (
    <Button size="small" variant="ghost" onClick={onToggle} disabled={disabled} data-testid="chart-table-toggle">
      {asTable ? t('table.hide') : t('table.show')}
    </Button>
  );
}

/** A table of a chart's data: `head` the column headers, each row's first cell its row header. */
export function ChartDataTable({
  caption,
  head,
  rows,
  height,
  note,
}: {
  caption: string;
  head: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
  /** The box's height (the chart's): the table scrolls inside it. */
  height?: number;
  /** A line under the caption (e.g. "No data"). */
  note?: string;
}) {
  return (
    // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <div className={css.tableBox} style={height ? { height } : undefined} tabIndex={0} role="region" aria-label={caption} data-testid="chart-table">
      <table className={css.dataTable}>
        <caption className={css.tableCaption}>
          {caption}
          {note && (
            <>
              {' '}
              <span className={css.tableNote}>{note}</span>
            </>
          )}
        </caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={j}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table of a TelemetryChart's series over `span` (the zoom, else the whole range). */
export function TelemetryTable({
  caption,
  series,
  granularity,
  span,
  tc,
  formatValue,
  height,
}: {
  caption: string;
  series: readonly ChartSeriesView[];
  granularity: Granularity;
  span: { start: number; end: number };
  tc: TimeConfig;
  formatValue: (n: number) => string;
  height?: number;
}) {
  const { t } = useChartTranslation();
  const { head, rows } = useMemo(() => {
    const { band, rows: data } = chartRows(series, granularity, span);
    const h = [t('csvTime')];
    for (const s of series) {
      const name = s.unitOfMeasure ? `${s.label} (${s.unitOfMeasure})` : s.label;
      h.push(band ? t('table.mean', { name }) : name);
      if (band) h.push(`${name} ${t('min')}`, `${name} ${t('max')}`);
    }
    const cell = (v: unknown) => (typeof v === 'number' ? formatValue(v) : '—');
    return { head: h, rows: data.map(([ms, row]) => [formatDateTime(ms, tc), ...row.map(cell)]) };
  }, [series, granularity, span.start, span.end, tc, formatValue, t]); // eslint-disable-line react-hooks/exhaustive-deps
  // The granularity under the caption (the views' corner note is not drawn over a table).
  const note = [t(`granularity.${granularity}`), rows.length === 0 ? t('table.empty') : ''].filter(Boolean).join(' · ');
  return <ChartDataTable caption={caption} head={head} rows={rows} height={height} note={note} />;
}
