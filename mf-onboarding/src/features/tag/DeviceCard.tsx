import { useTranslation } from 'react-i18next';
import { TERMS_VERSION, TRIAL_WEEKS, type OnboardingTagInfo } from '@fieldwatch/shared';
import { Card, Icon } from '@fieldwatch/shared/ui';
import css from './tag.module.css';

/** The device the tag belongs to: name, model, activation status, trial and terms. */
export function DeviceCard({ info }: { info: OnboardingTagInfo }) {
  const { t } = useTranslation('onboarding');
  const weeks = info.trialWeeks || TRIAL_WEEKS;
  const version = info.termsVersion || TERMS_VERSION;
  return (
    <Card title={t('device.title')} data-testid="device-card">
      <div className={css.device}>
        <span className={css.deviceIcon} aria-hidden="true">
          <Icon name="unit" size={26} strokeWidth={1.7} />
        </span>
        <div className={css.deviceText}>
          <h2 className={css.deviceName} data-testid="device-name">
            {info.unitName}
          </h2>
          <span className={css.deviceMeta}>
            <span className={css.model}>
              {t('device.model')} <strong data-testid="device-model">{info.model}</strong>
            </span>
            <span
              className={css.state}
              data-activated={info.activated}
              data-supported={info.supported !== false}
              data-testid="device-status"
            >
              {info.activated ? t('device.activated') : info.supported === false ? t('device.notSupported') : t('device.ready')}
            </span>
          </span>
        </div>
      </div>
      <dl className={css.facts}>
        <div>
          <dt>{t('device.tag')}</dt>
          <dd className={css.mono}>{info.tagUuid}</dd>
        </div>
      </dl>
      <div className={css.offer}>
        <div className={css.offerItem} data-testid="trial">
          <strong>{t('device.trialTitle', { weeks })}</strong>
          <span>{t('device.trialText')}</span>
        </div>
        <div className={css.offerItem} data-testid="terms">
          <strong>{t('device.termsTitle', { version })}</strong>
          <span>{t('device.termsText')}</span>
        </div>
      </div>
    </Card>
  );
}
