/**
 * The HTML legend under a chart: one entry per unit × channel series (colour, name, unit of
 * measure, latest value); a click hides or shows the series.
 */
import type { ChartSeriesView } from './TelemetryChart';
import { useChartTranslation } from './texts';
import css from './chart.module.css';

export interface LegendEntry extends ChartSeriesView {
  hidden: boolean;
  empty: boolean;
  failed: boolean;
}

export function SeriesLegend({
  entries,
  onToggle,
  formatValue,
}: {
  entries: readonly LegendEntry[];
  onToggle: (key: string) => void;
  formatValue: (n: number) => string;
}) {
  const { t } = useChartTranslation();
  return (
    <ul className={css.legend} aria-label={t('legend')}>
      {entries.map((e) => {
        const last = e.points.at(-1);
        const note = e.failed ? t('seriesFailed') : e.empty ? t('seriesEmpty') : null;
        return (
          <li key={e.key} data-testid="chart-series" data-hidden={e.hidden || undefined}>
            <button
              type="button"
              className={css.legendItem}
              aria-pressed={!e.hidden}
              onClick={() => onToggle(e.key)}
              title={e.hidden ? t('show') : t('hide')}
            >
              <span className={css.swatch} style={{ background: e.color }} aria-hidden="true" />
              <span className={css.legendName}>{e.label}</span>
              {note ? (
                <span className={css.legendNote}>{note}</span>
              ) : (
                last && (
                  <span className={css.legendValue}>
                    {formatValue(last.value)}
                    {e.unitOfMeasure ? ` ${e.unitOfMeasure}` : ''}
                  </span>
                )
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
