/**
 * The dialogs of the groups-and-locations screens: name a new or existing container, move a group
 * or location to another group, move selected units to a location, and delete (a confirmation that
 * names what goes). Each keeps what the user typed or chose when the write fails; a stale revision
 * (someone else changed it) offers a reload that keeps the input, then the user saves again.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  CONTAINER_PARENT_CYCLE,
  type Container,
  type ContainerKind,
  MESSAGES,
  validateContainerName,
} from '@fieldwatch/shared';
import { Button, ConfirmDialog, Modal, Select, TextField } from '@fieldwatch/shared/ui';
import type { WriteResult } from './container-api';
import css from './Containers.module.css';

type Failure = Extract<WriteResult<unknown>, { ok: false }>;

/**
 * A failed write as a sentence: what happened and what to do. `fallback` is the operation's own
 * message ("Failed to delete group", "Failed to move devices"), said for anything not more specific.
 */
export function failureText(t: TFunction<'devices'>, res: Failure, fallback: string): string {
  if (res.status === undefined) return t('containers.errors.network');
  if (res.status === 403) return t('containers.errors.forbidden');
  if (res.status === 409) return t('containers.errors.stale');
  if (res.status === 400 && res.message === MESSAGES.missingParameters)
    return t('containers.errors.missingName');
  if (res.status === 400 && res.message === CONTAINER_PARENT_CYCLE) return t('containers.errors.cycle');
  return fallback;
}

type Phase = { kind: 'idle' } | { kind: 'saving' } | { kind: 'error'; message: string; stale?: boolean };

/** A labelled choice of a dialog: the organisation of a new container, the place to move to. */
function ChoiceField(props: {
  label: string;
  value: string | number | undefined;
  choices: ReadonlyArray<{ id: string | number; label: string }>;
  onChange(value: string): void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={css.field}>
      <label htmlFor={id}>{props.label}</label>
      <Select
        id={id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      >
        {props.choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A failed write of a dialog: what happened and, when someone else changed it, a reload that keeps the input. */
function FailureAlert({ phase, onReload }: { phase: Phase; onReload(): void }) {
  const { t } = useTranslation('devices');
  if (phase.kind !== 'error') return null;
  return (
    <div className={css.alert} role="alert">
      <span>{phase.message}</span>
      {phase.stale && (
        <Button size="small" onClick={onReload} data-testid="reload-keep">
          {t('containers.dialog.reloadKeep')}
        </Button>
      )}
    </div>
  );
}

export interface OrgChoice {
  id: number;
  name: string;
}

/** Create or rename: a name field ("Missing parameters" as a field message), and the organisation for a new one. */
export function NameDialog(props: {
  kind: ContainerKind;
  mode: 'create' | 'rename';
  initial?: string;
  /** Where a new one goes ("in Mälardalen"); shown under the title. */
  context?: string;
  orgs?: OrgChoice[];
  onSubmit(name: string, organization?: number): Promise<WriteResult<unknown>>;
  onReload(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('devices');
  const [name, setName] = useState(props.initial ?? '');
  const [org, setOrg] = useState<number | undefined>(props.orgs?.[0]?.id);
  const [fieldError, setFieldError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'saving';

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (validateContainerName(name)) {
      setFieldError(t('containers.errors.missingName'));
      return;
    }
    setFieldError(undefined);
    setPhase({ kind: 'saving' });
    const res = await props.onSubmit(name.trim(), props.orgs && props.orgs.length > 1 ? org : undefined);
    if (res.ok) return; // the screen closes the dialog and says so
    if (res.status === 400 && res.message === MESSAGES.missingParameters) {
      setFieldError(t('containers.errors.missingName'));
      setPhase({ kind: 'idle' });
      return;
    }
    setPhase({
      kind: 'error',
      stale: res.status === 409,
      message: failureText(t, res, t(`containers.errors.saveFailed.${props.kind}`)),
    });
  };

  return (
    <Modal
      title={t(`containers.dialog.${props.mode}.${props.kind}`)}
      onClose={busy ? () => undefined : props.onClose}
      closeLabel={t('containers.dialog.close')}
      testId="container-name-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            {t('containers.dialog.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void submit()}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="name-save"
          >
            {busy ? t('containers.dialog.saving') : t(`containers.dialog.${props.mode}.save`)}
          </Button>
        </>
      }
    >
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        {props.context && <p className={css.muted}>{props.context}</p>}
        <TextField
          label={t(`containers.dialog.name.${props.kind}`)}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
          data-testid="container-name"
        />
        {props.orgs && props.orgs.length > 1 && (
          <ChoiceField
            label={t('containers.dialog.organization')}
            value={org}
            choices={props.orgs.map((o) => ({ id: o.id, label: o.name }))}
            onChange={(v) => setOrg(Number(v))}
          />
        )}
        <FailureAlert phase={phase} onReload={props.onReload} />
      </form>
    </Modal>
  );
}

export interface MoveChoice {
  /** '' for the top level (groups) or no group (locations). */
  id: string;
  label: string;
}

/** "Move to…": pick the new place from a list; the screen runs the move. */
export function MoveDialog(props: {
  title: string;
  text: string;
  choices: MoveChoice[];
  failure: string;
  onMove(id: string): Promise<WriteResult<unknown>>;
  onReload(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('devices');
  const [choice, setChoice] = useState(props.choices[0]?.id ?? '');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'saving';

  const move = async () => {
    if (busy || props.choices.length === 0) return;
    setPhase({ kind: 'saving' });
    const res = await props.onMove(choice);
    if (res.ok) return;
    setPhase({ kind: 'error', stale: res.status === 409, message: failureText(t, res, props.failure) });
  };

  return (
    <Modal
      title={props.title}
      onClose={busy ? () => undefined : props.onClose}
      closeLabel={t('containers.dialog.close')}
      testId="container-move-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            {t('containers.dialog.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void move()}
            disabled={busy || props.choices.length === 0}
            aria-busy={busy || undefined}
            data-testid="move-confirm"
          >
            {busy ? t('containers.dialog.moving') : t('containers.dialog.move')}
          </Button>
        </>
      }
    >
      <div className={css.form}>
        <p className={css.muted}>{props.text}</p>
        {props.choices.length === 0 ? (
          <p>{t('containers.dialog.noTargets')}</p>
        ) : (
          <ChoiceField
            label={t('containers.dialog.target')}
            value={choice}
            choices={props.choices}
            onChange={setChoice}
            testId="move-target"
          />
        )}
        <FailureAlert phase={phase} onReload={props.onReload} />
      </div>
    </Modal>
  );
}

/** Delete with a confirmation naming the container; "Failed to delete group" when it fails. */
export function DeleteDialog(props: {
  container: Container;
  onDelete(): Promise<WriteResult<unknown>>;
  onClose(): void;
}) {
  const { t } = useTranslation('devices');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { kind, name } = props.container;
  return (
    <ConfirmDialog
      title={t(`containers.delete.title.${kind}`, { name })}
      confirmLabel={t('containers.delete.confirm')}
      cancelLabel={t('containers.dialog.cancel')}
      closeLabel={t('containers.dialog.close')}
      danger
      busy={busy}
      error={error}
      testId="container-delete-dialog"
      onCancel={props.onClose}
      onConfirm={async () => {
        setBusy(true);
        const res = await props.onDelete();
        setBusy(false);
        if (!res.ok) setError(failureText(t, res, t(`containers.errors.deleteFailed.${kind}`)));
      }}
    >
      {t(`containers.delete.text.${kind}`, { name })}
    </ConfirmDialog>
  );
}
