import { useTranslation } from 'react-i18next';
import { Card } from '@fieldwatch/shared/ui';
import { Icon, type IconName } from '../admin/Icon';
import { OnOff, ReadOnlyNote } from './Details';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';

/** /profile/notifications: how alarms reach the user. */
export function NotificationsPage() {
  const { t } = useTranslation('admin');
  const user = useProfileUser();
  const channels: Array<{ id: 'email' | 'desktop'; icon: IconName; on: boolean; text: string }> = [
    {
      id: 'email',
      icon: 'mail',
      on: user.notification.email,
      text: user.email ? t('profile.notifications.emailText', { email: user.email }) : t('profile.notifications.emailNoAddress'),
    },
    { id: 'desktop', icon: 'monitor', on: user.notification.desktop, text: t('profile.notifications.desktopText') },
  ];
  return (
    <div className={css.stack} data-testid="profile-notifications">
      <Card title={t('profile.nav.notifications')}>
        <ul className={css.channels}>
          {channels.map((c) => (
            <li key={c.id} className={css.channel} data-field={`notify-${c.id}`}>
              <span className={css.channelIcon}>
                <Icon name={c.icon} />
              </span>
              <span className={css.channelText}>
                <strong>{t(`profile.fields.${c.id}Notifications`)}</strong>
                <span className={css.muted}>{c.text}</span>
              </span>
              <OnOff on={c.on} />
            </li>
          ))}
        </ul>
        <ReadOnlyNote>{t('profile.notifications.readOnly')}</ReadOnlyNote>
      </Card>
    </div>
  );
}
