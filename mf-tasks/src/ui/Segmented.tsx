/** A segmented control with counts: tabs (role tablist) or a toggle group (aria-pressed). */
import css from './ui.module.css';

export interface Segment<T extends string> {
  value: T;
  label: string;
  count?: number;
}

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
  return (
    <div className={css.segmented} role={tabs ? 'tablist' : 'group'} aria-label={props.label}>
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
            data-on={on || undefined}
            onClick={() => props.onChange(s.value)}
          >
            {s.label}
            {s.count !== undefined && <span className={css.segmentCount}>{s.count}</span>}
          </button>
        );
      })}
    </div>
  );
}
