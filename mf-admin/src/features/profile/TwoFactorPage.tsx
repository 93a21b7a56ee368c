import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  groupSecret,
  parseSecondFactor,
  pathFor,
  queryKeys,
  TOTP_DIGITS,
  TWO_FACTOR_ERROR_CODES,
  type Envelope,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@fieldwatch/shared';
import { formatDateTime, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Card, LoadView, TextField, VisuallyHidden } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { Details, OnOff } from './Details';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';
import own from './TwoFactorPage.module.css';

/** Where the page is: the status, or one of the flows that change it. */
type Flow =
  | { step: 'status' }
  | { step: 'password' }
  | { step: 'scan'; setup: TwoFactorSetup }
  | { step: 'codes'; codes: string[] }
  | { step: 'regenerate' }
  | { step: 'disable' };

/** How the server refused (its error code), or a failure without one. */
type Refusal = 'wrongPassword' | 'wrongCode' | 'state' | 'required' | 'throttled' | 'failed';

function refusalOf(err: unknown): Refusal {
  if (!isAxiosError(err)) return 'failed';
  const code = (err.response?.data as { code?: unknown } | undefined)?.code;
  if (err.response?.status === 429) return 'throttled';
  if (code === TWO_FACTOR_ERROR_CODES.wrongPassword) return 'wrongPassword';
  if (code === TWO_FACTOR_ERROR_CODES.wrongCode) return 'wrongCode';
  if (code === TWO_FACTOR_ERROR_CODES.state) return 'state';
  if (code === TWO_FACTOR_ERROR_CODES.required) return 'required';
  return 'failed';
}

interface FieldErrors {
  password?: string;
  code?: string;
  form?: string;
}

/**
 * /profile/two-factor: two-factor authentication with an authenticator app (TOTP). Turning it on:
 * the current password, then the QR code (and the key as text, for typing), then a code from the
 * app; the recovery codes are shown once, to copy or download. When on: new recovery codes (with a
 * code), turning it off (password and a code) — unless the organisation requires it.
 */
export function TwoFactorPage() {
  const { t } = useTranslation('admin');
  const { api, bus, session } = useRemote();
  const user = useProfileUser();
  const time = useTimeConfig();
  const state = useApiQuery(queryKeys.userTwoFactor(), () => api.get<TwoFactorStatus>(pathFor(ENDPOINTS.twoFactorStatus)));
  const [flow, setFlow] = useState<Flow>({ step: 'status' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function go(next: Flow) {
    setFlow(next);
    setPassword('');
    setCode('');
    setErrors({});
  }

  /** The refusal in words, on the field it is about. */
  function show(refusal: Refusal) {
    if (refusal === 'wrongPassword') setErrors({ password: t('profile.twoFactor.wrongPassword') });
    // Setting up, only the new app's code counts (and a phone's clock is the usual culprit).
    else if (refusal === 'wrongCode')
      setErrors({ code: flow.step === 'scan' ? t('profile.twoFactor.wrongSetupCode') : t('profile.twoFactor.wrongCode') });
    else if (refusal === 'throttled') setErrors({ code: t('profile.twoFactor.throttled') });
    else if (refusal === 'required') setErrors({ form: t('profile.twoFactor.requiredNoOff') });
    else if (refusal === 'state') {
      setErrors({ form: t('profile.twoFactor.changedElsewhere') });
      state.reload();
    } else setErrors({ form: t('profile.twoFactor.failed') });
  }

  /** A code the form can send: the app's six digits, or (where allowed) a recovery code. */
  function codeError(allowRecovery: boolean): string | undefined {
    const factor = parseSecondFactor(code);
    if (factor && (allowRecovery || factor.kind === 'totp')) return undefined;
    return allowRecovery ? t('profile.twoFactor.codeOrRecoveryShape', { digits: TOTP_DIGITS }) : t('profile.twoFactor.codeShape', { digits: TOTP_DIGITS });
  }

  async function run<T>(call: () => Promise<{ data: Envelope<T> }>, done: (data: T) => void) {
    setBusy(true);
    setErrors({});
    try {
      const res = await call();
      done(res.data.data);
    } catch (err) {
      show(refusalOf(err));
    } finally {
      setBusy(false);
    }
  }

  function startSetup(e: FormEvent) {
    e.preventDefault();
    if (!password) return setErrors({ password: t('profile.password.oldRequired') });
    void run<TwoFactorSetup>(
      () => api.http.post(pathFor(ENDPOINTS.twoFactorSetup), { password }),
      (setup) => go({ step: 'scan', setup }),
    );
  }

  function enable(e: FormEvent) {
    e.preventDefault();
    const problem = codeError(false);
    if (problem) return setErrors({ code: problem });
    void run<TwoFactorRecoveryCodes>(
      () => api.http.post(pathFor(ENDPOINTS.twoFactorEnable), { code }),
      ({ recoveryCodes }) => {
        go({ step: 'codes', codes: recoveryCodes });
        // The shell no longer holds him on this page (an organisation that requires it).
        session.setState({ twoFactorSetupRequired: false });
        bus.emit('toast', { kind: 'success', message: t('profile.twoFactor.enabled'), raw: true });
        state.reload();
      },
    );
  }

  function regenerate(e: FormEvent) {
    e.preventDefault();
    const problem = codeError(true);
    if (problem) return setErrors({ code: problem });
    void run<TwoFactorRecoveryCodes>(
      () => api.http.post(pathFor(ENDPOINTS.twoFactorRecoveryCodes), { code }),
      ({ recoveryCodes }) => {
        go({ step: 'codes', codes: recoveryCodes });
        bus.emit('toast', { kind: 'success', message: t('profile.twoFactor.regenerated'), raw: true });
        state.reload();
      },
    );
  }

  function disable(e: FormEvent) {
    e.preventDefault();
    const next: FieldErrors = {
      ...(password ? {} : { password: t('profile.password.oldRequired') }),
      ...(codeError(true) ? { code: codeError(true) } : {}),
    };
    if (next.password || next.code) return setErrors(next);
    void run<TwoFactorStatus>(
      () => api.http.post(pathFor(ENDPOINTS.twoFactorDisable), { password, code }),
      () => {
        go({ step: 'status' });
        bus.emit('toast', { kind: 'success', message: t('profile.twoFactor.disabled'), raw: true });
        state.reload();
      },
    );
  }

  async function copy(text: string, done: string) {
    try {
      await navigator.clipboard.writeText(text);
      bus.emit('toast', { kind: 'success', message: done, raw: true });
    } catch {
      bus.emit('toast', { kind: 'warning', message: t('profile.twoFactor.copyFailed'), raw: true });
    }
  }

  const cancel = (
    <Button type="button" variant="ghost" onClick={() => go({ step: 'status' })} disabled={busy}>
      {t('profile.twoFactor.cancel')}
    </Button>
  );
  const formError = errors.form && (
    <p className={css.error} role="alert">
      {errors.form}
    </p>
  );
  const passwordField = (
    <TextField
      label={t('profile.password.old')}
      name="current-password"
      type="password"
      autoComplete="current-password"
      autoFocus
      value={password}
      error={errors.password}
      onChange={(e) => setPassword(e.target.value)}
    />
  );
  const codeField = (allowRecovery: boolean, autoFocus = false) => (
    <div className={own.codeField}>
      <TextField
        label={allowRecovery ? t('profile.twoFactor.codeOrRecovery') : t('profile.twoFactor.code')}
        name={allowRecovery ? 'code' : 'one-time-code'}
        autoComplete={allowRecovery ? 'off' : 'one-time-code'}
        inputMode={allowRecovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={allowRecovery ? 16 : TOTP_DIGITS + 2}
        autoFocus={autoFocus}
        value={code}
        error={errors.code}
        onChange={(e) => setCode(e.target.value)}
      />
    </div>
  );

  return (
    <div className={css.stack} data-testid="profile-two-factor">
      <LoadView load={state} labels={loadViewLabels(t, 'profile.twoFactor.', { stale: false })}>
        {(status) => {
          let body: ReactNode;
          if (flow.step === 'password') {
            body = (
              <form className={own.form} onSubmit={startSetup} noValidate data-testid="two-factor-password">
                <p className={css.muted}>{t('profile.twoFactor.passwordIntro')}</p>
                <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
                {passwordField}
                {formError}
                <div className={own.actions}>
                  <Button type="submit" variant="primary" disabled={busy}>
                    {t('profile.twoFactor.continue')}
                  </Button>
                  {cancel}
                </div>
              </form>
            );
          } else if (flow.step === 'scan') {
            body = (
              <form className={own.form} onSubmit={enable} noValidate data-testid="two-factor-scan">
                <ol className={own.steps}>
                  <li>
                    <strong>{t('profile.twoFactor.scanTitle')}</strong>
                    <span className={css.muted}>{t('profile.twoFactor.scanText')}</span>
                    <div className={own.qrRow}>
                      <img className={own.qr} src={flow.setup.qr} alt={t('profile.twoFactor.qrAlt')} width={176} height={176} />
                      <div className={own.manual}>
                        <span className={css.muted}>{t('profile.twoFactor.manualText')}</span>
                        {/* Named by text before it: an aria-label on <code> would hide the key itself from a screen reader. */}
                        <VisuallyHidden>{t('profile.twoFactor.secretLabel')}</VisuallyHidden>
                        <code className={own.secret} data-testid="two-factor-secret">
                          {groupSecret(flow.setup.secret)}
                        </code>
                        <span className={css.muted}>
                          {t('profile.twoFactor.manualDetails', { account: flow.setup.account, issuer: flow.setup.issuer })}
                        </span>
                        <div>
                          <Button
                            size="small"
                            onClick={() => void copy(flow.setup.secret, t('profile.twoFactor.secretCopied'))}
                          >
                            <Icon name="key" size={14} />
                            {t('profile.twoFactor.copyKey')}
                          </Button>
                        </div>
                      </div>
                    </div>
                  </li>
                  <li>
                    <strong>{t('profile.twoFactor.enterTitle')}</strong>
                    <span className={css.muted}>{t('profile.twoFactor.enterText')}</span>
                    {codeField(false)}
                  </li>
                </ol>
                {formError}
                <div className={own.actions}>
                  <Button type="submit" variant="primary" disabled={busy}>
                    {t('profile.twoFactor.turnOn')}
                  </Button>
                  {cancel}
                </div>
              </form>
            );
          } else if (flow.step === 'codes') {
            body = <RecoveryCodes codes={flow.codes} username={user.username} onDone={() => go({ step: 'status' })} copy={copy} />;
          } else if (flow.step === 'regenerate') {
            body = (
              <form className={own.form} onSubmit={regenerate} noValidate data-testid="two-factor-regenerate">
                <p className={css.muted}>{t('profile.twoFactor.regenerateIntro')}</p>
                {codeField(true, true)}
                {formError}
                <div className={own.actions}>
                  <Button type="submit" variant="primary" disabled={busy}>
                    {t('profile.twoFactor.regenerate')}
                  </Button>
                  {cancel}
                </div>
              </form>
            );
          } else if (flow.step === 'disable') {
            body = (
              <form className={own.form} onSubmit={disable} noValidate data-testid="two-factor-disable">
                <p className={css.muted}>{t('profile.twoFactor.disableIntro')}</p>
                <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
                {passwordField}
                {codeField(true)}
                {formError}
                <div className={own.actions}>
                  <Button type="submit" variant="danger" disabled={busy}>
                    {t('profile.twoFactor.turnOff')}
                  </Button>
                  {cancel}
                </div>
              </form>
            );
          } else {
            body = (
              <div className={own.form}>
                <Details
                  rows={[
                    { label: t('profile.twoFactor.status'), value: <OnOff on={status.enabled} />, field: 'twoFactor' },
                    ...(status.enabled && status.enabledAt
                      ? [{ label: t('profile.twoFactor.since'), value: formatDateTime(status.enabledAt, time), field: 'twoFactorSince' }]
                      : []),
                    ...(status.enabled
                      ? [
                          {
                            label: t('profile.twoFactor.codesLeft'),
                            value: (
                              <span className={status.recoveryCodesLeft <= 3 ? own.low : undefined}>
                                {t('profile.twoFactor.codesLeftValue', { count: status.recoveryCodesLeft })}
                              </span>
                            ),
                            field: 'recoveryCodesLeft',
                          },
                        ]
                      : []),
                  ]}
                />
                {status.enabled && status.recoveryCodesLeft <= 3 && (
                  <p className={own.notice} role="status">
                    {t('profile.twoFactor.codesLow', { count: status.recoveryCodesLeft })}
                  </p>
                )}
                {status.enabled && status.required && <p className={css.muted}>{t('profile.twoFactor.requiredNoOff')}</p>}
                {formError}
                <div className={own.actions}>
                  {status.enabled ? (
                    <>
                      <Button onClick={() => go({ step: 'regenerate' })}>{t('profile.twoFactor.regenerate')}</Button>
                      {!status.required && (
                        <Button variant="danger" onClick={() => go({ step: 'disable' })}>
                          {t('profile.twoFactor.turnOff')}
                        </Button>
                      )}
                    </>
                  ) : (
                    <Button variant="primary" onClick={() => go({ step: 'password' })}>
                      <Icon name="shield" size={16} />
                      {t('profile.twoFactor.start')}
                    </Button>
                  )}
                </div>
              </div>
            );
          }
          return (
            <>
              {status.required && !status.enabled && (
                <div className={own.required} role="alert" data-testid="two-factor-required">
                  <Icon name="alert" size={18} />
                  <span>
                    <strong>{t('profile.twoFactor.requiredTitle')}</strong>
                    <span>{t('profile.twoFactor.requiredText')}</span>
                  </span>
                </div>
              )}
              <Card title={t('profile.twoFactor.title')}>
                <p className={own.intro}>{t('profile.twoFactor.intro')}</p>
                {body}
              </Card>
            </>
          );
        }}
      </LoadView>
    </div>
  );
}

/** The recovery codes, shown once: copy, download as text, and a clear word to keep them safe. */
function RecoveryCodes(props: { codes: string[]; username: string; onDone: () => void; copy: (text: string, done: string) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const text = [
    t('profile.twoFactor.fileTitle', { username: props.username }),
    t('profile.twoFactor.fileMade', { date: new Date().toISOString().slice(0, 10) }),
    t('profile.twoFactor.fileHint'),
    '',
    ...props.codes,
    '',
  ].join('\n');

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `fieldwatch-recovery-codes-${props.username}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className={own.form} data-testid="two-factor-codes">
      <div className={own.keep} role="status">
        <Icon name="alert" size={18} />
        <span>
          <strong>{t('profile.twoFactor.keepTitle')}</strong>
          <span>{t('profile.twoFactor.keepText')}</span>
        </span>
      </div>
      <ol className={own.codes} aria-label={t('profile.twoFactor.codesLabel')}>
        {props.codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className={own.actions}>
        <Button onClick={() => void props.copy(props.codes.join('\n'), t('profile.twoFactor.codesCopied'))}>{t('profile.twoFactor.copy')}</Button>
        <Button onClick={download}>{t('profile.twoFactor.download')}</Button>
        <Button variant="primary" onClick={props.onDone}>
          {t('profile.twoFactor.saved')}
        </Button>
      </div>
    </div>
  );
}
