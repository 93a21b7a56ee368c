import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  MESSAGES,
  PASSWORD_MESSAGES,
  newPasswordProblems,
  pathFor,
  type ChangeOwnPasswordBody,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, TextField } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { isPolicyMessage, policyText } from '../security/policyMessage';
import { Details } from './Details';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';

interface FieldErrors {
  old?: string;
  password?: string;
  confirm?: string;
}

type Outcome = 'ok' | 'wrongOld' | 'tooShort' | 'failed' | { policy: string };

/**
 * PUT /api/v3/user/password with the passwords in a JSON body (never in the URL, where logs and
 * browser history keep it). The server always wants the current password; the user's other
 * sessions end, this one stays.
 */
async function changePassword(
  http: ReturnType<typeof useRemote>['api']['http'],
  oldPassword: string,
  newPassword: string,
): Promise<Outcome> {
  try {
    const body: ChangeOwnPasswordBody = { oldPassword, newPassword };
    await http.put(pathFor(ENDPOINTS.changeOwnPassword), body);
    return 'ok';
  } catch (err) {
    const message = isAxiosError(err)
      ? (err.response?.data as { message?: unknown } | undefined)?.message
      : undefined;
    if (message === PASSWORD_MESSAGES.failed) return 'wrongOld';
    if (message === MESSAGES.passwordTooShort) return 'tooShort';
    if (isPolicyMessage(message)) return { policy: message }; // the organisation's policy (admin Security)
    return 'failed';
  }
}

/** /profile/password: change one's own password, confirmed with the current one (spec §7). */
export function PasswordPage() {
  const { t } = useTranslation('admin');
  const { api } = useRemote();
  const user = useProfileUser();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<'changed' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const problems = newPasswordProblems(password, confirm);
    const next: FieldErrors = {
      ...(oldPassword ? {} : { old: t('profile.password.oldRequired') }),
      ...(problems.password ? { password: t(`profile.password.${problems.password}`) } : {}),
      ...(problems.confirm ? { confirm: t(`profile.password.${problems.confirm}`) } : {}),
    };
    setErrors(next);
    if (next.old || next.password || next.confirm) return;
    setBusy(true);
    const outcome = await changePassword(api.http, oldPassword, password);
    setBusy(false);
    if (outcome === 'ok') {
      setOldPassword('');
      setPassword('');
      setConfirm('');
      setResult('changed');
    } else if (outcome === 'wrongOld') setErrors({ old: t('profile.password.wrongOld') });
    else if (outcome === 'tooShort') setErrors({ password: t('profile.password.tooShort') });
    else if (typeof outcome === 'object') setErrors({ password: policyText(t, outcome.policy) });
    else setResult('failed');
  }

  return (
    <div className={css.stack} data-testid="profile-password">
      <Card title={t('profile.nav.password')}>
        <Details
          rows={[
            { label: t('profile.fields.username'), value: <span className={css.mono}>{user.username}</span> },
          ]}
        />
        <form className={css.passwordForm} onSubmit={onSubmit} noValidate>
          {/* For password managers: which account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          <TextField
            label={t('profile.password.old')}
            name="current-password"
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            error={errors.old}
            onChange={(e) => setOldPassword(e.target.value)}
          />
          <TextField
            label={t('profile.password.new')}
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('profile.password.confirm')}
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <p className={css.muted}>{t('profile.password.hint')}</p>
          {result === 'changed' && (
            <p className={css.success} role="status">
              {t('profile.password.changed')}
            </p>
          )}
          {result === 'failed' && (
            <p className={css.error} role="alert">
              {t('profile.password.failed')}
            </p>
          )}
          <div>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? t('profile.password.saving') : t('profile.password.submit')}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <Link to="/profile/sessions" className={css.securityLink}>
          <Icon name="monitor" />
          <span>
            <strong>{t('profile.password.sessionsTitle')}</strong>
            <span className={css.muted}>{t('profile.password.sessionsText')}</span>
          </span>
          <Icon name="chevron" size={16} />
        </Link>
      </Card>
    </div>
  );
}
