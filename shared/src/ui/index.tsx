/**
 * The small UI kit every app uses, so the product looks like one product. Components take their
 * text as props: the caller translates.
 */
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { STATUS_COLOR_VAR, type UnitStatus } from '../domain/status';
import { Icon } from './Icon';
import css from './ui.module.css';

export { Icon, type IconName, type IconProps } from './Icon';
import { Modal } from './Modal';
import modalCss from './Modal.module.css';
export { Menu, type MenuItem, Modal } from './Modal';

const cx = (...names: Array<string | false | undefined | null>) => names.filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
}
/** The classes of a Button, for a link that looks like one: <Link className={buttonClassName()}>. */
export function buttonClassName({ variant = 'default', size = 'normal' }: Pick<ButtonProps, 'variant' | 'size'> = {}) {
  return cx(
    css.button,
    variant === 'primary' && css.primary,
    variant === 'ghost' && css.ghost,
    variant === 'danger' && css.danger,
    size === 'small' && css.small,
  );
}

export function Button({ variant = 'default', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonClassName({ variant, size }), className)} {...rest} />;
}

export function Card(props: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** No padding around the body: for a toolbar, a table or a list that reach the card's edges. */
  flush?: boolean;
  'data-testid'?: string;
}) {
  return (
    <section className={cx(css.card, props.className)} data-testid={props['data-testid']}>
      {(props.title || props.actions) && (
        <header className={css.cardHeader}>
          {props.title && <h2 className={css.cardTitle}>{props.title}</h2>}
          {props.actions}
        </header>
      )}
      <div className={cx(css.cardBody, props.flush && css.flush, props.bodyClassName)}>{props.children}</div>
    </section>
  );
}

/** badge: shown after the title (a count); given, even as null, the title sits in a row with it. */
export function PageHeader(props: { title: ReactNode; badge?: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={css.pageHeader}>
      <div>
        <h1 className={css.pageTitle}>
          {props.badge === undefined ? (
            props.title
          ) : (
            <span className={css.pageTitleRow}>
              {props.title}
              {props.badge}
            </span>
          )}
        </h1>
        {props.subtitle && <p className={css.pageSubtitle}>{props.subtitle}</p>}
      </div>
      {props.actions}
    </div>
  );
}

/**
 * A shape of its own per status besides its colour (WCAG 1.4.1: never colour alone): alarm a
 * triangle, problem a diamond, inactive a square, ok a circle.
 */
const STATUS_SHAPE: Record<UnitStatus, ReactNode> = {
  alarm: <polygon points="6,0.9 11.4,10.8 0.6,10.8" />,
  problem: <polygon points="6,0.6 11.4,6 6,11.4 0.6,6" />,
  inactive: <rect x="1.4" y="1.4" width="9.2" height="9.2" rx="1.2" />,
  ok: <circle cx="6" cy="6" r="5" />,
};

/**
 * A unit's status as a small mark in its colour and shape. label: its name in words (title and
 * accessible name), for a mark shown without the word beside it; without it the mark is hidden from
 * screen readers, as the word next to it says the same.
 */
export function StatusDot({ status, label }: { status: UnitStatus; label?: string }) {
  return (
    <svg
      className={css.dot}
      data-status={status}
      viewBox="0 0 12 12"
      style={{ color: STATUS_COLOR_VAR[status] }}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {label && <title>{label}</title>}
      {STATUS_SHAPE[status]}
    </svg>
  );
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
/**
 * A labelled input. With an error the input is aria-invalid and described by it, and the error is
 * said by screen readers when it appears: its live region is on the page from the start (a region
 * that arrives with its text is not reliably announced), empty and taking no room until then.
 */
export function TextField({ label, error, id, 'aria-describedby': describedBy, ...rest }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-err`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={css.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(describedBy, error && errorId) || undefined}
        {...rest}
      />
      <span className={css.fieldLive} aria-live="polite">
        {error ? (
          <span id={errorId} className={css.fieldError}>
            {error}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** A native select; compact: the smaller one of toolbars. */
export function Select({ compact = false, className, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { compact?: boolean }) {
  return <select className={cx(css.select, compact && css.compact, className)} {...rest} />;
}

/**
 * stacked: on narrow screens each row becomes a card of its cells, each labelled by its data-label.
 * A table wider than its place scrolls sideways; then its frame is a labelled region in the Tab
 * order, so the keyboard can scroll it too (WCAG 2.1.1).
 */
export function Table({ children, label, stacked = false }: { children: ReactNode; label: string; stacked?: boolean }) {
  const wrap = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={wrap}
      className={cx(css.tableWrap, stacked && css.stacked)}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
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

/** Read by screen readers, not shown. */
export function VisuallyHidden({ as: Tag = 'span', id, children }: { as?: 'span' | 'h2' | 'h3' | 'p'; id?: string; children: ReactNode }) {
  return (
    <Tag id={id} className={css.visuallyHidden}>
      {children}
    </Tag>
  );
}

/** A row of controls above a card's content (search, filters, tabs), with a line below. */
export function Toolbar({ children, justify = 'between' }: { children: ReactNode; justify?: 'between' | 'start' }) {
  return (
    <div className={css.toolbar} data-justify={justify}>
      {children}
    </div>
  );
}

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  /** The field's accessible name (not shown: the placeholder and the icon say what it is). */
  label: string;
  /** For the field's size in its row (flex, max-width). */
  className?: string;
}
export function SearchField({ label, className, ...input }: SearchFieldProps) {
  return (
    <label className={cx(css.search, className)}>
      <Icon name="search" size={16} className={css.searchIcon} />
      <VisuallyHidden>{label}</VisuallyHidden>
      <input type="search" className={css.searchInput} {...input} />
    </label>
  );
}

/** Reloads `load`; disabled, with the icon turning, while it loads. */
export function RefreshButton({ load, label }: { load: Pick<Loadable<unknown>, 'status' | 'reload'>; label: string }) {
  const busy = load.status === 'loading';
  return (
    <Button onClick={load.reload} disabled={busy} aria-busy={busy}>
      <Icon name="refresh" size={16} className={busy ? css.spinning : undefined} />
      {label}
    </Button>
  );
}

export interface Segment<T extends string> {
  value: T;
  label: string;
  count?: number;
}

/**
 * A segmented control with counts: tabs (the WAI-ARIA tabs pattern: role tablist, the arrows
 * select) or a toolbar of toggle buttons for a filter (aria-pressed, the arrows move the focus and
 * Space or Enter presses). Either way one Tab stop (roving tabindex: the selected segment, or the
 * one the arrows reached), and ArrowLeft/ArrowRight (ArrowUp/ArrowDown too), Home and End move.
 */
export function Segmented<T extends string>(props: {
  label: string;
  segments: ReadonlyArray<Segment<T>>;
  value: T;
  onChange: (value: T) => void;
  /** tabs: the segments switch a tab panel (give panelId). toggle: a filter. */
  mode: 'tabs' | 'toggle';
  panelId?: string;
  idPrefix?: string;
}) {
  const tabs = props.mode === 'tabs';
  const group = useRef<HTMLDivElement>(null);
  // The segment the arrows moved to (toggle mode), while the focus is in the control.
  const [reached, setReached] = useState<T | null>(null);
  const values = props.segments.map((s) => s.value);
  const current = reached !== null && values.includes(reached) ? reached : props.value;
  const stop = values.includes(current) ? current : values[0];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>('[data-value]')?.dataset.value as T | undefined;
    const at = Math.max(0, values.indexOf(from ?? current));
    const keys: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: values.length - 1,
    };
    if (!(e.key in keys) || values.length === 0) return;
    e.preventDefault();
    const next = values[(keys[e.key]! + values.length) % values.length]!;
    [...(group.current?.querySelectorAll<HTMLElement>('[data-value]') ?? [])].find((b) => b.dataset.value === next)?.focus();
    if (tabs) {
      if (next !== props.value) props.onChange(next);
    } else setReached(next);
  };

  return (
    <div
      ref={group}
      className={css.segmented}
      role={tabs ? 'tablist' : 'toolbar'}
      aria-label={props.label}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setReached(null);
      }}
    >
      {props.segments.map((s) => {
        const on = s.value === props.value;
        return (
          <button
            key={s.value}
            type="button"
            id={props.idPrefix ? `${props.idPrefix}-${s.value}` : undefined}
            className={css.segment}
            role={tabs ? 'tab' : undefined}
            aria-selected={tabs ? on : undefined}
            aria-controls={tabs ? props.panelId : undefined}
            aria-pressed={tabs ? undefined : on}
            tabIndex={s.value === stop ? 0 : -1}
            data-value={s.value}
            data-on={on || undefined}
            onClick={() => {
              setReached(null);
              props.onChange(s.value);
            }}
          >
            {s.label}
            {s.count !== undefined && <span className={css.segmentCount}>{s.count}</span>}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A sortable column's header button: the label and an arrow for the direction (none when another
 * column sorts). Put it in a <th aria-sort=…>.
 */
export function SortButton(props: { label: string; title: string; active: boolean; dir: 'asc' | 'desc'; onClick: () => void }) {
  return (
    <button type="button" className={css.sortButton} data-active={props.active || undefined} onClick={props.onClick} title={props.title}>
      {props.label}
      <Icon name={props.active ? (props.dir === 'asc' ? 'sortAsc' : 'sortDesc') : 'sortNone'} size={13} />
    </button>
  );
}

/** A group of filter chips that switch on and off (each a ToggleChip). */
export function ToggleChips({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.toggleChips} role="group" aria-label={label}>
      {children}
    </div>
  );
}
/** A chip that toggles; pressed shows a tick as well as the colour (issue 23), aria-pressed says it. */
export function ToggleChip({ pressed, className, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pressed: boolean }) {
  return (
    <button type="button" className={cx(css.toggleChip, className)} aria-pressed={pressed} {...rest}>
      {pressed && <Icon name="check" size={12} strokeWidth={2.4} />}
      {children}
    </button>
  );
}

/** The colour of a Chip, from the theme tokens. */
export type Tone = 'neutral' | 'info' | 'warning' | 'orange' | 'danger' | 'critical' | 'success' | 'muted';

/** A small coloured label (category, status, priority). */
export function Chip({ tone, children, title }: { tone: Tone; children: string; title?: string }) {
  return (
    <span className={css.chip} data-tone={tone} title={title}>
      {children}
    </span>
  );
}

/** What LoadView shows: a LoadState of @fieldwatch/shared/remote, or one with its data derived. */
export interface Loadable<T> {
  status: 'loading' | 'error' | 'ready';
  data?: T | null;
  reload: () => void;
}

export interface LoadViewLabels {
  loading: string;
  errorTitle: string;
  errorText?: string;
  retry: string;
  /**
   * Said above the last data when a reload failed. Without it a failed reload shows the error
   * instead of the data.
   */
  stale?: string;
}

/**
 * The states of loaded data: a loading card until the first data, an error card with Retry when
 * there is none, then children(data) — under a notice with Retry when the latest reload failed.
 * bare: the states without a card of their own, for a view that is already in one.
 */
export function LoadView<T>(props: {
  load: Loadable<T>;
  labels: LoadViewLabels;
  bare?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { load, labels } = props;
  const framed = (state: ReactNode) => (props.bare ? state : <Card>{state}</Card>);
  if (load.data == null && load.status === 'loading') return framed(<LoadingState label={labels.loading} />);
  if (load.data == null || (load.status === 'error' && labels.stale === undefined)) {
    return framed(
      <ErrorState title={labels.errorTitle} message={labels.errorText} retryLabel={labels.retry} onRetry={load.reload} />,
    );
  }
  return (
    <>
      {load.status === 'error' && (
        <div className={css.stale} role="alert">
          <Icon name="alert" size={16} />
          <span>{labels.stale}</span>
          <Button size="small" onClick={load.reload}>
            {labels.retry}
          </Button>
        </div>
      )}
      {props.children(load.data)}
    </>
  );
}

export { cx };

/**
 * Asks before an action that cannot be undone (or that reaches a device): says what will happen to
 * what, and runs `onConfirm` only on the explicit button. While `busy`, both buttons wait; an
 * `error` is shown inside the dialog so the user can retry or cancel.
 */
export function ConfirmDialog(props: {
  title: string;
  /** What will happen, naming the things it happens to. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm(): void;
  onCancel(): void;
  danger?: boolean;
  busy?: boolean;
  error?: string;
  testId?: string;
}) {
  return (
    <Modal
      title={props.title}
      onClose={props.busy ? () => undefined : props.onCancel}
      closeLabel={props.closeLabel}
      testId={props.testId}
      footer={
        <>
          <Button onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel}
          </Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            onClick={props.onConfirm}
            disabled={props.busy}
            aria-busy={props.busy || undefined}
            data-autofocus
            data-testid="confirm-dialog-confirm"
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <div className={modalCss.confirmText}>{props.children}</div>
      {props.error && (
        <p className={modalCss.confirmError} role="alert">
          {props.error}
        </p>
      )}
    </Modal>
  );
}
