import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { normaliseTag, onboardingUrl, TAG_PATTERN } from '../flow/steps';
import css from './tag.module.css';

/** The code printed on the device, for visitors who did not arrive from the NFC tag itself. */
export function TagEntryForm({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const tag = normaliseTag(code);
    if (!tag) return setError(t('tagEntry.required'));
    if (!TAG_PATTERN.test(tag)) return setError(t('tagEntry.invalid'));
    setError(undefined);
    navigate(onboardingUrl(tag));
  }

  return (
    <form className={css.entry} onSubmit={onSubmit} noValidate data-testid="tag-entry">
      <div className={css.entryField}>
        <TextField
          label={t('tagEntry.label')}
          name="tag"
          value={code}
          placeholder={t('tagEntry.placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus={autoFocus}
          error={error}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </div>
      <Button type="submit" variant="primary">
        {t('tagEntry.submit')}
      </Button>
    </form>
  );
}
