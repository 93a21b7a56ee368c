/**
 * The panel of one task (?task=<id>, deep-linkable): status, archive and restore, assignees,
 * title, category, priority, due date, units and location, linked events and alarms (by name, with
 * acknowledge), files, notes and the activity log. Writes go at the task's revision and are
 * re-applied once on a conflict; text the user typed stays in its field until it is saved.
 */
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alarmActionsFor,
  EVENT_CATEGORIES,
  TASK_STATUSES,
  type EventCategory,
  type TaskStatus,
} from '@fieldwatch/shared';
import {
  AbsoluteTime,
  formatDate,
  RelativeTime,
  useAlarmActions,
  useAlarmStatuses,
  useRemote,
  useServerText,
  useSession,
  useTimeConfig,
} from '@fieldwatch/shared/remote';
import { Button, Chip, EmptyState, Icon, LoadingState, Select, Spinner, VisuallyHidden } from '@fieldwatch/shared/ui';
import { CategoryChip, TaskPriorityChip, TaskStatusChip } from '../../ui/Chip';
import { trapTab } from '../../ui/focus';
import { ActivityLog } from './ActivityLog';
import { FilesSection } from './FilesSection';
import { useAssignableUsers, useTaskDetail, useTaskWriter } from './task-api';
import type { TaskOp } from './task-contract';
import { TASK_PRIORITY_LIST, type Priority, type TaskDetail, type TaskEventDetail } from './task-types';
import { toWriteError } from './task-write';
import { UnitPicker } from './UnitPicker';
import css from './TaskPanel.module.css';

export function TaskPanel({ id, canWrite, onClose }: { id: string; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const detail = useTaskDetail(id);

  // Focus moves into the panel when it opens and back where it was when it closes; Escape closes.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"][aria-modal="true"]:not([data-task-panel])')) onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  let body: ReactNode;
  if (detail.data) body = <TaskDetailView key={id} task={detail.data} canWrite={canWrite} />;
  else if (detail.isError)
    body = (
      <div className={css.body}>
        <VisuallyHidden as="h2" id="fw-task-panel-title">
          {t('detail.missing.title')}
        </VisuallyHidden>
        <EmptyState title={t('detail.missing.title')}>{t('detail.missing.text')}</EmptyState>
      </div>
    );
  else body = <LoadingState label={t('detail.loading')} />;

  return (
    <>
      <div className={css.backdrop} onClick={onClose} aria-hidden="true" />
      <aside
        ref={panelRef}
        className={css.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="fw-task-panel-title"
        // A control that goes away (a saved title, an acknowledged alarm) hands the focus here.
        tabIndex={-1}
        onKeyDown={(e) => {
          // Only the panel's own keys: a dialog opened from it (a portal) keeps its own.
          const root = panelRef.current;
          if (root && root.contains(e.target as Node)) trapTab(e, root);
        }}
        data-task-panel
        data-testid="task-panel"
      >
        <header className={css.head}>
          <span className={css.kicker}>{t('detail.label')}</span>
          <button ref={closeRef} type="button" className={css.close} onClick={onClose} aria-label={t('common:action.close')}>
            <Icon name="close" size={16} />
          </button>
        </header>
        {body}
      </aside>
    </>
  );
}

/**
 * After a change that took the focused control away (an acknowledged alarm's button, a control
 * re-rendered by the write), the focus goes to `fallback`, or to the panel, instead of being lost
 * to the page behind the dialog.
 */
export function rescueFocus(fallback?: HTMLElement | null) {
  const check = () => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target = fallback && fallback.isConnected ? fallback : document.querySelector<HTMLElement>('[data-task-panel]');
    target?.focus();
  };
  // After React has drawn the result.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(check);
  else setTimeout(check, 0);
}

/** Runs operations on the task; each scope (a field) has its own busy state and error text. */
function useOps(id: string) {
  const write = useTaskWriter(id);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (scope: string, op: TaskOp): Promise<boolean> => {
    setBusy(scope);
    setErrors(({ [scope]: _gone, ...rest }) => rest);
    try {
      await write(op);
      return true;
    } catch (err) {
      setErrors((e) => ({ ...e, [scope]: toWriteError(err).message }));
      return false;
    } finally {
      setBusy(null);
      rescueFocus();
    }
  };
  return { run, busy, errors };
}

const WORK_STATUSES = TASK_STATUSES.filter((s) => s !== 'archived');

function TaskDetailView({ task, canWrite }: { task: TaskDetail; canWrite: boolean }) {
  const { t } = useTranslation('tasks');
  const timeConfig = useTimeConfig();
  const me = useSession((s) => s.user?.username);
  const { run, busy, errors } = useOps(task.id);
  // A field whose write failed says so (aria-invalid) and points at its message (aria-describedby).
  const base = useId();
  const errorId = (scope: string) => `${base}-${scope}-error`;
  const invalid = (scope: string) =>
    errors[scope] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(scope) } : {};
  const fieldError = (scope: string) => <FieldError id={errorId(scope)} message={errors[scope]} />;
  const users = useAssignableUsers(task.id).data;
  const userName = useMemo(() => {
    const m = new Map((users ?? []).map((u) => [u.username, u.name]));
    return (u: string) => m.get(u) ?? u;
  }, [users]);
  const title = useServerText().taskTitle(task);
  const archived = task.status === 'archived';
  const unassigned = (users ?? []).filter((u) => !task.assignees.includes(u.username));

  return (
    <div className={css.body} data-task-id={task.id} data-revision={task.revision}>
      <div className={css.chips}>
        <TaskStatusChip status={task.status} />
        <TaskPriorityChip priority={task.priority} />
        <Chip tone="muted">{t(`type.${task.type}`)}</Chip>
      </div>
      <TitleEditor title={title} canWrite={canWrite} busy={busy === 'title'} error={errors.title} onSave={(v) => run('title', { op: 'title', title: v })} />

      <Section title={t('detail.status')}>
        {canWrite ? (
          <div className={css.statusRow}>
            {!archived && (
              <div className={css.statusButtons} role="group" aria-label={t('detail.status')} {...invalid('status')}>
                {WORK_STATUSES.map((s) => (
                  // Not disabled while a write is on its way (aria-disabled): a disabled button
                  // would drop the keyboard focus the user just pressed it with.
                  <button
                    key={s}
                    type="button"
                    className={css.statusButton}
                    aria-pressed={task.status === s}
                    aria-disabled={busy !== null || undefined}
                    onClick={() =>
                      busy === null && task.status !== s && void run('status', { op: 'status', status: s as TaskStatus })
                    }
                    data-testid={`set-status-${s}`}
                  >
                    {/* The current status is marked by more than its colour. */}
                    {task.status === s && <Icon name="check" size={12} strokeWidth={2.4} />}
                    {t(`status.${s}`)}
                  </button>
                ))}
              </div>
            )}
            {archived ? (
              <Button size="small" onClick={() => void run('status', { op: 'restore' })} disabled={busy !== null} data-testid="restore-task">
                {t('detail.restore')}
              </Button>
            ) : (
              <Button size="small" onClick={() => void run('status', { op: 'status', status: 'archived' })} disabled={busy !== null} data-testid="archive-task">
                {t('detail.archive')}
              </Button>
            )}
          </div>
        ) : (
          <TaskStatusChip status={task.status} />
        )}
        {fieldError('status')}
      </Section>

      <Section title={t('col.assignees')}>
        <ul className={css.people} data-testid="task-assignees">
          {task.assignees.length === 0 && <li className={css.muted}>{t('unassigned')}</li>}
          {task.assignees.map((u) => (
            <li key={u} className={css.person}>
              <span className={css.avatar} aria-hidden="true">
                {userName(u).slice(0, 1).toUpperCase()}
              </span>
              <span>{userName(u)}</span>
              {canWrite && (
                <button
                  type="button"
                  className={css.iconButton}
                  aria-label={t('detail.unassign', { name: userName(u) })}
                  title={t('detail.unassign', { name: userName(u) })}
                  disabled={busy !== null}
                  onClick={() => void run('assignees', { op: 'unassign', user: u })}
                >
                  <Icon name="close" size={12} />
                </button>
              )}
            </li>
          ))}
        </ul>
        {canWrite && (
          <div className={css.inlineForm}>
            <Select
              compact
              aria-label={t('detail.assign')}
              {...invalid('assignees')}
              value=""
              disabled={busy !== null}
              onChange={(e) => e.target.value && void run('assignees', { op: 'assign', user: e.target.value })}
              data-testid="assign-user"
            >
              <option value="">{t('detail.assign')}</option>
              {me && !task.assignees.includes(me) && <option value={me}>{t('detail.assignMe')}</option>}
              {unassigned.map((u) => (
                <option key={u.username} value={u.username}>
                  {u.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        {fieldError('assignees')}
      </Section>

      <Section title={t('detail.details')}>
        <dl className={css.facts}>
          <dt>{t('col.priority')}</dt>
          <dd>
            {canWrite ? (
              <Select
                compact
                aria-label={t('col.priority')}
                {...invalid('priority')}
                value={task.priority}
                disabled={busy !== null}
                onChange={(e) => void run('priority', { op: 'priority', priority: e.target.value as Priority })}
                data-testid="set-priority"
              >
                {TASK_PRIORITY_LIST.map((p) => (
                  <option key={p} value={p}>
                    {t(`taskPriority.${p}`)}
                  </option>
                ))}
              </Select>
            ) : (
              <TaskPriorityChip priority={task.priority} />
            )}
            {fieldError('priority')}
          </dd>
          <dt>{t('col.category')}</dt>
          <dd>
            {canWrite ? (
              <Select
                compact
                aria-label={t('col.category')}
                {...invalid('category')}
                value={task.category}
                disabled={busy !== null}
                onChange={(e) => void run('category', { op: 'category', category: e.target.value as EventCategory })}
              >
                {EVENT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`category.${c}`)}
                  </option>
                ))}
              </Select>
            ) : (
              <CategoryChip category={task.category} />
            )}
            {fieldError('category')}
          </dd>
          <dt>{t('col.due')}</dt>
          <dd>
            {canWrite ? (
              <input
                type="date"
                className={css.dateInput}
                aria-label={t('col.due')}
                {...invalid('due')}
                value={task.due?.slice(0, 10) ?? ''}
                disabled={busy !== null}
                onChange={(e) => void run('due', { op: 'due', due: e.target.value || null })}
                data-testid="set-due"
              />
            ) : task.due ? (
              formatDate(`${task.due.slice(0, 10)} 12:00:00`, timeConfig)
            ) : (
              <span className={css.muted}>—</span>
            )}
            {fieldError('due')}
          </dd>
          <dt>{t('detail.units')}</dt>
          <dd>
            <UnitsEditor
              task={task}
              canWrite={canWrite && task.type === 'custom'}
              busy={busy !== null}
              invalid={invalid('units')}
              onSet={(unitIds) => run('units', { op: 'units', unitIds })}
            />
            {fieldError('units')}
          </dd>
          <dt>{t('detail.location')}</dt>
          <dd>
            <LocationEditor
              task={task}
              canWrite={canWrite}
              busy={busy !== null}
              invalid={invalid('location')}
              onSet={(locationId) => run('location', { op: 'location', locationId })}
            />
            {fieldError('location')}
          </dd>
          <dt>{t('col.created')}</dt>
          <dd>
            <AbsoluteTime date={task.created} />
          </dd>
        </dl>
      </Section>

      <Section title={t('detail.events', { count: task.events.length })}>
        {task.events.length === 0 ? (
          <p className={css.muted}>{t('detail.noEvents')}</p>
        ) : (
          <ul className={css.events} data-testid="task-events">
            {task.events.map((e) => (
              <EventItem key={e.event.id} item={e} />
            ))}
          </ul>
        )}
      </Section>

      <FilesSection task={task} canWrite={canWrite} userName={userName} />

      <Section title={t('detail.notes')}>
        {canWrite && <NoteEditor busy={busy === 'note'} error={errors.note} onSave={(note) => run('note', { op: 'note', note })} />}
      </Section>

      <ActivityLog task={task} userName={userName} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={css.section}>
      <h3 className={css.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** What the server said of a field's write; the field names it in aria-describedby. */
function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={css.error} role="alert">
      {message}
    </p>
  );
}

/**
 * The title, and its editor: the typed text stays through pushes and failures until it is saved.
 * The focus goes into the field on Edit and back to Edit when the editor closes (saved, Cancel or
 * Escape, which here closes the editor, not the panel).
 */
function TitleEditor(props: { title: string; canWrite: boolean; busy: boolean; error?: string; onSave: (v: string) => Promise<boolean> }) {
  const { t } = useTranslation('tasks');
  const [draft, setDraft] = useState<string | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const errorId = useId();
  useEffect(() => {
    if (draft === null && returnFocus.current) {
      returnFocus.current = false;
      editRef.current?.focus();
    }
  }, [draft]);
  const close = () => {
    returnFocus.current = true;
    setDraft(null);
  };
  if (draft === null)
    return (
      <div className={css.titleRow}>
        <h2 id="fw-task-panel-title" className={css.title} data-testid="task-title">
          {props.title}
        </h2>
        {props.canWrite && (
          <button
            ref={editRef}
            type="button"
            className={css.iconButton}
            aria-label={t('detail.editTitle')}
            title={t('detail.editTitle')}
            onClick={() => setDraft(props.title)}
            data-testid="edit-title"
          >
            <Icon name="title" size={14} />
          </button>
        )}
      </div>
    );
  const save = async () => {
    if (props.busy) return;
    const v = draft.trim();
    if (!v) return;
    if (await props.onSave(v)) close();
  };
  return (
    <form
      className={css.titleForm}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <VisuallyHidden as="h2" id="fw-task-panel-title">
        {props.title}
      </VisuallyHidden>
      <input
        className={css.textInput}
        aria-label={t('detail.titleLabel')}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        value={draft}
        maxLength={500}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || props.busy) return;
          e.stopPropagation();
          close();
        }}
        data-testid="title-input"
      />
      <div className={css.formButtons}>
        <Button
          size="small"
          variant="primary"
          type="submit"
          aria-disabled={props.busy || !draft.trim() || undefined}
          data-testid="save-title"
        >
          {props.busy ? <Spinner label={t('detail.saving')} /> : t('common:action.save')}
        </Button>
        <Button size="small" onClick={close} disabled={props.busy}>
          {t('common:action.cancel')}
        </Button>
      </div>
      <FieldError id={errorId} message={props.error} />
    </form>
  );
}

/** A new note. After it is saved the focus goes back to the (emptied) field, for the next one. */
function NoteEditor(props: { busy: boolean; error?: string; onSave: (note: string) => Promise<boolean> }) {
  const { t } = useTranslation('tasks');
  const [note, setNote] = useState('');
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const save = async () => {
    if (props.busy || !note.trim()) return;
    if (await props.onSave(note)) {
      setNote('');
      fieldRef.current?.focus();
    }
  };
  return (
    <form
      className={css.noteForm}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <textarea
        ref={fieldRef}
        className={css.textArea}
        aria-label={t('detail.noteLabel')}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        placeholder={t('detail.notePlaceholder')}
        value={note}
        rows={3}
        maxLength={10_000}
        onChange={(e) => setNote(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
        }}
        data-testid="note-input"
      />
      <div className={css.formButtons}>
        {/* aria-disabled, not disabled: the button keeps the focus while the note is saved. */}
        <Button
          size="small"
          variant="primary"
          type="submit"
          aria-disabled={props.busy || !note.trim() || undefined}
          data-testid="add-note"
        >
          {t('detail.addNote')}
        </Button>
      </div>
      <FieldError id={errorId} message={props.error} />
    </form>
  );
}

function UnitLink({ id, name }: { id: number; name: string }) {
  const { navigate } = useRemote();
  const href = `/devicemanagement/${id}`;
  return (
    <a
      href={href}
      className={css.link}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(href);
      }}
      data-testid="unit-link"
    >
      {name}
    </a>
  );
}

/** aria-invalid and aria-describedby of a field whose write failed (none otherwise). */
type InvalidProps = { 'aria-invalid'?: true; 'aria-describedby'?: string };

function UnitsEditor(props: {
  task: TaskDetail;
  canWrite: boolean;
  busy: boolean;
  invalid: InvalidProps;
  onSet: (ids: number[]) => Promise<boolean>;
}) {
  const { t } = useTranslation('tasks');
  const { task } = props;
  const ids = task.units.map((u) => u.id);
  return (
    <div className={css.unitsEditor}>
      {task.units.length === 0 && <span className={css.muted}>—</span>}
      {task.units.length > 0 && (
        <ul className={css.unitList}>
          {task.units.map((u) => (
            <li key={u.id} className={css.unitItem}>
              <UnitLink id={u.id} name={u.name} />
              {props.canWrite && (
                <button
                  type="button"
                  className={css.iconButton}
                  aria-label={t('add.removeUnit', { name: u.name })}
                  disabled={props.busy}
                  onClick={() => void props.onSet(ids.filter((x) => x !== u.id))}
                >
                  <Icon name="close" size={12} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.canWrite && (
        <UnitPicker
          compact
          clearOnPick
          organizationId={task.organizationId}
          label={t('detail.addUnit')}
          placeholder={t('detail.addUnit')}
          value={undefined}
          inputProps={props.invalid}
          onChange={(id) => id !== undefined && !ids.includes(id) && void props.onSet([...ids, id])}
        />
      )}
    </div>
  );
}

function LocationEditor(props: {
  task: TaskDetail;
  canWrite: boolean;
  busy: boolean;
  invalid: InvalidProps;
  onSet: (id: string | null) => Promise<boolean>;
}) {
  const { t } = useTranslation('tasks');
  const containers = useSession((s) => s.containers);
  const locations = containers.filter((c) => c.kind === 'location' && c.organizationId === props.task.organizationId);
  if (!props.canWrite) return props.task.location ? <>{props.task.location.name}</> : <span className={css.muted}>—</span>;
  return (
    <Select
      compact
      aria-label={t('detail.location')}
      {...props.invalid}
      value={props.task.location?.id ?? ''}
      disabled={props.busy}
      onChange={(e) => void props.onSet(e.target.value || null)}
    >
      <option value="">{t('add.noLocation')}</option>
      {props.task.location && !locations.some((l) => l.id === props.task.location!.id) && (
        <option value={props.task.location.id}>{props.task.location.name}</option>
      )}
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name}
        </option>
      ))}
    </Select>
  );
}

/** A linked event: what, on which unit (a link to its page), where, and its alarm's state with Acknowledge. */
function EventItem({ item }: { item: TaskEventDetail }) {
  const { t } = useTranslation('tasks');
  const actions = useAlarmActions();
  const live = useAlarmStatuses();
  const { event } = item;
  const alarm = item.alarm ? (live.get(item.alarm.alarmId) ?? item.alarm) : null;
  const serverText = useServerText();
  const type = event.alarm ? serverText.alarmType(event.alarm.type) : null;
  const title = serverText.eventTitle(event);
  const label = type && item.unit ? t('common:alarmActions.alarmOn', { type, unit: item.unit.name }) : title;
  const canAck = !!alarm && actions.canAct && alarmActionsFor(alarm.state).includes('acknowledge');
  const itemRef = useRef<HTMLLIElement>(null);
  return (
    // tabIndex -1: an acknowledged alarm's button goes away; the focus stays on its event.
    <li ref={itemRef} tabIndex={-1} className={css.event} data-testid="task-event" data-alarm-state={alarm?.state}>
      <div className={css.eventHead}>
        <span className={css.eventTitle}>{type ?? title}</span>
        <RelativeTime date={event.created} className={css.muted} />
      </div>
      <div className={css.eventWhere}>
        {item.unit ? <UnitLink id={item.unit.id} name={item.unit.name} /> : event.unitName && <span>{event.unitName}</span>}
        {item.location && <span className={css.muted}> · {item.location.name}</span>}
        {item.groups.length > 0 && <span className={css.muted}> · {item.groups.map((g) => g.name).join(', ')}</span>}
      </div>
      {alarm && (
        <div className={css.eventAlarm}>
          <Chip tone={alarm.state === 'activeUnacknowledged' ? 'danger' : alarm.state === 'activeAcknowledged' ? 'warning' : 'muted'}>
            {t(`common:alarmState.${alarm.state}`)}
          </Chip>
          {alarm.acknowledgedBy && alarm.acknowledgedAt && (
            <span className={css.muted}>
              {t('common:alarmActions.acknowledgedByName', { name: alarm.acknowledgedBy })} · <AbsoluteTime date={alarm.acknowledgedAt} />
            </span>
          )}
          {canAck && (
            <Button
              size="small"
              disabled={actions.busy.has(alarm.alarmId)}
              onClick={() =>
                void actions.run('acknowledge', [{ id: alarm.alarmId, label }]).then(() => rescueFocus(itemRef.current))
              }
              aria-label={t('common:alarmActions.acknowledgeOne', { name: label })}
              data-testid="acknowledge-alarm"
            >
              {t('common:alarmActions.acknowledge')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
