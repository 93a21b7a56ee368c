/** Step 6 done: the device is activated (by this user), its trial and the way to its page. */
import { useTranslation } from 'react-i18next';
import type { OnboardingActivation } from '@fieldwatch/shared';
import { formatDate, useTimeConfig } from '@fieldwatch/shared/remote';
import { Card } from '@fieldwatch/shared/ui';
import { useProductLink } from './env';
import { Stepper } from './Stepper';
import css from './OnboardingPage.module.css';

export function DoneCard({ activation }: { activation: OnboardingActivation }) {
  const { t } = useTranslation('onboarding');
  const timeConfig = useTimeConfig();
  const link = useProductLink();
  const trial = activation.trial;
  const date = (iso: string) => formatDate(new Date(iso), timeConfig);
  return (
    <>
      <Stepper current="trial" done />
      <Card title={t('done.title', { unit: activation.unitName })} data-testid="activation-done">
        <p className={css.lead}>
          {trial.status === 'active'
            ? t('done.text', { organization: activation.organizationName, date: date(trial.endsAt) })
            : trial.status === 'ended'
              ? t('done.ended', { date: date(trial.endedAt ?? trial.endsAt) })
              : t('done.converted')}
        </p>
        <a className={css.primaryLink} {...link(`/devicemanagement/${activation.unitId}`)} data-testid="open-unit">
          {t('done.open')}
        </a>
      </Card>
    </>
  );
}
