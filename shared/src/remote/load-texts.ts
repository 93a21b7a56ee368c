/** The texts around loaded data: "Updated 12:34:56" subtitles, LoadView labels, pager texts. */
import { useEffect, useState } from 'react';
import type { LoadViewLabels } from '@fieldwatch/shared/ui';
import { formatTime, useTimeConfig } from './time';
import type { LoadState } from './query';

type Loaded = Pick<LoadState<unknown>, 'status' | 'data' | 'updatedAt'>;

/** When the data of `load` last arrived (ms since the epoch), for "Updated 12:34:56"; null until then. */
export function useLoadedAt(load: Loaded): number | null {
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  useEffect(() => {
    if (load.status === 'ready') setLoadedAt(Date.now());
  }, [load.status, load.data]);
  // A cached answer knows when it arrived; a plain loader is timed as it turns ready.
  return load.updatedAt ?? loadedAt;
}

/** A translate function (react-i18next's t) as the helpers below call it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A loading page's subtitle from a namespace's usual keys: common:state.loading while it loads,
 * then "<prefix>subtitle · <prefix>updatedAt" with the time of day (HH:mm:ss) of the last load.
 */
export function useLoadSubtitle(load: Loaded, t: Translate, prefix = ''): string {
  const loadedAt = useLoadedAt(load);
  const timeConfig = useTimeConfig();
  if (load.status === 'loading') return t('common:state.loading');
  if (!loadedAt) return t(`${prefix}subtitle`);
  return `${t(`${prefix}subtitle`)} · ${t(`${prefix}updatedAt`, { time: formatTime(loadedAt, timeConfig, true) })}`;
}

/**
 * A LoadView's texts at a namespace's usual keys: `<prefix>loading`, `<prefix>error.title`,
 * `<prefix>error.text` and, unless stale is false, `<prefix>error.stale`; Retry is common:action.retry.
 */
export function loadViewLabels(t: Translate, prefix = '', { stale = true } = {}): LoadViewLabels {
  return {
    loading: t(`${prefix}loading`),
    errorTitle: t(`${prefix}error.title`),
    errorText: t(`${prefix}error.text`),
    retry: t('common:action.retry'),
    ...(stale ? { stale: t(`${prefix}error.stale`) } : {}),
  };
}

/** A Pager's props but onPage: where it is, and the texts ("1–20 of 45", Previous, Next). */
export function pagerProps(t: Translate, at: { page: number; pageCount: number; from: number; to: number; total: number }) {
  return {
    page: at.page,
    pageCount: at.pageCount,
    summary: t('common:pager.summary', { from: at.from, to: at.to, total: at.total }),
    previousLabel: t('common:action.previous'),
    nextLabel: t('common:action.next'),
  };
}
