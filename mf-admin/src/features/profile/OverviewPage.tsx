import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { Avatar } from './Avatar';
import { Details, OnOff } from './Details';
import { dateFormatKey, dateSample, languageName, timeSample, timezoneLabel } from './format';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';

/** /profile: the signed-in user at a glance, from the session store. */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const user = useProfileUser();
  const role = t(`common:userType.${user.userType}`);
  const more = (to: string, label: string) => (
    <Link to={to} className={css.cardLink}>
      {label}
      <Icon name="chevron" size={14} />
    </Link>
  );

  return (
    <div className={css.stack} data-testid="profile-overview">
      <Card>
        <div className={css.hero}>
          <Avatar user={user} />
          <div className={css.heroText}>
            <h2 className={css.heroName} data-field="name">
              {user.name || user.username}
            </h2>
            {user.title && (
              <p className={css.heroTitle} data-field="title">
                {user.title}
              </p>
            )}
            <p className={css.heroMeta}>
              <span className={css.mono}>{user.username}</span>
              <span className={css.role} data-role={user.userType}>
                {role}
              </span>
            </p>
          </div>
        </div>
      </Card>

      <div className={css.grid}>
        <Card title={t('profile.overview.contact')} actions={more('/profile/personal', t('profile.nav.personal'))}>
          <Details
            rows={[
              { label: t('profile.fields.email'), value: user.email, field: 'email' },
              { label: t('profile.fields.phone'), value: user.phone, field: 'phone' },
              { label: t('profile.fields.location'), value: user.location, field: 'location' },
            ]}
          />
        </Card>
        <Card title={t('profile.overview.account')}>
          <Details
            rows={[
              { label: t('profile.fields.username'), value: <span className={css.mono}>{user.username}</span>, field: 'username' },
              { label: t('profile.fields.role'), value: role, field: 'role' },
              { label: t('profile.fields.language'), value: languageName(user.language), field: 'language' },
            ]}
          />
        </Card>
        <Card title={t('profile.overview.time')} actions={more('/profile/preferences', t('profile.nav.preferences'))}>
          <Details
            rows={[
              {
                label: t('profile.fields.timeFormat'),
                value: t(`profile.timeFormat.${user.timeConfig.timeFormat}`, { sample: timeSample(user.timeConfig.timeFormat, user.timeConfig) }),
                field: 'timeFormat',
              },
              {
                label: t('profile.fields.dateFormat'),
                value: t(`profile.dateFormat.${dateFormatKey(user.timeConfig.dateFormat)}`, { sample: dateSample(user.timeConfig.dateFormat, user.timeConfig) }),
                field: 'dateFormat',
              },
              { label: t('profile.fields.timezone'), value: timezoneLabel(user.timeConfig.timezone), field: 'timezone' },
            ]}
          />
        </Card>
        <Card title={t('profile.overview.notifications')} actions={more('/profile/notifications', t('profile.nav.notifications'))}>
          <Details
            rows={[
              { label: t('profile.fields.emailNotifications'), value: <OnOff on={user.notification.email} />, field: 'notifyEmail' },
              { label: t('profile.fields.desktopNotifications'), value: <OnOff on={user.notification.desktop} />, field: 'notifyDesktop' },
            ]}
          />
        </Card>
      </div>

      <Card title={t('profile.overview.security')}>
        <div className={css.securityLinks}>
          <Link to="/profile/password" className={css.securityLink}>
            <Icon name="lock" />
            <span>
              <strong>{t('profile.nav.password')}</strong>
              <span className={css.muted}>{t('profile.overview.passwordHint')}</span>
            </span>
            <Icon name="chevron" size={16} />
          </Link>
          <Link to="/profile/two-factor" className={css.securityLink}>
            <Icon name="shield" />
            <span>
              <strong>{t('profile.twoFactor.title')}</strong>
              <span className={css.muted}>{t('profile.overview.twoFactorHint')}</span>
            </span>
            <Icon name="chevron" size={16} />
          </Link>
          <Link to="/profile/sessions" className={css.securityLink}>
            <Icon name="monitor" />
            <span>
              <strong>{t('profile.nav.sessions')}</strong>
              <span className={css.muted}>{t('profile.overview.sessionsHint')}</span>
            </span>
            <Icon name="chevron" size={16} />
          </Link>
        </div>
      </Card>
    </div>
  );
}
