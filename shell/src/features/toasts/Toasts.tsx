import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Toast } from '@fieldwatch/shared';
import { bus } from '../../platform';
import css from './Toasts.module.css';

interface Shown extends Toast {
  id: number;
}
let nextId = 1;
const TOAST_MS = 6000;

/** What a toast says: its key with its values (two critical alarms share the key, not the text). */
const sameToast = (a: Toast, b: Toast) =>
  a.message === b.message && a.kind === b.kind && JSON.stringify(a.params ?? null) === JSON.stringify(b.params ?? null);

/** Toasts from anywhere (bus 'toast'); identical messages shown at once are collapsed. */
export function Toasts() {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<Shown[]>([]);

  useEffect(() => {
    const onToast = (toast: Toast) => {
      const id = nextId++;
      setToasts((list) => (list.some((x) => sameToast(x, toast)) ? list : [...list.slice(-3), { ...toast, id }]));
      setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), TOAST_MS);
    };
    bus.on('toast', onToast);
    return () => bus.off('toast', onToast);
  }, []);

  return (
    <div className={css.stack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`${css.toast} ${css[toast.kind] ?? ''}`} data-testid="toast">
          <span>{toast.raw ? toast.message : t(toast.message, toast.params)}</span>
          <button
            type="button"
            className={css.close}
            aria-label={t('action.close')}
            onClick={() => setToasts((list) => list.filter((x) => x.id !== toast.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
