import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSecondFactor, RECOVERY_CODE_LENGTH, TOTP_DIGITS } from '@fieldwatch/shared';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { bus } from '../../platform';
import { formatWait } from '@fieldwatch/shared';
import { submitSecondFactor } from './two-factor';
import css from './LoginPage.module.css';

export interface TwoFactorStepProps {
  /** Signed in (the session has loaded): on to the page asked for. */
  onSignedIn: () => void | Promise<void>;
  /** Back to the password form, with a message when the pending sign-in is over. */
  onRestart: (message?: string) => void;
}

/**
 * The login card's second step for an account with two-factor authentication: the code the
 * authenticator app shows now, or (toggled) one of the recovery codes. A wrong code is said once,
 * inline, beside the field; a pending sign-in that is over goes back to the password form.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t, i18n } = useTranslation('shell');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function toggleRecovery() {
    setRecovery((r) => !r);
    setCode('');
    setError(undefined);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const factor = parseSecondFactor(code);
    // The shape is checked here first (the server checks the same): no round trip for a typo.
    if (!factor || (factor.kind === 'recovery') !== recovery) {
      setError(recovery ? t('login.code.recoveryShape') : t('login.code.shape', { digits: TOTP_DIGITS }));
      return;
    }
    setBusy(true);
    setError(undefined);
    const outcome = await submitSecondFactor(i18n, code);
    if (typeof outcome === 'object' && 'ok' in outcome) {
      if (outcome.recoveryCodesLeft !== undefined) {
        bus.emit('toast', {
          kind: 'warning',
          message: t('login.code.recoveryUsed', { count: outcome.recoveryCodesLeft }),
          raw: true,
        });
      }
      await onSignedIn();
      return;
    }
    setBusy(false);
    setCode('');
    if (outcome === 'expired' || outcome === 'tooManyCodes' || outcome === 'deactivated') {
      onRestart(
        outcome === 'deactivated' ? t('login.deactivated') : outcome === 'expired' ? t('login.code.expired') : t('login.code.tooMany'),
      );
    } else if (outcome === 'wrongCode') setError(t('login.code.wrong'));
    else if (typeof outcome === 'object') setError(t('login.throttled', { time: formatWait(outcome.throttled, i18n.language) }));
    else setError(outcome === 'busy' ? t('login.busy') : t('login.failed'));
  }

  return (
    <form className={css.form} onSubmit={onSubmit} noValidate data-testid="two-factor-step" aria-labelledby="fw-code-title">
      <h2 id="fw-code-title" className={css.choiceTitle}>
        {t('login.code.title')}
      </h2>
      <p className={css.hint}>{recovery ? t('login.code.recoveryIntro') : t('login.code.intro')}</p>
      <div className={css.codeField}>
      <TextField
        // Another field per mode: the browser's one-time-code autofill belongs to the app's code only.
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? t('login.code.recoveryLabel') : t('login.code.label')}
        name={recovery ? 'recovery-code' : 'one-time-code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={recovery ? RECOVERY_CODE_LENGTH + 4 : TOTP_DIGITS + 2}
        placeholder={recovery ? 'xxxxx-xxxxx' : '123 456'}
        autoFocus
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
      </div>
      <Button type="submit" variant="primary" disabled={busy} className={css.submit}>
        {busy ? t('login.code.checking') : t('login.code.submit')}
      </Button>
      <div className={css.row}>
        <button type="button" className={css.link} onClick={toggleRecovery} aria-pressed={recovery}>
          {recovery ? t('login.code.useApp') : t('login.code.useRecovery')}
        </button>
        <button type="button" className={css.link} onClick={() => onRestart()}>
          {t('login.code.back')}
        </button>
      </div>
    </form>
  );
}
