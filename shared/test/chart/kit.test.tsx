import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { TIME_RANGES_HOURS } from '../../src';
import { createStandaloneI18n } from '../../src/remote';
import { defaultTimeRange, parseTimeRange, resolveRange, useChartLabels, useChartTranslation } from '../../src/chart';

describe('chart time ranges', () => {
  test("the default range is the user's date interval (spec default 4: a week)", () => {
    expect(defaultTimeRange()).toEqual({ hours: TIME_RANGES_HOURS[4] });
    expect(defaultTimeRange(2)).toEqual({ hours: 24 });
    // An interval outside the table falls back to the default.
    expect(defaultTimeRange(99)).toEqual({ hours: TIME_RANGES_HOURS[4] });
  });

  test('a range from untrusted input is checked', () => {
    expect(parseTimeRange({ hours: 6 })).toEqual({ hours: 6 });
    expect(parseTimeRange({ hours: -1 })).toBeNull();
    expect(parseTimeRange({ hours: 'x' })).toBeNull();
    expect(parseTimeRange({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' })).toEqual({
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
    });
    expect(parseTimeRange({ from: 'yesterday', to: '2026-01-02T00:00:00Z' })).toBeNull();
    expect(parseTimeRange(null)).toBeNull();
  });

  test('presets end now, rounded up to the minute', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 30);
    expect(resolveRange({ hours: 1 }, now)).toEqual({ start: Date.UTC(2026, 0, 10, 11, 1), end: Date.UTC(2026, 0, 10, 12, 1) });
  });
});

describe('the kit brings its own texts', () => {
  const wrapper = (lng: string) => {
    // An instance without the "chart" namespace, as the shell's is before a chart renders.
    const i18n = createStandaloneI18n({ bundles: { common: { en: {}, de: {} } }, defaultNS: 'common', lng });
    const Wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    return { i18n, Wrapper };
  };

  test('the "chart" namespace is added on first use, in every language', () => {
    const { i18n, Wrapper } = wrapper('de');
    expect(i18n.hasResourceBundle('de', 'chart')).toBe(false);
    const { result } = renderHook(() => useChartTranslation().t('range.label'), { wrapper: Wrapper });
    expect(result.current).toBe('Zeitraum');
    expect(['en', 'da', 'de', 'sv'].every((l) => i18n.hasResourceBundle(l, 'chart'))).toBe(true);
  });

  test('labels around a chart', () => {
    const { Wrapper } = wrapper('en');
    const { result } = renderHook(() => useChartLabels(), { wrapper: Wrapper });
    expect(result.current.chart.limit(2, 'high')).toBe('High L2');
    expect(result.current.granularity('hour')).toBe('Hourly averages with min–max band');
    expect(result.current.csv).toEqual({ time: 'Time', iso: 'Time (ISO 8601, UTC)', min: 'min', max: 'max' });
  });
});
