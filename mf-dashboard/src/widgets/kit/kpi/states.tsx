/**
 * The states every latest-value KPI widget (temperature, water level, air quality, indoor
 * climate) passes through before it has something to show, with its own texts under
 * `widgets.<key>.`: no units of its kind, the call failed (shared KPI texts), loading, and no
 * readings among its units.
 */
import type { ReactElement } from 'react';
import { pendingState, WidgetState } from '../WidgetState';
import type { DataState } from '../data/widget-query';
import type { LatestOf } from './useLatest';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A KPI widget before its first answer: the failed call with Retry (shared KPI texts) once it
 * failed, otherwise loading with the widget's own label (`widgets.<key>.loading`).
 */
export function kpiPending(t: Translate, key: string, load: Pick<DataState<unknown>, 'status' | 'reload'>): ReactElement {
  return pendingState(load, {
    loading: t(`widgets.${key}.loading`),
    errorTitle: t('widgets.kpi.error.title'),
    errorText: t('widgets.kpi.error.text'),
    retry: t('common:action.retry'),
  });
}

/** The state to show, or null once there are readings (`readings` is null until they are counted). */
export function latestState(t: Translate, key: string, latest: LatestOf, readings: number | null): ReactElement | null {
  if (latest.units.length === 0)
    return (
      <WidgetState kind="empty" title={t(`widgets.${key}.noUnits.title`)}>
        {t(`widgets.${key}.noUnits.text`)}
      </WidgetState>
    );
  if (readings === null) return kpiPending(t, key, latest.load);
  if (readings === 0)
    return (
      <WidgetState kind="empty" title={t(`widgets.${key}.noData.title`)}>
        {t(`widgets.${key}.noData.text`, { count: latest.units.length })}
      </WidgetState>
    );
  return null;
}
