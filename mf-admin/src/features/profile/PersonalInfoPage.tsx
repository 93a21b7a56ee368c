import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  blank,
  invalidEmail,
  isEmail,
  PROFILE_TEXT_LIMITS,
  USERNAME_TAKEN,
  type ProfileUpdateBody,
  type UserProfile,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, TextField } from '@fieldwatch/shared/ui';
import { AvatarEditor } from './AvatarEditor';
import { useProfileUser } from './ProfileLayout';
import { saveProfile } from './save';
import css from './Profile.module.css';

/** The form's fields, by the profile update's names. */
const FIELDS = ['username', 'fullname', 'title', 'email', 'phone', 'location'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The catalogue key of each field's name (profile.fields.*). */
const LABEL: Record<Field, string> = {
  username: 'username',
  fullname: 'name',
  title: 'title',
  email: 'email',
  phone: 'phone',
  location: 'location',
};
const LIMIT: Record<Field, number> = { ...PROFILE_TEXT_LIMITS, fullname: PROFILE_TEXT_LIMITS.fullname };
const AUTOCOMPLETE: Record<Field, string> = {
  username: 'username',
  fullname: 'name',
  title: 'organization-title',
  email: 'email',
  phone: 'tel',
  location: 'address-level2',
};

function valuesOf(user: UserProfile): Values {
  return {
    username: user.username,
    fullname: user.name,
    title: user.title,
    email: user.email,
    phone: user.phone,
    location: user.location,
  };
}

/**
 * The field a server refusal is about, when its words name one ("Username should not be blank",
 * "Enter valid Email", the taken username); null: shown above the buttons.
 */
function fieldOfServerMessage(message: string): Field | null {
  if (message === USERNAME_TAKEN || message === blank('Username')) return 'username';
  if (message === invalidEmail('Email')) return 'email';
  const m = /^(username|fullname|title|email|phone|location) /.exec(message);
  return m ? (m[1] as Field) : null;
}

/** /profile/personal: the picture, name and contact details, editable. */
export function PersonalInfoPage() {
  const { t } = useTranslation('admin');
  const remote = useRemote();
  const user = useProfileUser();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The stored user changed (saved here, or elsewhere): show it, unless this form has edits.
  const stored = valuesOf(user);
  const changed = FIELDS.filter((f) => values[f].trim() !== stored[f]);
  const [base, setBase] = useState(stored);
  if (FIELDS.some((f) => base[f] !== stored[f])) {
    setBase(stored);
    if (!busy && FIELDS.every((f) => values[f].trim() === base[f])) setValues(stored);
  }

  const name = (f: Field) => t(`profile.fields.${LABEL[f]}`);

  function check(v: Values): Errors {
    const out: Errors = {};
    for (const f of ['username', 'fullname'] as const) {
      if (v[f].trim() === '') out[f] = t('profile.form.blank', { name: name(f) });
    }
    if (v.email.trim() !== '' && !isEmail(v.email.trim())) out.email = t('profile.form.invalid', { name: name('email') });
    for (const f of FIELDS) {
      if (!out[f] && [...v[f].trim()].length > LIMIT[f]) out[f] = t('profile.form.tooLong', { name: name(f), count: LIMIT[f] });
    }
    return out;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFailed(null);
    const next = check(values);
    setErrors(next);
    if (Object.keys(next).length) return;
    if (!changed.length) return;
    const body: ProfileUpdateBody = {};
    for (const f of changed) body[f] = values[f].trim();
    setBusy(true);
    const res = await saveProfile(remote, body);
    setBusy(false);
    if (res.ok) {
      setValues(valuesOf(res.user));
      remote.bus.emit('toast', { kind: 'success', message: t('profile.personal.saved'), raw: true });
      return;
    }
    const field = res.message ? fieldOfServerMessage(res.message) : null;
    if (field && res.message) {
      const text =
        res.message === USERNAME_TAKEN
          ? t('profile.form.usernameTaken')
          : res.message === invalidEmail('Email')
            ? t('profile.form.invalid', { name: name('email') })
            : res.message === blank('Username')
              ? t('profile.form.blank', { name: name('username') })
              : res.message;
      setErrors({ [field]: text });
    } else {
      setFailed(res.message ? t('profile.personal.saveFailed', { reason: res.message }) : t('profile.personal.saveFailedOffline'));
    }
  }

  const set = (f: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
  };

  return (
    <div className={css.stack} data-testid="profile-personal">
      <Card title={t('profile.personal.picture')}>
        <AvatarEditor user={user} />
      </Card>
      <Card title={t('profile.nav.personal')}>
        <form className={css.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('profile.nav.personal')}>
          <div className={css.formGrid}>
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={name(f)}
                name={f}
                type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                autoComplete={AUTOCOMPLETE[f]}
                maxLength={LIMIT[f]}
                required={f === 'username' || f === 'fullname'}
                value={values[f]}
                error={errors[f]}
                onChange={set(f)}
              />
            ))}
          </div>
          {failed && (
            <p className={css.error} role="alert">
              {failed}
            </p>
          )}
          <div className={css.formActions}>
            {changed.length > 0 && !busy && <span className={css.muted}>{t('profile.form.unsaved')}</span>}
            <Button
              onClick={() => {
                setValues(valuesOf(user));
                setErrors({});
                setFailed(null);
              }}
              disabled={busy || changed.length === 0}
            >
              {t('profile.form.reset')}
            </Button>
            <Button type="submit" variant="primary" disabled={busy || changed.length === 0}>
              {busy ? t('profile.form.saving') : t('profile.form.save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
