import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, pathFor, type SessionResponse, type UserProfile } from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { Card, ErrorState, LoadingState, PageHeader } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import { PROFILE_SECTIONS } from './sections';
import css from './Profile.module.css';

const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${css.tab} ${css.tabActive}` : css.tab);

/** /profile/*: header, section tabs, and the signed-in user for the sections (outlet context). */
export function ProfileLayout() {
  const { t } = useTranslation('admin');
  const tabs = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On narrow screens the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    const active = tabs.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && tabs.current && tabs.current.scrollWidth > tabs.current.clientWidth) {
      active.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    }
  }, [pathname]);

  return (
    <div className={css.page} data-testid="profile-area">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <nav ref={tabs} className={css.tabs} aria-label={t('profile.nav.label')}>
        {PROFILE_SECTIONS.map((s) => (
          <NavLink key={s.id} to={s.path ? `/profile/${s.path}` : '/profile'} end className={tabClass}>
            <Icon name={s.icon} size={16} />
            <span>{t(`profile.nav.${s.id}`)}</span>
          </NavLink>
        ))}
      </nav>
      <ProfileGate />
    </div>
  );
}

/** The user comes from the session store; should it be missing, it can be fetched again. */
function ProfileGate() {
  const { t } = useTranslation('admin');
  const { api, session } = useRemote();
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const [retrying, setRetrying] = useState(false);

  if (user) return <Outlet context={user} />;
  if (status === 'unknown' || status === 'loading' || retrying) {
    return (
      <Card>
        <LoadingState label={t('profile.loading')} />
      </Card>
    );
  }
  const retry = async () => {
    setRetrying(true);
    const [data, failed] = await api.get<SessionResponse>(pathFor(ENDPOINTS.session));
    if (!failed && data?.user) session.getState().setSession(data);
    setRetrying(false);
  };
  return (
    <Card>
      <ErrorState
        title={t('profile.error.title')}
        message={t('profile.error.text')}
        retryLabel={t('common:action.retry')}
        onRetry={() => void retry()}
      />
    </Card>
  );
}

/** The signed-in user, inside the profile's sections. */
export function useProfileUser(): UserProfile {
  return useOutletContext<UserProfile>();
}
