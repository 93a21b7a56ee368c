import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EMBED_EVENTS, TRIAL_WEEKS } from '@fieldwatch/shared';
import { useOnboardingEnv } from './env';
import { Icon, VisuallyHidden } from '@fieldwatch/shared/ui';
import { ONBOARDING_STEPS, type OnboardingStep } from './steps';
import css from './Stepper.module.css';

/** All steps of the flow; the ones before the current one are done (`done`: every one). */
export function Stepper({ current, done = false }: { current: OnboardingStep; done?: boolean }) {
  const { t } = useTranslation('onboarding');
  const index = done ? ONBOARDING_STEPS.length : ONBOARDING_STEPS.indexOf(current);
  // Embedded, the partner's page hears where the visitor is (EMBED_EVENTS.step).
  const { embed } = useOnboardingEnv();
  const emit = embed?.emit;
  const step = done ? 'done' : current;
  useEffect(() => {
    emit?.(EMBED_EVENTS.step, { step });
  }, [emit, step]);
  return (
    <nav className={css.stepper} aria-label={t('steps.label')}>
      <p className={css.compact} aria-hidden="true">
        {t('steps.progress', { current: Math.min(index + 1, ONBOARDING_STEPS.length), total: ONBOARDING_STEPS.length, step: t(`steps.${current}.title`) })}
      </p>
      <ol className={css.list}>
        {ONBOARDING_STEPS.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'upcoming';
          return (
            <li key={step} className={css.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined} data-testid={`step-${step}`}>
              <span className={css.marker} aria-hidden="true">
                {state === 'done' ? (
                  <Icon name="tick" size={14} strokeWidth={3} />
                ) : (
                  i + 1
                )}
              </span>
              <span className={css.text}>
                <span className={css.title}>{t(`steps.${step}.title`)}</span>
                <span className={css.hint}>{t(`steps.${step}.hint`, { weeks: TRIAL_WEEKS })}</span>
                <VisuallyHidden>{t(`steps.state.${state}`)}</VisuallyHidden>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
