/**
 * A settings field of a unit: where its value lives in the settings document (section and key),
 * what kind of input it is and what it accepts. Labels and help texts are translation keys
 * (devices namespace); range messages say the range. Number fields keep what the user typed as text
 * until it is saved, so "1." or an empty field can be typed and corrected.
 */
import type { SettingsValue, UnitSettingsDoc } from '@fieldwatch/shared';

interface FieldBase {
  section: string;
  key: string;
  /** Translation key of the label; `${label}Help` is its help text unless `help` is given. */
  label: string;
  help?: string;
}
export interface NumberField extends FieldBase {
  kind: 'number';
  min: number;
  max: number;
  /** Whole numbers only (default true). */
  integer?: boolean;
  /** Shown after the input, e.g. "min". Translation key. */
  unit?: string;
  /** null: no value until the user gives one. */
  default: number | null;
  /** An empty field is allowed and stored as null (otherwise a value is required). */
  optional?: boolean;
}
export interface TextFieldDef extends FieldBase {
  kind: 'text';
  maxLength: number;
  /** A pattern the text must match (empty text always passes unless required). */
  pattern?: RegExp;
  /** Translation key of the message when the pattern fails. */
  patternMessage?: string;
  required?: boolean;
  default: string;
}
export interface BoolField extends FieldBase {
  kind: 'bool';
  default: boolean;
}
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  /** Values; their labels are `${label}Options.${value}`. */
  options: readonly string[];
  default: string;
}
export interface ColorField extends FieldBase {
  kind: 'color';
  default: string;
}
export type SettingsField = NumberField | TextFieldDef | BoolField | ChoiceField | ColorField;

/** What a field holds while it is edited: the settings value, or the typed text of a number. */
export type DraftValue = SettingsValue;

export const fieldId = (f: Pick<SettingsField, 'section' | 'key'>) => `${f.section}.${f.key}`;

/** The stored value of a field, or its default when the document has none. */
export function storedValue(doc: UnitSettingsDoc, f: SettingsField): SettingsValue {
  const v = doc[f.section]?.[f.key];
  return v === undefined ? f.default : v;
}

/** A validation failure: a translation key and its parameters. */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Why the value cannot be saved, or null. */
export function validateField(f: SettingsField, value: DraftValue): FieldError | null {
  switch (f.kind) {
    case 'number': {
      const text = value === null || value === undefined ? '' : String(value).trim();
      if (text === '') return f.optional ? null : { key: 'unit.form.required' };
      const n = Number(text.replace(',', '.'));
      if (!Number.isFinite(n)) return { key: 'unit.form.notNumber' };
      if ((f.integer ?? true) && !Number.isInteger(n)) return { key: 'unit.form.wholeNumber' };
      if (n < f.min || n > f.max) return { key: 'unit.form.range', params: { min: f.min, max: f.max } };
      return null;
    }
    case 'text': {
      const text = typeof value === 'string' ? value : value === null ? '' : String(value);
      if (f.required && text.trim() === '') return { key: 'unit.form.required' };
      if (text.length > f.maxLength) return { key: 'unit.form.tooLong', params: { max: f.maxLength } };
      if (text !== '' && f.pattern && !f.pattern.test(text))
        return { key: f.patternMessage ?? 'unit.form.invalid' };
      return null;
    }
    case 'color':
      return typeof value === 'string' && HEX_COLOR.test(value) ? null : { key: 'unit.form.color' };
    case 'choice':
      return typeof value === 'string' && f.options.includes(value) ? null : { key: 'unit.form.invalid' };
    case 'bool':
      return typeof value === 'boolean' ? null : { key: 'unit.form.invalid' };
  }
}

/** The value to store for a draft (numbers from their text). Call after validateField passed. */
export function toStored(f: SettingsField, value: DraftValue): SettingsValue {
  if (f.kind === 'number') {
    const text = value === null ? '' : String(value).trim();
    return text === '' ? null : Number(text.replace(',', '.'));
  }
  if (f.kind === 'text') return typeof value === 'string' ? value.trim() : '';
  return value;
}

/** Whether two settings values are the same. */
export const sameValue = (a: SettingsValue | undefined, b: SettingsValue | undefined) =>
  (a === undefined ? null : a) === (b === undefined ? null : b);
