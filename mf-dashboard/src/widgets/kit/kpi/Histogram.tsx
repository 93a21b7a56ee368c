/** Column histogram of HTML buttons (keyboard and screen-reader friendly); a column selects its units. */
import css from './histogram.module.css';

export interface HistogramColumn {
  key: string;
  count: number;
  color: string;
  title: string;
}

export function Histogram(props: {
  label: string;
  columns: readonly HistogramColumn[];
  active?: string | null;
  onPick?: (key: string) => void;
  from: string;
  to: string;
  /** The count of a full column (default: the largest count; 100 for percentages). */
  max?: number;
}) {
  const max = props.max ?? Math.max(1, ...props.columns.map((c) => c.count));
  return (
    <figure className={css.figure} aria-label={props.label} data-scale={props.max !== undefined ? 'absolute' : undefined}>
      <div className={css.columns} role="group" aria-label={props.label}>
        {props.columns.map((c) => (
          <button
            key={c.key}
            type="button"
            className={css.column}
            title={c.title}
            aria-label={c.title}
            aria-pressed={props.active === c.key}
            disabled={c.count === 0 || !props.onPick}
            onClick={() => props.onPick?.(c.key)}
          >
            <span
              className={css.fill}
              style={{ height: c.count > 0 ? `max(3px, ${(c.count / max) * 100}%)` : 0, background: c.color }}
            />
          </button>
        ))}
      </div>
      <figcaption className={css.axis} aria-hidden="true">
        <span>{props.from}</span>
        <span>{props.to}</span>
      </figcaption>
    </figure>
  );
}
