/**
 * Deleting a user asks first, and asks what becomes of the tasks assigned to him: another user of
 * his organisations takes them over, or they are left without him (unassigned if he was alone).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type ManagedUser } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { ConfirmDialog, Select } from '@fieldwatch/shared/ui';
import { deleteUser } from './api';
import { useFailureText } from './UserDialog';
import css from './UserDialog.module.css';

export function DeleteUserDialog({ user, users, onClose }: { user: ManagedUser; users: readonly ManagedUser[]; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const failureText = useFailureText();
  const orgIds = user.organizations.map((o) => o.id);
  // Who can take over: active, not him, and in every organisation of his (a task of any of them may move).
  const heirs = users.filter(
    (u) => u.id !== user.id && u.status === 'active' && orgIds.every((o) => u.organizations.some((x) => x.id === o)),
  );
  const [choice, setChoice] = useState<'unassign' | 'reassign'>('unassign');
  const [heir, setHeir] = useState<number | null>(heirs[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const name = user.name || user.username;

  async function confirm() {
    if (choice === 'reassign' && heir === null) {
      setError(t('users.delete.pickHeir'));
      return;
    }
    setBusy(true);
    setError(undefined);
    const o = await deleteUser(api, user.id, choice === 'reassign' ? heir : null);
    setBusy(false);
    if (!o.ok) {
      setError(failureText(o.failure));
      return;
    }
    void client.invalidateQueries({ queryKey: queryKeys.adminUsers() });
    bus.emit('toast', {
      kind: 'success',
      message: t('users.delete.done', {
        name,
        count: o.data.tasksReassigned + o.data.tasksUnassigned,
      }),
      raw: true,
    });
    onClose();
  }

  return (
    <ConfirmDialog
      title={t('users.delete.title', { name })}
      confirmLabel={t('users.delete.confirm')}
      cancelLabel={t('users.dialog.cancel')}
      closeLabel={t('users.dialog.close')}
      onConfirm={confirm}
      onCancel={onClose}
      danger
      busy={busy}
      error={error}
      testId="delete-user-dialog"
    >
      <p>{t('users.delete.text', { name, username: user.username })}</p>
      <fieldset className={css.orgs}>
        <legend>{t('users.delete.tasks')}</legend>
        <label className={css.radio}>
          <input type="radio" name="tasks" checked={choice === 'unassign'} onChange={() => setChoice('unassign')} />
          <span>{t('users.delete.unassign')}</span>
        </label>
        <label className={css.radio}>
          <input
            type="radio"
            name="tasks"
            checked={choice === 'reassign'}
            disabled={heirs.length === 0}
            onChange={() => setChoice('reassign')}
          />
          <span className={css.radioText}>
            <span>{heirs.length === 0 ? t('users.delete.noHeir') : t('users.delete.reassign')}</span>
            {choice === 'reassign' && (
              <Select
                aria-label={t('users.delete.heir')}
                value={heir ?? ''}
                onChange={(e) => setHeir(Number(e.target.value))}
                data-testid="delete-user-heir"
              >
                {heirs.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name ? `${u.name} (${u.username})` : u.username}
                  </option>
                ))}
              </Select>
            )}
          </span>
        </label>
      </fieldset>
    </ConfirmDialog>
  );
}
