/**
 * One chart of the usage statistics, drawn by Highcharts in the shared chart theme. Loaded lazily
 * (React.lazy in the page): Highcharts is in this chunk only, so the admin area's first load stays
 * lean and only this page fetches it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Highcharts, useChartTheme } from '@fieldwatch/shared/chart';
import type { ChartSpec } from './usage';
import css from './UsageStatistics.module.css';

export default function UsageChart({ spec, days }: { spec: ChartSpec; days: readonly string[] }) {
  const theme = useChartTheme();
  const ref = useRef<HTMLDivElement>(null);
  const options = useMemo<Highcharts.Options>(() => {
    const axisStyle = { color: theme.muted, fontSize: '11px' };
    const valueAxis = (opposite: boolean): Highcharts.YAxisOptions => ({
      title: { text: undefined },
      min: 0,
      allowDecimals: false,
      opposite,
      gridLineColor: opposite ? 'transparent' : theme.grid,
      labels: { style: axisStyle },
    });
    return {
      chart: { backgroundColor: 'transparent', style: { fontFamily: theme.font }, spacing: [8, 4, 4, 4], animation: false },
      title: { text: undefined },
      credits: { enabled: false },
      accessibility: { enabled: false },
      colors: theme.palette,
      xAxis: {
        categories: days.map((d) => d.slice(5)),
        lineColor: theme.border,
        tickColor: theme.border,
        labels: { style: axisStyle },
      },
      yAxis: spec.dualAxis ? [valueAxis(false), valueAxis(true)] : [valueAxis(false)],
      legend: { itemStyle: { color: theme.text, fontWeight: '500' }, itemHoverStyle: { color: theme.accent } },
      tooltip: {
        shared: true,
        backgroundColor: theme.surface2,
        borderColor: theme.border,
        style: { color: theme.text },
      },
      plotOptions: {
        series: { animation: false },
        column: { borderWidth: 0, borderRadius: 2, stacking: spec.stacked ? 'normal' : undefined, groupPadding: 0.1 },
        line: { marker: { radius: 3 } },
      },
      series: spec.series.map((x) => ({
        type: x.type,
        name: x.name,
        data: [...x.data],
        yAxis: spec.dualAxis ? (x.yAxis ?? 0) : 0,
      })) as Highcharts.SeriesOptionsType[],
    };
  }, [spec, days, theme]);

  useEffect(() => {
    if (!ref.current) return;
    const chart = Highcharts.chart(ref.current, options);
    // Without its accessibility module Highcharts makes the chart an image named by the chart's
    // title, which is the card's here (none in the chart): name it, or it is an image without a name.
    ref.current.setAttribute('aria-label', spec.title);
    return () => chart.destroy();
  }, [options, spec.title]);

  return <div ref={ref} className={css.plot} data-testid={`usage-chart-${spec.id}`} />;
}
