/**
 * Choosing a unit by name from the session's unit list: a text field whose suggestions are the
 * first units matching what is typed (a list of 100,000 units never becomes 100,000 options).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { Unit } from '@fieldwatch/shared';
import { useDevices } from '@fieldwatch/shared/remote';
import { VisuallyHidden } from '@fieldwatch/shared/ui';
import css from './TaskPage.module.css';

const MAX_SUGGESTIONS = 30;
const fold = (s: string) => s.toLocaleLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
export const unitOption = (u: Pick<Unit, 'UnitID' | 'UnitName'>) => `${u.UnitName} (#${u.UnitID})`;

/** The units whose name, location or id match every word of `text`, at most `max`. */
export function matchUnits(units: readonly Unit[], text: string, max = MAX_SUGGESTIONS): Unit[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  const out: Unit[] = [];
  for (const u of units) {
    const hay = fold(`${u.UnitName} ${u.UnitLocation ?? ''} #${u.UnitID}`);
    if (words.every((w) => hay.includes(w))) out.push(u);
    if (out.length >= max) break;
  }
  return out;
}

export function UnitPicker(props: {
  label: string;
  placeholder: string;
  value: number | undefined;
  onChange: (unitId: number | undefined) => void;
  compact?: boolean;
  testId?: string;
  /** Clears the field after a choice (adding units one by one to a list). */
  clearOnPick?: boolean;
  /** Only this organisation's units. */
  organizationId?: number;
  /** Passed to the text field (aria-invalid and aria-describedby of a failed write). */
  inputProps?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}) {
  const { value, onChange, organizationId } = props;
  const all = useDevices().data;
  const units = useMemo(
    () => (organizationId === undefined ? all : all?.filter((u) => u.CustomerID === organizationId)),
    [all, organizationId],
  );
  const listId = useId();
  const nameOf = useMemo(() => new Map((units ?? []).map((u) => [u.UnitID, unitOption(u)])), [units]);
  const [text, setText] = useState(value !== undefined ? (nameOf.get(value) ?? `#${value}`) : '');
  useEffect(() => {
    if (props.clearOnPick) return;
    setText(value !== undefined ? (nameOf.get(value) ?? `#${value}`) : '');
  }, [value, nameOf, props.clearOnPick]);
  const suggestions = useMemo(() => matchUnits(units ?? [], text), [units, text]);
  return (
    <label className={props.compact ? css.unitPickerCompact : css.unitPicker}>
      {props.compact ? <VisuallyHidden>{props.label}</VisuallyHidden> : <span className={css.fieldLabel}>{props.label}</span>}
      <input
        className={css.textInput}
        list={listId}
        value={text}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
        data-testid={props.testId}
        {...props.inputProps}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (next.trim() === '') {
            if (!props.clearOnPick) onChange(undefined);
            return;
          }
          const id = /\(#(\d+)\)$/.exec(next)?.[1];
          const unit = id ? units?.find((u) => u.UnitID === Number(id)) : undefined;
          if (unit) {
            onChange(unit.UnitID);
            if (props.clearOnPick) setText('');
          }
        }}
      />
      <datalist id={listId}>
        {suggestions.map((u) => (
          <option key={u.UnitID} value={unitOption(u)}>
            {u.UnitLocation}
          </option>
        ))}
      </datalist>
    </label>
  );
}
