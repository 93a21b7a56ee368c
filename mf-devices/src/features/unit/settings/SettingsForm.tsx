/**
 * The pieces of a unit's settings tab: SettingsPanel loads the settings and renders a form of the
 * given fields with the save bar and the "changed elsewhere" choice; FieldInput, ConflictNotice and
 * SaveBar are there for tabs that lay their form out themselves (with useSettingsForm).
 * A Reader (canEdit false) sees the values only.
 */
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsValue, UnitSettings } from '@fieldwatch/shared';
import { loadViewLabels } from '@fieldwatch/shared/remote';
import { Button, Card, LoadView, Select } from '@fieldwatch/shared/ui';
import { fieldId, type SettingsField } from './fields';
import {
  type SettingsChange,
  type SettingsForm,
  type SettingsFormOptions,
  useSettingsForm,
  useUnitSettings,
} from './useSettingsForm';
import { type WriteState, WriteStatus } from './tab-kit';
import css from './SettingsForm.module.css';

export function FieldInput({
  form,
  field,
  canEdit,
}: {
  form: SettingsForm;
  field: SettingsField;
  canEdit: boolean;
}) {
  const { t } = useTranslation('devices');
  const id = useId();
  const value = form.value(field);
  const err = form.error(field);
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const described = err ? `${helpId} ${errId}` : helpId;
  const label = t(field.label);
  const common = {
    id,
    'aria-describedby': described,
    'aria-invalid': err ? true : undefined,
    disabled: !canEdit || form.status === 'saving',
    'data-field': fieldId(field),
  } as const;
  let input: ReactNode;
  switch (field.kind) {
    case 'number':
      input = (
        <span className={css.numberRow}>
          <input
            {...common}
            className={css.input}
            inputMode={field.integer === false ? 'decimal' : 'numeric'}
            value={value === null ? '' : String(value)}
            onChange={(e) => form.set(field, e.target.value)}
          />
          {field.unit && <span className={css.unit}>{t(field.unit)}</span>}
        </span>
      );
      break;
    case 'text':
      input = (
        <input
          {...common}
          className={css.input}
          maxLength={field.maxLength + 1}
          value={value === null ? '' : String(value)}
          onChange={(e) => form.set(field, e.target.value)}
        />
      );
      break;
    case 'bool':
      input = (
        <input
          {...common}
          type="checkbox"
          className={css.checkbox}
          checked={value === true}
          onChange={(e) => form.set(field, e.target.checked)}
        />
      );
      break;
    case 'choice':
      input = (
        <Select {...common} value={String(value ?? '')} onChange={(e) => form.set(field, e.target.value)}>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {t(`${field.label}Options.${o}`)}
            </option>
          ))}
        </Select>
      );
      break;
    case 'color':
      input = (
        <span className={css.numberRow}>
          <input
            {...common}
            type="color"
            className={css.color}
            value={typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : field.default}
            onChange={(e) => form.set(field, e.target.value)}
          />
          <code className={css.unit}>{String(value ?? '')}</code>
        </span>
      );
      break;
  }
  return (
    <div className={field.kind === 'bool' ? css.fieldInline : css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {input}
      <span id={helpId} className={css.help}>
        {t(field.help ?? `${field.label}Help`)}
      </span>
      {err && (
        <span id={errId} className={css.error} role="alert">
          {t(err.key, err.params)}
        </span>
      )}
    </div>
  );
}

function shown(v: SettingsValue | undefined, empty: string): string {
  if (v === undefined || v === null || v === '') return empty;
  return String(v);
}

function ChangeList({ changes, fields }: { changes: SettingsChange[]; fields: readonly SettingsField[] }) {
  const { t } = useTranslation('devices');
  if (changes.length === 0) return <p>{t('unit.form.noneChanged')}</p>;
  return (
    <ul className={css.changes} data-testid="settings-changes">
      {changes.map((c) => {
        const f = fields.find((x) => x.section === c.section && x.key === c.key);
        return (
          <li key={`${c.section}.${c.key}`}>
            {t('unit.form.change', {
              field: f ? t(f.label) : `${c.section}.${c.key}`,
              before: shown(c.before, t('unit.form.empty')),
              after: shown(c.after, t('unit.form.empty')),
            })}
          </li>
        );
      })}
    </ul>
  );
}

/** The "changed elsewhere" choice after a 409, and the list of what changed after "keep editing". */
export function ConflictNotice({ form }: { form: SettingsForm }) {
  const { t } = useTranslation('devices');
  if (form.conflict)
    return (
      <div className={css.conflict} role="alert" data-testid="settings-conflict">
        <strong>{t('unit.form.conflictTitle')}</strong>
        <p>{t('unit.form.conflictText')}</p>
        <ChangeList changes={form.conflict} fields={form.fields} />
        <div className={css.buttons}>
          <Button onClick={form.reload}>{t('unit.form.reload')}</Button>
          <Button variant="primary" onClick={form.keepEditing}>
            {t('unit.form.keepEditing')}
          </Button>
        </div>
      </div>
    );
  if (form.changedElsewhere)
    return (
      <div className={css.notice} role="status" data-testid="settings-changed-elsewhere">
        <p>{t('unit.form.changedElsewhere')}</p>
        <ChangeList changes={form.changedElsewhere} fields={form.fields} />
      </div>
    );
  return null;
}

/** The save bar's own texts, for a tab that says what its form holds (e.g. "NFC template and status saved."). */
export interface SaveBarTexts {
  saved?: string;
  failed?: string;
}

export function SaveBar({
  form,
  canEdit,
  texts = {},
  testId = 'settings-save',
}: {
  form: SettingsForm;
  canEdit: boolean;
  texts?: SaveBarTexts;
  testId?: string;
}) {
  const { t } = useTranslation('devices');
  if (!canEdit) return <p className={css.readOnly}>{t('unit.form.readOnly')}</p>;
  const saving = form.status === 'saving';
  // The button says "Saving…"; the status block says how the last save ended.
  const state: WriteState =
    form.status === 'saved'
      ? { kind: 'saved', message: texts.saved ?? t('unit.form.saved') }
      : form.status === 'error'
        ? { kind: 'error', message: texts.failed ?? t('unit.form.saveFailed', { reason: form.saveError ?? '' }) }
        : { kind: 'idle' };
  return (
    <div className={css.saveBar}>
      <Button
        variant="primary"
        onClick={() => void form.save()}
        disabled={saving || !form.dirty || form.conflict !== null}
        aria-busy={saving || undefined}
        data-testid={testId}
      >
        {saving ? t('unit.form.saving') : t('unit.form.save')}
      </Button>
      {form.dirty && !saving && <Button onClick={form.discard}>{t('unit.form.discard')}</Button>}
      <span aria-live="polite" className={css.saveStatus}>
        <WriteStatus state={state} />
        {form.note && (
          <span
            className={form.note.ok ? css.help : css.error}
            role={form.note.ok ? 'status' : 'alert'}
            data-testid="settings-note"
          >
            {form.note.text}
          </span>
        )}
      </span>
    </div>
  );
}

/** A form of `fields` inside the panel of a loaded settings document. */
export function SettingsFormView(props: {
  unitId: number;
  settings: UnitSettings;
  fields: readonly SettingsField[];
  canEdit: boolean;
  children?: (form: SettingsForm) => ReactNode;
  options?: SettingsFormOptions;
  saveTexts?: SaveBarTexts;
  saveTestId?: string;
}) {
  const form = useSettingsForm(props.unitId, props.settings, props.fields, props.options);
  return (
    <form
      className={css.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (props.canEdit) void form.save();
      }}
    >
      <ConflictNotice form={form} />
      {props.children?.(form)}
      <div className={css.grid}>
        {props.fields.map((f) => (
          <FieldInput key={fieldId(f)} form={form} field={f} canEdit={props.canEdit} />
        ))}
      </div>
      <SaveBar form={form} canEdit={props.canEdit} texts={props.saveTexts} testId={props.saveTestId} />
    </form>
  );
}

/** Loads the unit's settings and shows a form of `fields` (title: a translation key). */
export function SettingsPanel(props: {
  unitId: number;
  title: string;
  intro?: string;
  fields: readonly SettingsField[];
  canEdit: boolean;
  children?: (form: SettingsForm) => ReactNode;
  options?: SettingsFormOptions;
  testId?: string;
}) {
  const { t } = useTranslation('devices');
  const load = useUnitSettings(props.unitId);
  return (
    <Card title={t(props.title)} data-testid={props.testId}>
      {props.intro && <p className={css.intro}>{t(props.intro)}</p>}
      <LoadView load={load} labels={loadViewLabels(t, 'unit.settings.')} bare>
        {(settings) => (
          <SettingsFormView
            unitId={props.unitId}
            settings={settings}
            fields={props.fields}
            canEdit={props.canEdit}
            options={props.options}
          >
            {props.children}
          </SettingsFormView>
        )}
      </LoadView>
    </Card>
  );
}
