/**
 * WidgetState: the loading, empty and error states inside a widget's body — compact, centred, in
 * the widget's own space (a dashboard shows many at once, so no page-sized placeholders).
 */
import type { ReactElement, ReactNode } from 'react';
import { Button, Spinner } from '@fieldwatch/shared/ui';
import type { DataState } from './data/widget-query';
import css from './WidgetState.module.css';

export type WidgetStateProps =
  | { kind: 'loading'; label: string }
  | { kind: 'empty'; title: string; children?: ReactNode }
  | { kind: 'error'; title: string; message?: string; retryLabel: string; onRetry: () => void };

export function WidgetState(props: WidgetStateProps) {
  if (props.kind === 'loading')
    return (
      <div className={css.state} data-state="loading">
        <Spinner label={props.label} />
      </div>
    );
  if (props.kind === 'empty')
    return (
      <div className={css.state} data-state="empty">
        <p className={css.title}>{props.title}</p>
        {props.children && <div className={css.text}>{props.children}</div>}
      </div>
    );
  return (
    <div className={css.state} data-state="error" role="alert">
      <p className={css.title}>{props.title}</p>
      {props.message && <p className={css.text}>{props.message}</p>}
      <Button size="small" onClick={props.onRetry}>
        {props.retryLabel}
      </Button>
    </div>
  );
}

/**
 * A widget before its first answer: loading with the widget's label, or — once the call failed —
 * the error with Retry.
 */
export function pendingState(
  load: Pick<DataState<unknown>, 'status' | 'reload'>,
  texts: { loading: string; errorTitle: string; errorText: string; retry: string },
): ReactElement {
  if (load.status === 'error')
    return (
      <WidgetState kind="error" title={texts.errorTitle} message={texts.errorText} retryLabel={texts.retry} onRetry={load.reload} />
    );
  return <WidgetState kind="loading" label={texts.loading} />;
}

/** The pending texts of a list widget: its own `widgets.<key>.loading` and `.error`, the lists' shared error text. */
export function listPendingTexts(t: (key: string) => string, key: string) {
  return {
    loading: t(`widgets.${key}.loading`),
    errorTitle: t(`widgets.${key}.error`),
    errorText: t('widgets.lists.errorText'),
    retry: t('common:action.retry'),
  };
}
