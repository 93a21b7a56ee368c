/**
 * What every tab of a unit's page shares: the query keys of the parts of a unit's data they read
 * (all under queryKeys.unit(id), the page's prefix), a write call that reports its HTTP status,
 * reading a number typed in a field, and the one status block of a write — saving, saved, failed
 * (with what to do), changed elsewhere (with Reload), or a problem found before sending — shown by
 * the rows saved on their own (alarm levels, ports) and by the settings forms' save bar.
 */
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { type ApiClient, errorMessage, queryKeys, unwrap } from '@fieldwatch/shared';
import { Button, Spinner } from '@fieldwatch/shared/ui';
import css from './tab-kit.module.css';

/** Query keys of a unit's data; everything of a unit sits under ['unit', id]. */
export const unitKeys = {
  /** The page's own (details: the header's status and alarms). */
  details: (unitId: number) => queryKeys.unitPart(unitId, 'details'),
  /** The settings document, shared with every settings tab. */
  settings: (unitId: number) => queryKeys.unitPart(unitId, 'settings'),
  limits: (unitId: number, channel: number) => queryKeys.unitPart(unitId, 'limits', channel),
  channels: (unitId: number) => queryKeys.unitPart(unitId, 'channels'),
  nfcTag: (unitId: number) => queryKeys.unitPart(unitId, 'nfcTag'),
  log: (unitId: number, query?: Record<string, unknown>) => queryKeys.unitPart(unitId, 'log', query),
};

export type WriteResult<T> = { ok: true; data: T } | { ok: false; status?: number; message: string };

/** A write through the API client's axios instance: the answer unwrapped, or the status and the server's message. */
export async function write<T>(
  api: ApiClient,
  method: 'PUT' | 'POST',
  url: string,
  data: unknown,
): Promise<WriteResult<T>> {
  try {
    const res = await api.http.request({ method, url, data });
    return { ok: true, data: unwrap<T>(res.data) };
  } catch (err) {
    return {
      ok: false,
      status: isAxiosError(err) ? err.response?.status : undefined,
      message: errorMessage(err),
    };
  }
}

export type WriteState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; message: string }
  | { kind: 'conflict' }
  | { kind: 'error'; message: string };

/**
 * The inline state of a write: saving, done, failed (with what to do) or changed elsewhere (with
 * Reload). `problem`: what is wrong with the input, found before sending; shown instead.
 */
export function WriteStatus({
  state,
  problem,
  onReload,
  testId,
}: {
  state: WriteState;
  problem?: string;
  onReload?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('devices');
  if (problem)
    return (
      <span className={css.status} data-tone="danger" role="alert">
        {problem}
      </span>
    );
  if (state.kind === 'idle') return null;
  if (state.kind === 'saving')
    return (
      <span className={css.status} data-testid={testId}>
        <Spinner label={t('unitTabs.common.saving')} />
        {t('unitTabs.common.saving')}
      </span>
    );
  if (state.kind === 'saved')
    return (
      <span className={css.status} data-tone="success" role="status" data-testid={testId}>
        {state.message}
      </span>
    );
  if (state.kind === 'conflict')
    return (
      <span className={css.status} data-tone="danger" role="alert" data-testid={testId}>
        {t('unitTabs.common.conflict')}
        {onReload && (
          <Button size="small" onClick={onReload}>
            {t('unitTabs.common.reload')}
          </Button>
        )}
      </span>
    );
  return (
    <span className={css.status} data-tone="danger" role="alert" data-testid={testId}>
      {state.message}
    </span>
  );
}

/** A number typed in a field: '' is null (no value), anything else must be a finite number. */
export function parseNumber(text: string): { ok: true; value: number | null } | { ok: false } {
  const s = text.trim().replace(',', '.');
  if (s === '') return { ok: true, value: null };
  const n = Number(s);
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
}
