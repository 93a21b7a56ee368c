/**
 * The user dialog of /admin/users: invite (by e-mail), add (with a username) or edit a user. Edit
 * also shows his sign-ins: the last one, his open sessions (end them all) and the password link.
 * Nobody types a password here: a new user chooses his own from the mailed link.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  parsePersonalNumber,
  queryKeys,
  type ManagedUser,
  type ManagedUserSessions,
  type UpdateUserBody,
  type UserType,
} from '@fieldwatch/shared';
import { RelativeTime, useRemote } from '@fieldwatch/shared/remote';
import { Button, Modal, Select, TextField } from '@fieldwatch/shared/ui';
import { parseUserAgent } from '../sessions/userAgent';
import {
  createUser,
  endUserSessions,
  inviteUser,
  loadUserSessions,
  sendResetLink,
  updateUser,
  type Failure,
} from './api';
import css from './UserDialog.module.css';

export type DialogMode = { kind: 'invite' } | { kind: 'create' } | { kind: 'edit'; user: ManagedUser };

interface Values {
  username: string;
  name: string;
  title: string;
  email: string;
  phone: string;
  userType: UserType;
  organizationIds: number[];
  /** A personal identity number to link (edit only; empty: leave as it is). */
  personalNumber: string;
  /** Unlink the one he has (edit only). */
  unlinkPersonalNumber: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The text of a failure: a known refusal translated, else the server's words. */
export function useFailureText() {
  const { t } = useTranslation('admin');
  return (f: Failure) => ('key' in f ? t(`users.errors.${f.key}`) : f.text);
}

export function UserDialog(props: {
  mode: DialogMode;
  /** The organisations the caller administers (what a user can be given). */
  organizations: Array<{ id: number; name: string }>;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const failureText = useFailureText();
  const { mode } = props;
  const editing = mode.kind === 'edit' ? mode.user : null;
  const [values, setValues] = useState<Values>(() => ({
    username: editing?.username ?? '',
    name: editing?.name ?? '',
    title: editing?.title ?? '',
    email: editing?.email ?? '',
    phone: editing?.phone ?? '',
    userType: editing?.userType ?? 1,
    organizationIds:
      editing?.organizations.map((o) => o.id) ?? (props.organizations.length === 1 ? [props.organizations[0]!.id] : []),
    personalNumber: '',
    unlinkPersonalNumber: false,
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((old) => ({ ...old, [k]: v }));

  function check(): boolean {
    const next: Partial<Record<keyof Values, string>> = {};
    if (mode.kind === 'create' && !values.username.trim()) next.username = t('users.form.required', { name: t('users.form.username') });
    if (!values.name.trim()) next.name = t('users.form.required', { name: t('users.form.name') });
    if (!values.email.trim()) next.email = t('users.form.required', { name: t('users.form.email') });
    else if (!EMAIL.test(values.email.trim())) next.email = t('users.form.invalidEmail');
    if (values.organizationIds.length === 0) next.organizationIds = t('users.form.pickOrganisation');
    if (values.personalNumber.trim() && !('value' in parsePersonalNumber(values.personalNumber)))
      next.personalNumber = t('users.form.invalidPersonalNumber');
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  /** The edit's body: the personal number only when one is typed or the old one is removed. */
  function editBody(common: Pick<UpdateUserBody, 'name' | 'email' | 'userType' | 'organizationIds'>): UpdateUserBody {
    const body: UpdateUserBody = { ...common, title: values.title.trim(), phone: values.phone.trim() };
    if (values.personalNumber.trim()) body.personalNumber = values.personalNumber.trim();
    else if (values.unlinkPersonalNumber) body.personalNumber = null;
    return body;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!check()) return;
    setBusy(true);
    const common = {
      name: values.name.trim(),
      email: values.email.trim(),
      userType: values.userType,
      organizationIds: values.organizationIds,
    };
    const outcome =
      mode.kind === 'invite'
        ? await inviteUser(api, common)
        : mode.kind === 'create'
          ? await createUser(api, { ...common, username: values.username.trim() })
          : await updateUser(api, mode.user.id, editBody(common));
    setBusy(false);
    if (!outcome.ok) {
      setFailure(failureText(outcome.failure));
      return;
    }
    void client.invalidateQueries({ queryKey: queryKeys.adminUsers() });
    bus.emit('toast', {
      kind: 'success',
      message:
        mode.kind === 'edit'
          ? t('users.toast.saved', { name: outcome.data.name || outcome.data.username })
          : t('users.toast.invited', { email: outcome.data.email }),
      raw: true,
    });
    props.onClose();
  }

  const title =
    mode.kind === 'invite'
      ? t('users.dialog.inviteTitle')
      : mode.kind === 'create'
        ? t('users.dialog.createTitle')
        : t('users.dialog.editTitle', { name: mode.user.name || mode.user.username });

  return (
    <Modal
      title={title}
      onClose={props.onClose}
      closeLabel={t('users.dialog.close')}
      wide
      testId="user-dialog"
      footer={
        <>
          <Button onClick={props.onClose} disabled={busy}>
            {t('users.dialog.cancel')}
          </Button>
          <Button type="submit" form="user-dialog-form" variant="primary" disabled={busy} data-testid="user-dialog-save">
            {busy
              ? t('users.dialog.saving')
              : mode.kind === 'edit'
                ? t('users.dialog.save')
                : mode.kind === 'invite'
                  ? t('users.dialog.sendInvitation')
                  : t('users.dialog.create')}
          </Button>
        </>
      }
    >
      <form id="user-dialog-form" className={css.form} onSubmit={onSubmit} noValidate>
        {mode.kind !== 'edit' && (
          <p className={css.hint}>{mode.kind === 'invite' ? t('users.dialog.inviteHint') : t('users.dialog.createHint')}</p>
        )}
        <div className={css.grid}>
          {mode.kind === 'create' && (
            <TextField
              label={t('users.form.username')}
              name="username"
              autoComplete="off"
              value={values.username}
              error={errors.username}
              onChange={(e) => set('username', e.target.value)}
            />
          )}
          <TextField
            label={t('users.form.name')}
            name="name"
            value={values.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label={t('users.form.email')}
            name="email"
            type="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          {mode.kind === 'edit' && (
            <>
              <TextField label={t('users.form.title')} name="title" value={values.title} onChange={(e) => set('title', e.target.value)} />
              <TextField
                label={t('users.form.phone')}
                name="phone"
                type="tel"
                value={values.phone}
                onChange={(e) => set('phone', e.target.value)}
              />
            </>
          )}
          <div className={css.selectField}>
            <label htmlFor={`${formId}-type`}>{t('users.form.userType')}</label>
            <Select
              id={`${formId}-type`}
              name="userType"
              value={values.userType}
              aria-describedby={`${formId}-type-hint`}
              onChange={(e) => set('userType', Number(e.target.value) as UserType)}
            >
              {[0, 1, 2].map((v) => (
                <option key={v} value={v}>
                  {t(`common:userType.${v}`)}
                </option>
              ))}
            </Select>
            <span id={`${formId}-type-hint`} className={css.typeHint}>
              {t(`users.form.userTypeHint.${values.userType}`)}
            </span>
          </div>
        </div>
        {/* The error is the boxes' own (aria-invalid, aria-describedby): a fieldset cannot carry it. */}
        <fieldset className={css.orgs}>
          <legend>{t('users.form.organisations')}</legend>
          <div className={css.orgList}>
            {props.organizations.map((o) => (
              <label key={o.id} className={css.check}>
                <input
                  type="checkbox"
                  name="organization"
                  value={o.id}
                  aria-invalid={errors.organizationIds ? true : undefined}
                  aria-describedby={errors.organizationIds ? `${formId}-orgs-error` : undefined}
                  checked={values.organizationIds.includes(o.id)}
                  onChange={(e) =>
                    set(
                      'organizationIds',
                      e.target.checked
                        ? [...values.organizationIds, o.id]
                        : values.organizationIds.filter((x) => x !== o.id),
                    )
                  }
                />
                <span>{o.name}</span>
              </label>
            ))}
          </div>
          {errors.organizationIds && (
            <span id={`${formId}-orgs-error`} className={css.fieldError} role="alert">
              {errors.organizationIds}
            </span>
          )}
        </fieldset>
        {editing && (
          <fieldset className={css.orgs} data-testid="user-bankid">
            <legend>{t('users.form.bankId')}</legend>
            <p className={css.typeHint}>{t('users.form.bankIdHint')}</p>
            {editing.personalNumber && !values.unlinkPersonalNumber && (
              <p className={css.linked}>
                <span>{t('users.form.bankIdLinked', { number: editing.personalNumber })}</span>
                <Button size="small" onClick={() => set('unlinkPersonalNumber', true)} data-testid="user-bankid-unlink">
                  {t('users.form.bankIdUnlink')}
                </Button>
              </p>
            )}
            {values.unlinkPersonalNumber && <p className={css.typeHint}>{t('users.form.bankIdUnlinked')}</p>}
            <TextField
              label={editing.personalNumber ? t('users.form.personalNumberReplace') : t('users.form.personalNumber')}
              name="personalNumber"
              autoComplete="off"
              inputMode="numeric"
              placeholder={t('users.form.personalNumberPlaceholder')}
              value={values.personalNumber}
              error={errors.personalNumber}
              onChange={(e) => set('personalNumber', e.target.value)}
            />
          </fieldset>
        )}
        {failure && (
          <p className={css.failure} role="alert">
            {failure}
          </p>
        )}
      </form>
      {editing && <SignIns user={editing} />}
    </Modal>
  );
}

/** The last sign-in, the open sessions (end all) and the password link of a user being edited. */
function SignIns({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const failureText = useFailureText();
  const [data, setData] = useState<ManagedUserSessions | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<'link' | 'end' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void loadUserSessions(api, user.id).then((o) => {
      if (!live) return;
      if (o.ok) setData(o.data);
      else setLoadFailed(true);
    });
    return () => {
      live = false;
    };
  }, [api, user.id]);

  async function link() {
    setBusy('link');
    setMessage(null);
    const o = await sendResetLink(api, user.id);
    setBusy(null);
    const text = o.ok
      ? user.status === 'invited'
        ? t('users.signIns.invitationSent', { email: user.email })
        : t('users.signIns.linkSent', { email: user.email })
      : failureText(o.failure);
    setMessage({ ok: o.ok, text });
    if (o.ok) bus.emit('toast', { kind: 'success', message: text, raw: true });
  }

  async function end() {
    setBusy('end');
    setMessage(null);
    const o = await endUserSessions(api, user.id);
    setBusy(null);
    if (o.ok) {
      setData((d) => (d ? { ...d, sessions: [] } : d));
      const text = t('users.signIns.ended', { count: o.data.ended });
      setMessage({ ok: true, text });
      bus.emit('toast', { kind: 'success', message: text, raw: true });
    } else setMessage({ ok: false, text: failureText(o.failure) });
  }

  return (
    <section className={css.signIns} aria-labelledby="user-sign-ins" data-testid="user-sign-ins">
      <h3 id="user-sign-ins" className={css.sectionTitle}>
        {t('users.signIns.title')}
      </h3>
      <p className={css.lastLogin}>
        {t('users.signIns.last')}{' '}
        {user.lastLogin ? <RelativeTime date={user.lastLogin} /> : <span className={css.muted}>{t('users.never')}</span>}
      </p>
      {loadFailed ? (
        <p className={css.failure}>{t('users.signIns.loadFailed')}</p>
      ) : !data ? (
        <p className={css.muted}>{t('users.signIns.loading')}</p>
      ) : data.sessions.length === 0 ? (
        <p className={css.muted} data-testid="user-no-sessions">
          {t('users.signIns.none')}
        </p>
      ) : (
        <ul className={css.sessions}>
          {data.sessions.map((s) => {
            const d = parseUserAgent(s.userAgent);
            const device = [d.browser, d.os].filter(Boolean).join(' · ') || t('users.signIns.unknownDevice');
            return (
              <li key={s.id} className={css.session} data-testid="user-session">
                <span className={css.device}>{device}</span>
                <span className={css.muted}>{s.ip}</span>
                <span className={css.muted}>
                  {t('users.signIns.lastSeen')} <RelativeTime date={s.lastSeen} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className={css.actions}>
        <Button size="small" onClick={link} disabled={busy !== null || !user.email} data-testid="user-send-link">
          {user.status === 'invited' ? t('users.actions.resendInvitation') : t('users.actions.sendResetLink')}
        </Button>
        <Button
          size="small"
          variant="danger"
          onClick={end}
          disabled={busy !== null || !data || data.sessions.length === 0}
          data-testid="user-end-sessions"
        >
          {t('users.actions.endSessions')}
        </Button>
      </div>
      {message && (
        <p className={message.ok ? css.ok : css.failure} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
