/**
 * WidgetState: the loading, empty and error states inside a widget's body — compact, centred, in
 * the widget's own space (a dashboard shows many at once, so no page-sized placeholders).
 */
import type { ReactNode } from 'react';
import { Button, Spinner } from '@fieldwatch/shared/ui';
import css from './state.module.css';

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
