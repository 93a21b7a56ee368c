/** Numbers in the user's language (grouping, decimal comma), for the KPI widgets. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type NumberFormat = (value: number, digits?: number) => string;

export function useNumberFormat(): NumberFormat {
  const { i18n } = useTranslation('dashboard');
  const lang = i18n.language || 'en';
  return useMemo(() => {
    const cache = new Map<number, Intl.NumberFormat>();
    return (value: number, digits = 0) => {
      if (!Number.isFinite(value)) return '—';
      let f = cache.get(digits);
      if (!f) {
        f = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        cache.set(digits, f);
      }
      return f.format(value);
    };
  }, [lang]);
}

/** Share in whole percent, 0 when there is no total. */
export const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);
