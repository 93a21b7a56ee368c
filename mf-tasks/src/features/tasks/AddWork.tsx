/**
 * "Add work": a custom task with title, category, priority, assignees, units or a location and a
 * due date. Checked here by the same bounds the server checks (title 1–500 characters), then
 * created in the first selected customer's organisation; the new task opens.
 */
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { EVENT_CATEGORIES, ENDPOINTS, pathFor, unwrap, type EventCategory } from '@fieldwatch/shared';
import { dayIn, useDevices, useRemote, useSession, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Icon, Modal, Select, TextField } from '@fieldwatch/shared/ui';
import { patchCachedTask, useAssignableUsers } from './task-api';
import { toWriteError } from './task-write';
import { TASK_PRIORITY_LIST, type Priority, type Task } from './task-types';
import { UnitPicker, unitOption } from './UnitPicker';
import css from './TaskPage.module.css';

export const TITLE_MAX = 500;

export interface AddWorkForm {
  title: string;
  category: EventCategory;
  priority: Priority;
  assignees: string[];
  unitIds: number[];
  locationId: string;
  due: string;
}

export type AddWorkErrors = Partial<Record<'title' | 'due', string>>;

/** The form's problems as translation keys (empty: it can be sent). */
export function validateAddWork(form: AddWorkForm, today: string): AddWorkErrors {
  const errors: AddWorkErrors = {};
  if (!form.title.trim()) errors.title = 'add.error.titleMissing';
  else if (form.title.length > TITLE_MAX) errors.title = 'add.error.titleTooLong';
  if (form.due && !/^\d{4}-\d{2}-\d{2}$/.test(form.due)) errors.due = 'add.error.dueInvalid';
  else if (form.due && form.due < today) errors.due = 'add.error.duePast';
  return errors;
}

export function AddWork({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation('tasks');
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const customers = useSession((s) => s.customers);
  const selected = useSession((s) => s.selectedCustomers);
  const orgs = useMemo(() => customers.filter((c) => selected.includes(c.CustomerID)), [customers, selected]);
  const [organizationId, setOrganizationId] = useState<number | undefined>(selected[0]);
  const users = useAssignableUsers(undefined, organizationId).data ?? [];
  const units = useDevices().data;
  const containers = useSession((s) => s.containers);
  const locations = useMemo(
    () => containers.filter((c) => c.kind === 'location' && (organizationId === undefined || c.organizationId === organizationId)),
    [containers, organizationId],
  );
  const unitName = useMemo(() => new Map((units ?? []).map((u) => [u.UnitID, unitOption(u)])), [units]);
  const ids = { org: useId(), category: useId(), priority: useId(), location: useId(), due: useId() };
  const [form, setForm] = useState<AddWorkForm>({
    title: '',
    category: 'notice',
    priority: 'notice',
    assignees: [],
    unitIds: [],
    locationId: '',
    due: '',
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Today in the user's time zone: a due date before it is in the past.
  const today = dayIn(Date.now(), useTimeConfig());
  const errors = validateAddWork(form, today);
  const shown = tried ? errors : {};
  const set = <K extends keyof AddWorkForm>(k: K, v: AddWorkForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await api.http.request({
        method: ENDPOINTS.createTask.method,
        url: pathFor(ENDPOINTS.createTask),
        data: {
          ...(organizationId !== undefined ? { organizationId } : {}),
          title: form.title.trim(),
          category: form.category,
          priority: form.priority,
          ...(form.assignees.length ? { assignees: form.assignees } : {}),
          ...(form.unitIds.length ? { unitIds: form.unitIds } : {}),
          ...(form.locationId ? { locationId: form.locationId } : {}),
          ...(form.due ? { due: form.due } : {}),
        },
      });
      const task = unwrap<Task>(res.data);
      patchCachedTask(queryClient, task);
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      bus.emit('toast', { kind: 'success', message: t('add.created', { title: task.title }), raw: true });
      onCreated(task.id);
    } catch (err) {
      setFailure(t('add.error.failed', { reason: toWriteError(err).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('add.title')}
      onClose={onClose}
      closeLabel={t('common:action.close')}
      wide
      testId="add-work"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common:action.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void submit()} disabled={busy} aria-busy={busy || undefined} data-testid="add-work-submit">
            {t('add.submit')}
          </Button>
        </>
      }
    >
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('add.field.title')}
          value={form.title}
          maxLength={TITLE_MAX + 1}
          onChange={(e) => set('title', e.target.value)}
          error={shown.title ? t(shown.title, { max: TITLE_MAX }) : undefined}
          required
          data-testid="add-work-title"
        />
        {orgs.length > 1 && (
          <div className={css.formField}>
            <label className={css.fieldLabel} htmlFor={ids.org}>
              {t('add.field.organization')}
            </label>
            <Select
              id={ids.org}
              value={organizationId ?? ''}
              onChange={(e) => {
                // Assignees and the location belong to the organisation: another one starts without them.
                setOrganizationId(Number(e.target.value));
                setForm((f) => ({ ...f, assignees: [], locationId: '', unitIds: [] }));
              }}
              data-testid="add-work-organization"
            >
              {orgs.map((c) => (
                <option key={c.CustomerID} value={c.CustomerID}>
                  {c.CustomerName}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div className={css.formRow}>
          <div className={css.formField}>
            <label className={css.fieldLabel} htmlFor={ids.category}>
              {t('add.field.category')}
            </label>
            <Select id={ids.category} value={form.category} onChange={(e) => set('category', e.target.value as EventCategory)}>
              {EVENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`category.${c}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className={css.formField}>
            <label className={css.fieldLabel} htmlFor={ids.priority}>
              {t('add.field.priority')}
            </label>
            <Select
              id={ids.priority}
              value={form.priority}
              onChange={(e) => set('priority', e.target.value as Priority)}
              data-testid="add-work-priority"
            >
              {TASK_PRIORITY_LIST.map((p) => (
                <option key={p} value={p}>
                  {t(`taskPriority.${p}`)}
                </option>
              ))}
            </Select>
          </div>
          <div className={css.formField}>
            <label className={css.fieldLabel} htmlFor={ids.due}>
              {t('add.field.due')}
            </label>
            <input
              id={ids.due}
              type="date"
              className={css.dateInput}
              value={form.due}
              min={today}
              onChange={(e) => set('due', e.target.value)}
              aria-invalid={shown.due ? true : undefined}
              aria-describedby={shown.due ? `${ids.due}-error` : undefined}
              data-testid="add-work-due"
            />
            {shown.due && (
              <span id={`${ids.due}-error`} className={css.fieldError} role="alert">
                {t(shown.due)}
              </span>
            )}
          </div>
        </div>

        <fieldset className={css.fieldset}>
          <legend className={css.fieldLabel}>{t('add.field.assignees')}</legend>
          {users.length === 0 ? (
            <span className={css.muted}>{t('add.noUsers')}</span>
          ) : (
            <div className={css.checkList} data-testid="add-work-assignees">
              {users.map((u) => (
                <label key={u.username} className={css.check}>
                  <input
                    type="checkbox"
                    checked={form.assignees.includes(u.username)}
                    onChange={(e) =>
                      set(
                        'assignees',
                        e.target.checked ? [...form.assignees, u.username] : form.assignees.filter((x) => x !== u.username),
                      )
                    }
                  />
                  <span>{u.name}</span>
                  <span className={css.muted}>{u.username}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>

        <div className={css.formRow}>
          <div className={css.formField}>
            <UnitPicker
              label={t('add.field.units')}
              placeholder={t('add.unitPlaceholder')}
              value={undefined}
              clearOnPick
              {...(organizationId !== undefined ? { organizationId } : {})}
              onChange={(id) => id !== undefined && !form.unitIds.includes(id) && set('unitIds', [...form.unitIds, id])}
              testId="add-work-unit"
            />
            {form.unitIds.length > 0 && (
              <ul className={css.pickedList}>
                {form.unitIds.map((id) => (
                  <li key={id} className={css.picked}>
                    {unitName.get(id) ?? `#${id}`}
                    <button
                      type="button"
                      className={css.pickedRemove}
                      aria-label={t('add.removeUnit', { name: unitName.get(id) ?? `#${id}` })}
                      onClick={() => set('unitIds', form.unitIds.filter((x) => x !== id))}
                    >
                      <Icon name="close" size={12} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={css.formField}>
            <label className={css.fieldLabel} htmlFor={ids.location}>
              {t('add.field.location')}
            </label>
            <Select id={ids.location} value={form.locationId} onChange={(e) => set('locationId', e.target.value)}>
              <option value="">{t('add.noLocation')}</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {failure && (
          <p className={css.fieldError} role="alert">
            {failure}
          </p>
        )}
        {/* Enter in a field sends the form. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
