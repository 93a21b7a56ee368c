/**
 * The settings form of a unit's tab: reads the unit's settings document (GET unitSettings, cached
 * under queryKeys.unitPart(id, 'settings'), shared by every tab), keeps the user's edits of its
 * fields, and writes the whole document with the revision the edits were based on
 * (PUT saveUnitSettings). A stale revision answers 409: the form then fetches the current document
 * and lets the user choose — reload (drops the edits) or keep editing (the edits stay, the new
 * revision becomes the base and the form lists what was changed elsewhere before it is saved again).
 * Nothing the user typed is lost on an error.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  errorMessage,
  pathFor,
  queryKeys,
  type AnswerOf,
  type SettingsValue,
  type UnitSettings,
  type UnitSettingsDoc,
} from '@fieldwatch/shared';
import { useApiQuery, useRemote, type LoadState } from '@fieldwatch/shared/remote';
import {
  fieldId,
  sameValue,
  storedValue,
  toStored,
  validateField,
  type DraftValue,
  type FieldError,
  type SettingsField,
} from './fields';

/** The unit's settings document, from the page's cache. */
export function useUnitSettings(unitId: number): LoadState<UnitSettings> {
  const { api } = useRemote();
  return useApiQuery(queryKeys.unitPart(unitId, 'settings'), () =>
    api.get<AnswerOf<typeof ENDPOINTS.unitSettings>>(pathFor(ENDPOINTS.unitSettings, { id: unitId })),
  );
}

/** One value that differs between two settings documents. */
export interface SettingsChange {
  section: string;
  key: string;
  before: SettingsValue | undefined;
  after: SettingsValue | undefined;
}

/** Every key whose value differs between `a` and `b`. */
export function diffSettings(a: UnitSettingsDoc, b: UnitSettingsDoc): SettingsChange[] {
  const out: SettingsChange[] = [];
  for (const section of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const sa = a[section] ?? {};
    const sb = b[section] ?? {};
    for (const key of new Set([...Object.keys(sa), ...Object.keys(sb)]))
      if (!sameValue(sa[key], sb[key])) out.push({ section, key, before: sa[key], after: sb[key] });
  }
  return out;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface SettingsForm {
  fields: readonly SettingsField[];
  /** The document the edits are based on (its revision is sent with the next save). */
  base: UnitSettings;
  /** What the field shows: the edit, else the stored value (numbers as text). */
  value(f: SettingsField): DraftValue;
  set(f: SettingsField, value: DraftValue): void;
  /** Validation of the field's current value (only once edited, or after a save was tried). */
  error(f: SettingsField): FieldError | null;
  dirty: boolean;
  status: SaveStatus;
  /** Why the last save failed (a sentence). */
  saveError: string | null;
  /** The settings were changed elsewhere: what changed there; the user chooses reload or keep editing. */
  conflict: SettingsChange[] | null;
  /** After "keep editing": what had changed elsewhere, shown until the next save. */
  changedElsewhere: SettingsChange[] | null;
  save(): Promise<UnitSettings | null>;
  /** Drops the edits and shows the current document. */
  reload(): void;
  /** Keeps the edits on top of the current document. */
  keepEditing(): void;
  /** Forgets the edits. */
  discard(): void;
  /** What `afterSave` said after the last save (e.g. a second write's outcome). */
  note: { ok: boolean; text: string } | null;
}

export interface SettingsFormOptions {
  /** Runs after a successful save (e.g. the location tab also moves the unit's position); its answer is shown. */
  afterSave?: (saved: UnitSettings) => Promise<{ ok: boolean; text: string } | null>;
}

/** A form over `fields` of the unit's settings; `settings` is the loaded document. */
export function useSettingsForm(
  unitId: number,
  settings: UnitSettings,
  fields: readonly SettingsField[],
  options: SettingsFormOptions = {},
): SettingsForm {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<UnitSettings>(settings);
  const [edits, setEdits] = useState<Record<string, DraftValue>>({});
  const [tried, setTried] = useState(false);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ latest: UnitSettings; changes: SettingsChange[] } | null>(null);
  const [changedElsewhere, setChangedElsewhere] = useState<SettingsChange[] | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { afterSave } = options;

  const editCount = Object.keys(edits).length;
  // A newer document (another tab saved, a reload) becomes the base while nothing is edited.
  useEffect(() => {
    if (editCount === 0 && !conflict && settings.revision !== base.revision) setBase(settings);
  }, [settings, base.revision, editCount, conflict]);

  const value = useCallback(
    (f: SettingsField): DraftValue => {
      const id = fieldId(f);
      if (id in edits) return edits[id] ?? null;
      const v = storedValue(base.settings, f);
      return f.kind === 'number' && v !== null ? String(v) : v;
    },
    [edits, base],
  );

  const set = useCallback((f: SettingsField, v: DraftValue) => {
    setEdits((e) => ({ ...e, [fieldId(f)]: v }));
    setStatus((s) => (s === 'saved' ? 'idle' : s));
  }, []);

  const error = useCallback(
    (f: SettingsField) => (tried || fieldId(f) in edits ? validateField(f, value(f)) : null),
    [tried, edits, value],
  );

  const dirty = useMemo(
    () =>
      fields.some((f) => {
        const id = fieldId(f);
        if (!(id in edits)) return false;
        const draft = edits[id] ?? null;
        if (validateField(f, draft)) return true;
        return !sameValue(toStored(f, draft), storedValue(base.settings, f));
      }),
    [fields, edits, base],
  );

  const save = useCallback(async (): Promise<UnitSettings | null> => {
    setTried(true);
    if (fields.some((f) => validateField(f, value(f)))) return null;
    const doc: UnitSettingsDoc = {};
    for (const [section, values] of Object.entries(base.settings)) doc[section] = { ...values };
    for (const f of fields) {
      if (!(fieldId(f) in edits)) continue;
      doc[f.section] = { ...(doc[f.section] ?? {}), [f.key]: toStored(f, edits[fieldId(f)] ?? null) };
    }
    setStatus('saving');
    setSaveError(null);
    setNote(null);
    try {
      const res = await api.http.put<{ data: AnswerOf<typeof ENDPOINTS.saveUnitSettings> }>(
        pathFor(ENDPOINTS.saveUnitSettings, { id: unitId }),
        { revision: base.revision, settings: doc },
      );
      const saved = res.data.data;
      queryClient.setQueryData(queryKeys.unitPart(unitId, 'settings'), saved);
      setBase(saved);
      setEdits({});
      setTried(false);
      setChangedElsewhere(null);
      setStatus('saved');
      if (afterSave) setNote(await afterSave(saved));
      return saved;
    } catch (err) {
      if (isAxiosError(err) && err.response?.status === 409) {
        const [latest, failed] = await api.get<UnitSettings>(pathFor(ENDPOINTS.unitSettings, { id: unitId }));
        if (!failed && latest) {
          setConflict({ latest, changes: diffSettings(base.settings, latest.settings) });
          setStatus('idle');
          return null;
        }
      }
      setStatus('error');
      setSaveError(errorMessage(err));
      return null;
    }
  }, [api, unitId, fields, edits, base, value, queryClient, afterSave]);

  const reload = useCallback(() => {
    if (conflict) {
      queryClient.setQueryData(queryKeys.unitPart(unitId, 'settings'), conflict.latest);
      setBase(conflict.latest);
    } else void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'settings') });
    setEdits({});
    setTried(false);
    setConflict(null);
    setChangedElsewhere(null);
    setStatus('idle');
    setSaveError(null);
  }, [conflict, queryClient, unitId]);

  const keepEditing = useCallback(() => {
    if (!conflict) return;
    queryClient.setQueryData(queryKeys.unitPart(unitId, 'settings'), conflict.latest);
    setBase(conflict.latest);
    setChangedElsewhere(conflict.changes);
    setConflict(null);
  }, [conflict, queryClient, unitId]);

  const discard = useCallback(() => {
    setEdits({});
    setTried(false);
    setStatus('idle');
    setSaveError(null);
  }, []);

  return {
    fields,
    base,
    value,
    set,
    error,
    dirty,
    status,
    saveError,
    conflict: conflict?.changes ?? null,
    changedElsewhere,
    note,
    save,
    reload,
    keepEditing,
    discard,
  };
}
