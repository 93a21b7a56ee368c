import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { Details, ReadOnlyNote } from './Details';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';

/** /profile/password: the rules a new password must meet; changing it is not available here yet. */
export function PasswordPage() {
  const { t } = useTranslation('admin');
  const user = useProfileUser();
  return (
    <div className={css.stack} data-testid="profile-password">
      <Card title={t('profile.nav.password')}>
        <Details
          rows={[
            { label: t('profile.fields.username'), value: <span className={css.mono}>{user.username}</span> },
            { label: t('profile.fields.password'), value: <span className={css.mono} aria-label={t('profile.password.hidden')}>••••••••</span> },
          ]}
        />
        <h3 className={css.subTitle}>{t('profile.password.rulesTitle')}</h3>
        <ul className={css.rules}>
          <li>{t('profile.password.ruleLength')}</li>
          <li>{t('profile.password.ruleMatch')}</li>
          <li>{t('profile.password.ruleOld')}</li>
        </ul>
        <ReadOnlyNote>{t('profile.password.readOnly')}</ReadOnlyNote>
      </Card>
      <Card>
        <Link to="/profile/sessions" className={css.securityLink}>
          <Icon name="monitor" />
          <span>
            <strong>{t('profile.password.sessionsTitle')}</strong>
            <span className={css.muted}>{t('profile.password.sessionsText')}</span>
          </span>
          <Icon name="chevron" size={16} />
        </Link>
      </Card>
    </div>
  );
}
