/**
 * Radar scans of level sensors and waste bins: the dates a unit scanned (xrequest GetRadarDates,
 * newest first), one scan (GET …/legacy/devices/{id}/radar/{channel}?timestamp=), and the chart of
 * a scan — an area over its distance bins, in percent.
 */
import { useMemo } from 'react';
import HighchartsReact from 'highcharts-react-official';
import { apiDateMs, ENDPOINTS, pathFor, type AnswerOf, type ApiClient, type RadarScan } from '@fieldwatch/shared';
import Highcharts from './highcharts';
import type { ChartTheme } from './theme';
import { a11yLang, plainText, useChartTranslation } from './texts';
import { ChartDataTable } from './ChartDataTable';
import css from './chart.module.css';

/** A row of xrequest GetRadarDates. RadarDate is an API date (UTC, "YYYY-MM-DD HH:mm:ss"). */
export interface RadarDate {
  UnitID: number;
  ChannelID: number;
  RadarDate: string;
}

/** The dates a unit scanned, newest first; a failure throws. */
export async function fetchRadarDates(api: ApiClient, unitId: number): Promise<RadarDate[]> {
  return api.legacy<RadarDate>('GetRadarDates', { UnitID: unitId });
}

/** The scan of `date`; a failure throws. */
export async function fetchRadarScan(api: ApiClient, unitId: number, date: RadarDate): Promise<RadarScan | null> {
  const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.radar>>(
    pathFor(ENDPOINTS.radar, { id: unitId, channel: date.ChannelID }),
    { timestamp: new Date(apiDateMs(date.RadarDate)).toISOString() },
  );
  if (failed) throw new Error('radar scan request failed');
  return data ?? null;
}

/**
 * One radar scan as an area over its distance bins (1…n), 0–100 %. Accessible like TelemetryChart:
 * described and walkable by keyboard; with asTable a table of bin and percent in its place.
 */
export function RadarChart({
  scan,
  theme,
  height,
  formatValue,
  title: titleProp,
  asTable = false,
}: {
  scan: RadarScan;
  theme: ChartTheme;
  height: number;
  formatValue: (n: number) => string;
  /** What the scan is ("Radar scan of 12 May 10:00"): the name screen readers hear and the table's caption. */
  title?: string;
  asTable?: boolean;
}) {
  const { t } = useChartTranslation();
  const title = titleProp || t('radar.title');
  const options = useMemo((): Highcharts.Options => {
    const axis = { color: theme.muted, fontSize: '11px' };
    const bin = t('radar.bin');
    return {
      accessibility: {
        enabled: true,
        description: plainText(t('a11y.radarSummary', { count: scan.data.length })),
        landmarkVerbosity: 'one',
        keyboardNavigation: { enabled: true },
        screenReaderSection: { beforeChartFormat: `<p>${plainText(title)}</p><p>{chartLongdesc}</p>`, afterChartFormat: '{endOfChartMarker}' },
        series: { descriptionFormatter: (s: Highcharts.Series) => plainText(t('a11y.series', { name: s.name, count: s.points.length, unit: '%' })) },
        point: {
          descriptionFormatter: (p: Highcharts.Point) => plainText(t('a11y.radarPoint', { bin: String(p.x), value: formatValue(Number(p.y)) })),
        },
      },
      lang: { accessibility: a11yLang(t, title) },
      credits: { enabled: false },
      title: { text: undefined },
      legend: { enabled: false },
      chart: { backgroundColor: 'transparent', height: Math.max(80, Math.round(height)), animation: false, style: { fontFamily: theme.font } },
      xAxis: {
        title: { text: bin, style: axis },
        labels: { style: axis },
        lineColor: theme.border,
        tickColor: theme.border,
        allowDecimals: false,
      },
      yAxis: {
        title: { text: '%', style: axis },
        labels: { style: axis },
        gridLineColor: theme.grid,
        min: 0,
        softMax: 100,
      },
      tooltip: {
        backgroundColor: theme.surface2,
        borderColor: theme.border,
        style: { color: theme.text },
        formatter(this: Highcharts.Point) {
          return `${bin} ${String(this.x)}: <b>${formatValue(Number(this.y))} %</b>`;
        },
      },
      plotOptions: { series: { animation: false } },
      series: [
        {
          type: 'areaspline',
          name: t('radar.title'),
          data: scan.data.map((v, i) => [i + 1, v]),
          color: theme.palette[0],
          fillOpacity: 0.25,
          lineWidth: 1.5,
          marker: { enabled: false },
        },
      ],
    };
  }, [scan, theme, height, t, formatValue, title]);
  if (asTable)
    return (
      <ChartDataTable
        caption={title}
        head={[t('radar.bin'), t('radar.percent')]}
        rows={scan.data.map((v, i) => [String(i + 1), formatValue(v)])}
        height={Math.max(80, Math.round(height))}
      />
    );
  return (
    <div className={css.plot} data-testid="radar-plot">
      <HighchartsReact highcharts={Highcharts} options={options} updateArgs={[true, true, false]} />
    </div>
  );
}
