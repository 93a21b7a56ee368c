/**
 * The small UI kit every app uses, so the product looks like one product. Components take their
 * text as props: the caller translates.
 */
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { STATUS_COLOR_VAR, type UnitStatus } from '../domain/status';
import css from './ui.module.css';

const cx = (...names: Array<string | false | undefined | null>) => names.filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
}
export function Button({ variant = 'default', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        css.button,
        variant === 'primary' && css.primary,
        variant === 'ghost' && css.ghost,
        variant === 'danger' && css.danger,
        size === 'small' && css.small,
        className,
      )}
      {...rest}
    />
  );
}

export function Card(props: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; bodyClassName?: string; 'data-testid'?: string }) {
  return (
    <section className={cx(css.card, props.className)} data-testid={props['data-testid']}>
      {(props.title || props.actions) && (
        <header className={css.cardHeader}>
          {props.title && <h2 className={css.cardTitle}>{props.title}</h2>}
          {props.actions}
        </header>
      )}
      <div className={cx(css.cardBody, props.bodyClassName)}>{props.children}</div>
    </section>
  );
}

export function PageHeader(props: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={css.pageHeader}>
      <div>
        <h1 className={css.pageTitle}>{props.title}</h1>
        {props.subtitle && <p className={css.pageSubtitle}>{props.subtitle}</p>}
      </div>
      {props.actions}
    </div>
  );
}

export function StatusDot({ status }: { status: UnitStatus }) {
  return <span className={css.dot} style={{ background: STATUS_COLOR_VAR[status] }} aria-hidden="true" />;
}

export function StatusBadge({ status, label }: { status: UnitStatus; label: string }) {
  return (
    <span className={css.status} data-status={status}>
      <StatusDot status={status} />
      {label}
    </span>
  );
}

export function Badge({ children }: { children: ReactNode }) {
  return <span className={css.badge}>{children}</span>;
}

export function Spinner({ label }: { label: string }) {
  return <span className={css.spinner} role="progressbar" aria-label={label} />;
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div className={css.state} aria-busy="true">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={css.state}>
      <span className={css.stateTitle}>{title}</span>
      {children}
    </div>
  );
}

export function ErrorState(props: { title: string; message?: string; retryLabel?: string; onRetry?: () => void }) {
  return (
    <div className={css.state} role="alert">
      <span className={cx(css.stateTitle, css.errorTitle)}>{props.title}</span>
      {props.message && <span>{props.message}</span>}
      {props.onRetry && (
        <Button onClick={props.onRetry} size="small">
          {props.retryLabel}
        </Button>
      )}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}
export function TextField({ label, error, id, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={css.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-err` : undefined}
        {...rest}
      />
      {error && (
        <span id={`${inputId}-err`} className={css.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}

export function Table({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className={css.tableWrap}>
      <table className={css.table} aria-label={label}>
        {children}
      </table>
    </div>
  );
}

export function Pager(props: {
  page: number;
  pageCount: number;
  summary: string;
  previousLabel: string;
  nextLabel: string;
  onPage: (page: number) => void;
}) {
  return (
    <nav className={css.pager} aria-label={props.summary}>
      <span>{props.summary}</span>
      <span className={css.pagerButtons}>
        <Button size="small" disabled={props.page <= 0} onClick={() => props.onPage(props.page - 1)}>
          {props.previousLabel}
        </Button>
        <Button size="small" disabled={props.page >= props.pageCount - 1} onClick={() => props.onPage(props.page + 1)}>
          {props.nextLabel}
        </Button>
      </span>
    </nav>
  );
}

export { cx };
