import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Button } from '@fieldwatch/shared/ui';
import { sessionStore } from '../../platform';
import { selectCustomers } from '../session/session';
import css from './Layout.module.css';

/**
 * Customer (organisation) selection, shown only to users of more than one. Saved, it is also the
 * user's remembered choice: his next session starts with it (PUT .../session/current_organization).
 */
export function CustomerPicker() {
  const { t } = useTranslation('shell');
  const customers = useStore(sessionStore, (s) => s.customers);
  const selected = useStore(sessionStore, (s) => s.selectedCustomers);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<number[]>(selected);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setDraft(selected), [selected, open]);
  useEffect(() => {
    if (!open) return;
    // Opened, the focus goes to the first organisation; Escape closes back to the button.
    ref.current?.querySelector<HTMLElement>('[role="dialog"] input')?.focus();
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  if (customers.length < 2) return null;
  const label = t('layout.customersSelected', { count: selected.length, total: customers.length });
  const toggle = (id: number) => setDraft((d) => (d.includes(id) ? d.filter((x) => x !== id) : [...d, id]));

  async function apply() {
    setBusy(true);
    const ok = await selectCustomers(draft);
    setBusy(false);
    if (ok) closeToButton();
  }

  /** Closed by its own buttons, the focus goes back to the picker's button (not to the page's start). */
  function closeToButton() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div className={css.popoverWrap} ref={ref}>
      <button
        ref={button}
        type="button"
        className={css.customerButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="customer-picker"
      >
        <span className={css.pickerLabel}>{t('layout.customers')}</span>
        <span>{label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className={css.popover} role="dialog" aria-label={t('layout.customers')}>
          {customers.map((c) => (
            <label key={c.CustomerID} className={css.checkRow}>
              <input type="checkbox" checked={draft.includes(c.CustomerID)} onChange={() => toggle(c.CustomerID)} />
              {c.CustomerName}
            </label>
          ))}
          {draft.length === 0 ? (
            <p className={css.hint}>{t('layout.atLeastOneCustomer')}</p>
          ) : (
            // The server keeps the choice: the next sign-in starts with it (account selection).
            <p className={css.hint}>{t('layout.customersRemembered')}</p>
          )}
          <div className={css.popoverActions}>
            <Button size="small" variant="ghost" onClick={closeToButton}>
              {t('common:action.cancel')}
            </Button>
            <Button size="small" variant="primary" disabled={busy || draft.length === 0} onClick={() => void apply()}>
              {t('common:action.save')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
