/** Small building blocks shared by the KPI widgets: selectable bar rows, stat tiles, notes. */
import type { ReactNode } from 'react';
import css from './kpi.module.css';

export { css as kpiCss };

export interface BarItem {
  key: string;
  label: ReactNode;
  /** A CSS colour (a theme token: var(--fw-…)). */
  color: string;
  count: number;
  /** Shown after the count, muted (e.g. "12 %"). */
  sub?: ReactNode;
  /** Accessible name of the row's button. */
  title: string;
  testId?: string;
}

/** Rows of label | bar | count; the bar is relative to `max` (default: the largest count). */
export function BarList(props: {
  items: readonly BarItem[];
  label: string;
  max?: number;
  active?: string | null;
  busy?: string | null;
  onPick?: (key: string) => void;
}) {
  const max = props.max ?? Math.max(1, ...props.items.map((i) => i.count));
  return (
    <ul className={css.bars} aria-label={props.label}>
      {props.items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className={css.barRow}
            data-testid={item.testId}
            aria-pressed={props.onPick ? props.active === item.key : undefined}
            aria-busy={props.busy === item.key || undefined}
            // The visible label and count are the name (WCAG 2.5.3); the title says what a click does.
            title={item.title}
            disabled={!props.onPick || item.count === 0}
            onClick={() => props.onPick?.(item.key)}
          >
            <span className={css.barLabel}>
              <span className={css.swatch} style={{ background: item.color }} aria-hidden="true" />
              <span>{item.label}</span>
            </span>
            <span className={css.track} aria-hidden="true">
              {item.count > 0 && (
                <span className={css.fill} style={{ width: `${(item.count / max) * 100}%`, background: item.color }} />
              )}
            </span>
            <span className={css.count}>
              {item.count}
              {item.sub !== undefined && <span className={css.sub}>{item.sub}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A stat tile; with onClick a toggle button. */
export function Stat(props: {
  label: ReactNode;
  value: ReactNode;
  title?: string;
  onClick?: () => void;
  pressed?: boolean;
  disabled?: boolean;
  testId?: string;
  tone?: string;
}) {
  const content = (
    <>
      <span className={css.statValue} style={props.tone ? { color: props.tone } : undefined}>
        {props.value}
      </span>
      <span className={css.statLabel}>{props.label}</span>
    </>
  );
  if (!props.onClick)
    return (
      <div className={css.stat} title={props.title} data-testid={props.testId}>
        {content}
      </div>
    );
  return (
    <button
      type="button"
      className={css.stat}
      title={props.title}
      data-testid={props.testId}
      aria-pressed={props.pressed ?? false}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {content}
    </button>
  );
}

export function Note({ children, tone }: { children: ReactNode; tone?: 'warning' }) {
  return (
    <p className={css.note} data-tone={tone}>
      {children}
    </p>
  );
}

/** Whether the link group's selection is exactly `ids` (order ignored). */
export function isSelection(selected: readonly number[], ids: readonly number[]): boolean {
  if (ids.length === 0 || selected.length !== ids.length) return false;
  const set = new Set(selected);
  return ids.every((id) => set.has(id));
}
