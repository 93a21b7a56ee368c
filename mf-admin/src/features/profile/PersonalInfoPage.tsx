import { useTranslation } from 'react-i18next';
import { Card } from '@fieldwatch/shared/ui';
import { Avatar } from './Avatar';
import { Details, ReadOnlyNote } from './Details';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';

/** /profile/personal: name, contact details and picture, as stored on the account. */
export function PersonalInfoPage() {
  const { t } = useTranslation('admin');
  const user = useProfileUser();
  return (
    <div className={css.stack} data-testid="profile-personal">
      <Card title={t('profile.nav.personal')}>
        <div className={css.split}>
          <div className={css.pictureBlock}>
            <Avatar user={user} />
            <span className={css.muted}>{user.avatar || user.thumbnail ? t('profile.personal.picture') : t('profile.personal.noPicture')}</span>
          </div>
          <Details
            rows={[
              { label: t('profile.fields.name'), value: user.name, field: 'name' },
              { label: t('profile.fields.username'), value: <span className={css.mono}>{user.username}</span>, field: 'username' },
              { label: t('profile.fields.title'), value: user.title, field: 'title' },
              { label: t('profile.fields.email'), value: user.email, field: 'email' },
              { label: t('profile.fields.phone'), value: user.phone, field: 'phone' },
              { label: t('profile.fields.location'), value: user.location, field: 'location' },
            ]}
          />
        </div>
        <ReadOnlyNote>{t('profile.readOnly')}</ReadOnlyNote>
      </Card>
    </div>
  );
}
