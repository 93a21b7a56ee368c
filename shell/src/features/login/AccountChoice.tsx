import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Button } from '@fieldwatch/shared/ui';
import { sessionStore } from '../../platform';
import { selectCustomers } from '../session/session';
import css from './LoginPage.module.css';

/**
 * Account selection after sign-in, for a user of several organisations who never chose: the
 * organisations to work in (all ticked to begin with). The choice is kept by the server
 * (PUT /api/v3/user/session/current_organization) for his next sign-ins, and changed from the
 * header's customer picker.
 */
export function AccountChoice({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('shell');
  const customers = useStore(sessionStore, (s) => s.customers);
  const selected = useStore(sessionStore, (s) => s.selectedCustomers);
  const [draft, setDraft] = useState<number[]>(selected.length ? selected : customers.map((c) => c.CustomerID));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const toggle = (id: number) => setDraft((d) => (d.includes(id) ? d.filter((x) => x !== id) : [...d, id]));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!draft.length) return;
    setBusy(true);
    setFailed(false);
    const ok = await selectCustomers(draft);
    setBusy(false);
    if (ok) onDone();
    else setFailed(true);
  }

  return (
    <form className={css.form} onSubmit={onSubmit} data-testid="account-choice" aria-labelledby="fw-choice-title">
      <h2 id="fw-choice-title" className={css.choiceTitle}>
        {t('login.chooseTitle')}
      </h2>
      <p className={css.hint}>{t('login.chooseIntro')}</p>
      <fieldset className={css.choices}>
        <legend className={css.srOnly}>{t('login.chooseTitle')}</legend>
        {customers.map((c) => (
          <label key={c.CustomerID} className={css.choice}>
            <input type="checkbox" checked={draft.includes(c.CustomerID)} onChange={() => toggle(c.CustomerID)} />
            <span>{c.CustomerName}</span>
          </label>
        ))}
      </fieldset>
      {draft.length === 0 && <p className={css.hint}>{t('layout.atLeastOneCustomer')}</p>}
      {failed && (
        <p className={css.formError} role="alert">
          {t('login.chooseFailed')}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy || draft.length === 0} className={css.submit}>
        {t('login.chooseContinue')}
      </Button>
    </form>
  );
}
