/**
 * The general terms (version TERMS_VERSION) as a document in the reader's language, with the
 * contract constants of spec §9 (CONTRACT_TERMS) and the trial (TRIAL_WEEKS) filled in: the
 * "terms" namespace (locales/<lang>/terms.json), added to the page's i18next when first shown.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace, CONTRACT_TERMS, TERMS_VERSION, TRIAL_WEEKS } from '@fieldwatch/shared';
import terms from '@fieldwatch/locales/terms';
import css from './terms.module.css';

/** The sections of the terms, in order (keys of terms.json's sections). */
export const TERMS_SECTIONS = [
  'scope',
  'service',
  'trial',
  'term',
  'termination',
  'fees',
  'prices',
  'customer',
  'data',
  'liability',
  'changes',
  'law',
] as const;

/** The values the terms' texts name. */
export const TERMS_VALUES = {
  version: TERMS_VERSION,
  trialWeeks: TRIAL_WEEKS,
  termMonths: CONTRACT_TERMS.termMonths,
  noticeMonths: CONTRACT_TERMS.noticeMonths,
  paymentDays: CONTRACT_TERMS.paymentDaysNet,
  lateInterest: CONTRACT_TERMS.lateInterestPercent,
  invoicingMonths: CONTRACT_TERMS.invoicingMonths,
  priceNoticeMonths: CONTRACT_TERMS.priceChangeNoticeMonths,
};

export function TermsDocument() {
  const { i18n } = useTranslation();
  useState(() => addNamespace(i18n, 'terms', terms));
  const { t } = useTranslation('terms');
  return (
    <div className={css.document} lang={i18n.language}>
      <h3 className={css.docTitle}>{t('title')}</h3>
      <p className={css.docVersion}>{t('version', TERMS_VALUES)}</p>
      <p className={css.docIntro}>{t('intro', TERMS_VALUES)}</p>
      {TERMS_SECTIONS.map((s) => (
        <section key={s} className={css.docSection} data-section={s}>
          <h4 className={css.docHeading}>{t(`sections.${s}.title`, TERMS_VALUES)}</h4>
          <p className={css.docText}>{t(`sections.${s}.text`, TERMS_VALUES)}</p>
        </section>
      ))}
      <p className={css.docEnd}>{t('end', TERMS_VALUES)}</p>
    </div>
  );
}
