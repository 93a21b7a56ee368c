/** An inline name field (a widget's title, a link group's name): Enter or leaving it saves, Escape cancels. */
import { useRef, useState } from 'react';
import { DASHBOARD_LIMITS } from '@fieldwatch/shared';
import { NO_DRAG } from './drag-classes';
import css from './WidgetFrame.module.css';

export function RenameField({
  initial,
  label,
  onDone,
}: {
  initial: string;
  label: string;
  onDone(name: string | null): void;
}) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (name: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(name);
  };
  return (
    <input
      className={`${css.rename} ${NO_DRAG}`}
      aria-label={label}
      value={value}
      maxLength={DASHBOARD_LIMITS.text}
      autoFocus
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => finish(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(value);
        if (e.key === 'Escape') {
          // Only the rename is cancelled, not a dialog around the field.
          e.stopPropagation();
          finish(null);
        }
      }}
    />
  );
}
