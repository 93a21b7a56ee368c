/**
 * The markers of one channel's chart, under the chart: a list in time order (time, name, comments,
 * locked or open) and, for a user who may change the unit, the operations — add (also by clicking
 * the chart), edit the name, time and comments, lock and unlock, delete after a confirmation. A
 * locked marker is neither edited nor deleted until someone unlocks it (the server enforces the
 * same). A Reader sees the list without any control. Each write shows that it runs, what came of
 * it, and on a failure what to do; a dialog keeps what the user typed.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInfo, Marker } from '@fieldwatch/shared';
import { fromWallInput, toWallInput } from '@fieldwatch/shared/chart';
import { formatDateTime, loadViewLabels, useTimeConfig, type LoadState } from '@fieldwatch/shared/remote';
import { Button, Card, Chip, ConfirmDialog, LoadView, Modal, Table, TextField } from '@fieldwatch/shared/ui';
import {
  MARKER_COMMENTS_MAX,
  MARKER_NAME_MAX,
  type MarkerChange,
  type MarkerWriteError,
  useMarkerWrite,
} from './markers';
import css from './charts.module.css';

/** The marker dialog: a new marker at a time, or an existing one. */
export type MarkerEditor = { mode: 'add'; at: number } | { mode: 'edit'; marker: Marker };

type Action = 'create' | 'update' | 'lock' | 'unlock' | 'delete';
type Translate = (key: string, options?: Record<string, unknown>) => string;
interface Notice {
  tone: 'success' | 'danger' | 'neutral';
  text: string;
}

const P = 'unitTabs.charts.markers.';

/** What a refused write means to the user, and what to do. */
export function failureText(t: Translate, err: MarkerWriteError, action: Action, name: string): string {
  if (err.status === 403) return t('unitTabs.common.forbidden');
  if (err.status === 409) return t(`${P}failed.locked`);
  if (err.status === 404) return t(action === 'create' ? `${P}failed.noChannel` : `${P}failed.gone`);
  if (err.status === 400) return t(`${P}failed.invalid`, { message: err.message });
  return t(`${P}failed.${action}`, { name });
}

export function MarkersPanel(props: {
  unitId: number;
  unitName: string;
  channel: ChannelInfo;
  canEdit: boolean;
  markers: LoadState<Marker[]>;
  /** The time span the chart shows. */
  shown: { start: number; end: number };
  selected: number | null;
  onSelect: (id: number | null) => void;
  editor: MarkerEditor | null;
  onEditor: (editor: MarkerEditor | null) => void;
  /** Where Add marker puts a new marker: the latest measurement. */
  defaultAt: number;
  /** Changes the chart's range so the marker shows. */
  onShowMarker: (m: Marker) => void;
}) {
  const { unitId, channel, canEdit, markers, editor, onEditor, selected } = props;
  const { t } = useTranslation('devices');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<Marker | null>(null);
  const rows = useRef(new Map<number, HTMLTableRowElement>());
  useEffect(() => {
    if (selected !== null) rows.current.get(selected)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  useEffect(() => setNotice(null), [channel.ChannelID]);
  const count = markers.data?.length ?? 0;

  return (
    <Card
      title={t(`${P}count`, { channel: channel.ChannelName, count })}
      actions={
        canEdit ? (
          <Button size="small" variant="primary" onClick={() => onEditor({ mode: 'add', at: props.defaultAt })}>
            {t(`${P}add`)}
          </Button>
        ) : undefined
      }
      data-testid="markers"
      flush
    >
      <p className={css.intro}>{canEdit ? t(`${P}hint`) : t(`${P}readOnly`)}</p>
      <div className={css.noticeSlot} aria-live="polite">
        {notice && (
          <p className={css.notice} data-tone={notice.tone} role={notice.tone === 'danger' ? 'alert' : 'status'} data-testid="marker-notice">
            {notice.text}
          </p>
        )}
      </div>
      <LoadView load={markers} labels={loadViewLabels(t, P)} bare>
        {(list) =>
          list.length === 0 ? (
            <p className={css.empty}>{t(`${P}none`)}</p>
          ) : (
            <div className={css.markerTable}>
              <Table label={t(`${P}tableLabel`, { channel: channel.ChannelName })} stacked>
                <thead>
                  <tr>
                    <th scope="col">{t(`${P}time`)}</th>
                    <th scope="col">{t(`${P}marker`)}</th>
                    <th scope="col">{t(`${P}state`)}</th>
                    {canEdit && <th scope="col">{t('unitTabs.common.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.map((m) => (
                    <MarkerRow
                      key={m.id}
                      rowRef={(el) => {
                        if (el) rows.current.set(m.id, el);
                        else rows.current.delete(m.id);
                      }}
                      unitId={unitId}
                      channel={channel.ChannelID}
                      marker={m}
                      canEdit={canEdit}
                      selected={m.id === selected}
                      inRange={Date.parse(m.position) >= props.shown.start && Date.parse(m.position) <= props.shown.end}
                      onSelect={() => props.onSelect(m.id === selected ? null : m.id)}
                      onShow={() => props.onShowMarker(m)}
                      onEdit={() => onEditor({ mode: 'edit', marker: m })}
                      onDelete={() => setDeleting(m)}
                      onNotice={setNotice}
                    />
                  ))}
                </tbody>
              </Table>
            </div>
          )
        }
      </LoadView>
      {editor && (
        <MarkerDialog
          unitId={unitId}
          channel={channel}
          editor={editor}
          onClose={() => onEditor(null)}
          onDone={(text, marker) => {
            onEditor(null);
            setNotice({ tone: 'success', text });
            if (marker) props.onSelect(marker.id);
          }}
        />
      )}
      {deleting && (
        <DeleteMarkerDialog
          unitId={unitId}
          unitName={props.unitName}
          channel={channel}
          marker={deleting}
          onClose={() => setDeleting(null)}
          onDone={(n) => {
            setDeleting(null);
            setNotice(n);
            if (selected === deleting.id) props.onSelect(null);
          }}
        />
      )}
    </Card>
  );
}

function MarkerRow(props: {
  rowRef: (el: HTMLTableRowElement | null) => void;
  unitId: number;
  channel: number;
  marker: Marker;
  canEdit: boolean;
  selected: boolean;
  inRange: boolean;
  onSelect: () => void;
  onShow: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onNotice: (n: Notice) => void;
}) {
  const { marker: m, canEdit } = props;
  const { t } = useTranslation('devices');
  const tc = useTimeConfig();
  const write = useMarkerWrite(props.unitId, props.channel);
  const busy = write.isPending;
  const toggleLock = () => {
    const action: Action = m.locked ? 'unlock' : 'lock';
    write.mutate(
      { kind: 'update', marker: m, patch: { locked: !m.locked } },
      {
        onSuccess: () => props.onNotice({ tone: 'success', text: t(`${P}done.${action}`, { name: m.name }) }),
        onError: (err) => props.onNotice({ tone: 'danger', text: failureText(t, err, action, m.name) }),
      },
    );
  };
  const time = formatDateTime(Date.parse(m.position), tc);
  const lockedTitle = m.locked ? t(`${P}lockedFirst`) : undefined;
  return (
    <tr ref={props.rowRef} data-selected={props.selected || undefined} data-testid={`marker-${m.id}`}>
      <td data-label={t(`${P}time`)}>
        <button
          type="button"
          className={css.timeButton}
          aria-pressed={props.inRange ? props.selected : undefined}
          onClick={props.inRange ? props.onSelect : props.onShow}
          title={props.inRange ? undefined : t(`${P}showOnChartOf`, { name: m.name })}
        >
          {time}
        </button>
        {!props.inRange && <span className={css.outside}>{t(`${P}outside`)}</span>}
      </td>
      <td data-label={t(`${P}marker`)} className={css.wide}>
        <span className={css.markerName}>{m.name}</span>
        {m.comments && <span className={css.comments}>{m.comments}</span>}
      </td>
      <td data-label={t(`${P}state`)}>
        {m.locked ? (
          <Chip tone="info" title={t(`${P}lockedHelp`)}>
            {t(`${P}locked`)}
          </Chip>
        ) : (
          <span className={css.muted}>{t(`${P}open`)}</span>
        )}
      </td>
      {canEdit && (
        <td data-label={t('unitTabs.common.actions')} className={css.wide}>
          <div className={css.rowActions}>
            <Button
              size="small"
              onClick={props.onEdit}
              disabled={m.locked || busy}
              title={lockedTitle}
              aria-label={t(`${P}editOf`, { name: m.name })}
            >
              {t(`${P}edit`)}
            </Button>
            <Button
              size="small"
              onClick={toggleLock}
              disabled={busy}
              aria-busy={busy || undefined}
              aria-label={t(m.locked ? `${P}unlockOf` : `${P}lockOf`, { name: m.name })}
            >
              {t(m.locked ? `${P}unlock` : `${P}lock`)}
            </Button>
            <Button
              size="small"
              variant="danger"
              onClick={props.onDelete}
              disabled={m.locked || busy}
              title={lockedTitle}
              aria-label={t(`${P}deleteOf`, { name: m.name })}
            >
              {t(`${P}delete`)}
            </Button>
          </div>
        </td>
      )}
    </tr>
  );
}

function MarkerDialog(props: {
  unitId: number;
  channel: ChannelInfo;
  editor: MarkerEditor;
  onClose: () => void;
  onDone: (text: string, marker: Marker | null) => void;
}) {
  const { editor, channel } = props;
  const { t } = useTranslation('devices');
  const tc = useTimeConfig();
  const formId = useId();
  const editing = editor.mode === 'edit' ? editor.marker : null;
  const [initial] = useState(() => ({
    name: editing?.name ?? '',
    time: toWallInput(editing ? Date.parse(editing.position) : (editor as { at: number }).at, tc),
    comments: editing?.comments ?? '',
  }));
  const [name, setName] = useState(initial.name);
  const [time, setTime] = useState(initial.time);
  const [comments, setComments] = useState(initial.comments);
  const [lock, setLock] = useState(false);
  const [problem, setProblem] = useState<{ field: 'name' | 'time' | 'comments'; text: string } | null>(null);
  const write = useMarkerWrite(props.unitId, channel.ChannelID);
  const busy = write.isPending;
  const action: Action = editing ? 'update' : 'create';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    const at = fromWallInput(time, tc);
    if (trimmed === '') return setProblem({ field: 'name', text: t(`${P}dialog.nameRequired`) });
    if (trimmed.length > MARKER_NAME_MAX)
      return setProblem({ field: 'name', text: t(`${P}dialog.nameTooLong`, { max: MARKER_NAME_MAX }) });
    if (!Number.isFinite(at)) return setProblem({ field: 'time', text: t(`${P}dialog.timeInvalid`) });
    if (comments.length > MARKER_COMMENTS_MAX)
      return setProblem({ field: 'comments', text: t(`${P}dialog.commentsTooLong`, { max: MARKER_COMMENTS_MAX }) });
    setProblem(null);
    const position = new Date(at).toISOString();
    let change: MarkerChange;
    if (editing) {
      const patch = {
        ...(trimmed !== editing.name ? { name: trimmed } : {}),
        ...(time !== initial.time ? { position } : {}),
        ...(comments !== editing.comments ? { comments } : {}),
      };
      // Nothing changed: nothing to send.
      if (Object.keys(patch).length === 0) return props.onClose();
      change = { kind: 'update', marker: editing, patch };
    } else {
      change = { kind: 'create', input: { name: trimmed, position, comments, ...(lock ? { locked: true } : {}) } };
    }
    write.mutate(change, {
      onSuccess: (saved) => props.onDone(t(`${P}done.${action}`, { name: trimmed }), saved),
    });
  };

  const error = write.error ? failureText(t, write.error, action, name.trim()) : null;
  const fieldError = (f: 'name' | 'time' | 'comments') => (problem?.field === f ? problem.text : undefined);
  const commentsId = useId();
  return (
    <Modal
      title={editing ? t(`${P}dialog.editTitle`, { name: editing.name }) : t(`${P}dialog.addTitle`, { channel: channel.ChannelName })}
      onClose={busy ? () => undefined : props.onClose}
      closeLabel={t('common:action.close')}
      testId="marker-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            {t('common:action.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {editing ? t(`${P}dialog.save`) : t(`${P}dialog.add`)}
          </Button>
        </>
      }
    >
      <form id={formId} className={css.form} onSubmit={submit} noValidate>
        <TextField
          label={t(`${P}dialog.name`)}
          value={name}
          maxLength={MARKER_NAME_MAX}
          placeholder={t(`${P}dialog.nameHelp`)}
          onChange={(e) => setName(e.target.value)}
          error={fieldError('name')}
          autoComplete="off"
        />
        <TextField
          label={t(`${P}dialog.time`, { zone: tc.timezone })}
          type="datetime-local"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          error={fieldError('time')}
        />
        <div className={css.textareaField}>
          <label htmlFor={commentsId}>{t(`${P}dialog.comments`)}</label>
          <textarea
            id={commentsId}
            className={css.textarea}
            value={comments}
            rows={4}
            maxLength={MARKER_COMMENTS_MAX}
            aria-invalid={fieldError('comments') ? true : undefined}
            aria-describedby={`${commentsId}-help`}
            onChange={(e) => setComments(e.target.value)}
          />
          <span id={`${commentsId}-help`} className={fieldError('comments') ? css.fieldError : css.help}>
            {fieldError('comments') ?? t(`${P}dialog.commentsHelp`, { max: MARKER_COMMENTS_MAX })}
          </span>
        </div>
        {!editing && (
          <label className={css.check}>
            <input type="checkbox" checked={lock} onChange={(e) => setLock(e.target.checked)} />
            <span>{t(`${P}dialog.lockNew`)}</span>
          </label>
        )}
        {error && (
          <p className={css.dialogError} role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}

function DeleteMarkerDialog(props: {
  unitId: number;
  unitName: string;
  channel: ChannelInfo;
  marker: Marker;
  onClose: () => void;
  onDone: (n: Notice) => void;
}) {
  const { marker: m, channel } = props;
  const { t } = useTranslation('devices');
  const tc = useTimeConfig();
  const write = useMarkerWrite(props.unitId, channel.ChannelID);
  const [error, setError] = useState<string>();
  const confirm = () =>
    write.mutate(
      { kind: 'delete', marker: m },
      {
        onSuccess: () => props.onDone({ tone: 'success', text: t(`${P}done.delete`, { name: m.name }) }),
        onError: (err) => {
          // Already gone: what the user wanted; the list is reloaded.
          if (err.status === 404) props.onDone({ tone: 'neutral', text: t(`${P}failed.gone`) });
          else setError(failureText(t, err, 'delete', m.name));
        },
      },
    );
  return (
    <ConfirmDialog
      title={t(`${P}confirmDelete.title`)}
      confirmLabel={t(`${P}confirmDelete.confirm`)}
      cancelLabel={t('common:action.cancel')}
      closeLabel={t('common:action.close')}
      onConfirm={confirm}
      onCancel={props.onClose}
      danger
      busy={write.isPending}
      error={error}
      testId="delete-marker-dialog"
    >
      {t(`${P}confirmDelete.text`, {
        name: m.name,
        time: formatDateTime(Date.parse(m.position), tc),
        channel: channel.ChannelName,
        unit: props.unitName,
      })}
    </ConfirmDialog>
  );
}
