/**
 * Step 5: read and accept the general terms. The terms scroll in a box of their own; "Accept and
 * activate" is enabled only once their end has been in view (useReadToEnd — spec §5). Accepting
 * activates the device (step 6): the server makes what the earlier steps chose, places the unit,
 * starts the trial and stores the acceptance; the user then lands on the unit's page.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isLanguage, queryKeys, TERMS_VERSION, TRIAL_DAYS, TRIAL_WEEKS, type OnboardingActivation, type OnboardingFlow } from '@fieldwatch/shared';
import { formatDate, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Card } from '@fieldwatch/shared/ui';
import { activate, problemCode, problemText } from '../flow/api';
import { onboardingUrl } from '../flow/steps';
import { TermsDocument } from './TermsDocument';
import { useReadToEnd } from './useReadToEnd';
import css from './terms.module.css';

const DAY_MS = 86_400_000;

export function TermsStep({ tag, flow, onActivated }: { tag: string; flow: OnboardingFlow; onActivated: (a: OnboardingActivation) => void }) {
  const { t, i18n } = useTranslation('onboarding');
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const timeConfig = useTimeConfig();
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const read = useReadToEnd(box, end, i18n.language);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const placement = flow.placement!;
  const org = flow.organization!;
  const location = placement.locationId ? (flow.locations.find((l) => l.id === placement.locationId)?.name ?? '') : (placement.locationName ?? '');
  const group = placement.groupId ? (flow.groups.find((g) => g.id === placement.groupId)?.name ?? '') : (placement.groupName ?? '');
  const trialEnd = formatDate(new Date(Date.now() + TRIAL_DAYS * DAY_MS), timeConfig);

  async function onAccept() {
    setBusy(true);
    setProblem(null);
    try {
      const activation = await activate(api, tag, {
        termsVersion: TERMS_VERSION,
        acceptTerms: true,
        ...(isLanguage(i18n.language) ? { language: i18n.language } : {}),
      });
      onActivated(activation);
    } catch (err) {
      setProblem(problemText(err, t));
      // Activated meanwhile (another tab, another person): the page shows what is so now.
      if (problemCode(err) === 'alreadyActivated') void queryClient.invalidateQueries({ queryKey: queryKeys.onboardingTag(tag) });
      setBusy(false);
    }
  }

  return (
    <Card title={t('termsStep.title')} data-testid="step-terms-panel">
      <p className={css.lead}>{t('termsStep.intro', { version: TERMS_VERSION, weeks: TRIAL_WEEKS })}</p>
      <section className={css.summary} aria-labelledby="fw-onb-summary">
        <h3 id="fw-onb-summary" className={css.summaryTitle}>
          {t('termsStep.summary')}
        </h3>
        <dl className={css.facts}>
          <div>
            <dt>{t('termsStep.summaryUnit')}</dt>
            <dd data-testid="summary-unit">{placement.name}</dd>
          </div>
          <div>
            <dt>{t('termsStep.summaryOrganisation')}</dt>
            <dd data-testid="summary-organisation">
              {org.id === null ? t('termsStep.summaryNewOrganisation', { name: org.name }) : org.name}{' '}
              <Link to={onboardingUrl(tag, 'organisation')} className={css.change}>
                {t('termsStep.change')}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('termsStep.summaryPlace')}</dt>
            <dd data-testid="summary-place">
              {[location, group].filter(Boolean).join(' · ')}
              {placement.address ? ` — ${placement.address}` : ''}{' '}
              <Link to={onboardingUrl(tag, 'placement')} className={css.change}>
                {t('termsStep.change')}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('termsStep.summaryTrial')}</dt>
            <dd data-testid="summary-trial">{t('termsStep.summaryTrialValue', { weeks: TRIAL_WEEKS, date: trialEnd })}</dd>
          </div>
        </dl>
      </section>

      <div
        ref={box}
        className={css.box}
        tabIndex={0}
        role="region"
        aria-label={t('termsStep.documentLabel', { version: TERMS_VERSION })}
        data-testid="terms-box"
      >
        <TermsDocument />
        <div ref={end} className={css.sentinel} data-testid="terms-end" aria-hidden="true" />
      </div>
      <p className={read ? css.readDone : css.readHint} id="fw-onb-read" role="status" data-testid="terms-read-state">
        {read ? t('termsStep.readDone') : t('termsStep.readHint')}
      </p>
      {problem && (
        <p className={css.problem} role="alert" data-testid="terms-problem">
          {problem}
        </p>
      )}
      <div className={css.actions}>
        <Button variant="primary" disabled={!read || busy} aria-describedby="fw-onb-read" onClick={() => void onAccept()} data-testid="accept-terms">
          {busy ? t('termsStep.activating') : t('termsStep.accept')}
        </Button>
      </div>
      <p className={css.note}>{t('termsStep.mailNote')}</p>
    </Card>
  );
}
