/**
 * The chart kit's own texts: the i18next namespace "chart" (locales/<lang>/chart.json), added to
 * the page's i18next instance by the kit itself the first time one of its parts renders — so each
 * remote that bundles the kit brings the texts along, and a new text needs no shell deploy.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import bundle from '@fieldwatch/locales/chart';
import { addNamespace, type Granularity } from '@fieldwatch/shared';
import type { TFunction } from 'i18next';
import type Highcharts from './highcharts';
import type { CsvLabels } from './chart-csv';

export const CHART_NS = 'chart';

/** Adds the kit's namespace to `i18n` (nothing when it is there already). */
export function addChartTexts(i18n: I18n): void {
  addNamespace(i18n, CHART_NS, bundle);
}

/** useTranslation of the kit's namespace, after making sure it is there. */
export function useChartTranslation() {
  const { i18n } = useTranslation();
  addChartTexts(i18n);
  return useTranslation(CHART_NS);
}

export interface ChartLabels {
  /** The tooltip's band and the alarm limit lines of TelemetryChart. */
  chart: { min: string; max: string; limit: (level: number, side: 'low' | 'high') => string };
  /** The header of a chart's CSV. */
  csv: CsvLabels;
  /** "Hourly averages with min–max band" … */
  granularity: (g: Granularity) => string;
  resetZoom: string;
  updating: string;
}

/** The texts a chart view needs around TelemetryChart, in the user's language. */
export function useChartLabels(): ChartLabels {
  const { t } = useChartTranslation();
  return useMemo(
    () => ({
      chart: {
        min: t('min'),
        max: t('max'),
        limit: (level: number, side: 'low' | 'high') => t(side === 'high' ? 'limitHigh' : 'limitLow', { level }),
      },
      csv: { time: t('csvTime'), iso: t('csvIso'), min: t('min'), max: t('max') },
      granularity: (g: Granularity) => t(`granularity.${g}`),
      resetZoom: t('resetZoom'),
      updating: t('updating'),
    }),
    [t],
  );
}

/**
 * Text for Highcharts' formats: no markup, and no braces (Highcharts reads {…} as a field of its
 * format strings). Unit and channel names are the user's own.
 */
export function plainText(s: string): string {
  return s.replace(/[{}]/g, '').replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/**
 * The accessibility module's own texts a screen reader hears around our description, in the
 * user's language (per chart: Highcharts 12 reads chart.options.lang). Texts of its features the
 * kit does not use (exporting, range selector, legends, sonification) stay Highcharts' English.
 */
export function a11yLang(t: TFunction, title: string): Highcharts.LangAccessibilityOptions {
  return {
    defaultChartTitle: t('a11y.defaultTitle'),
    chartContainerLabel: plainText(t('a11y.containerLabel', { title })),
    svgContainerLabel: t('a11y.interactive'),
    graphicContainerLabel: '',
    credits: '',
    screenReaderSection: {
      beforeRegionLabel: '',
      afterRegionLabel: '',
      endOfChartMarker: t('a11y.end'),
    },
    zoom: { mapZoomIn: '', mapZoomOut: '', resetZoomButton: t('resetZoom') },
    series: { nullPointValue: t('a11y.noValue') } as Highcharts.LangAccessibilitySeriesOptions,
    chartTypes: { emptyChart: t('a11y.empty') } as Highcharts.LangAccessibilityChartTypesOptions,
  } as Highcharts.LangAccessibilityOptions;
}
