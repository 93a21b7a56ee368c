import { type MouseEvent, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { DASHBOARD_NAME_KEYS, encodeDashboardId, navLinks, type DashboardSummary } from '@fieldwatch/shared';
import { Icon } from '@fieldwatch/shared/ui';
import { sessionStore } from '../../platform';
import { logout, useAlarmListener } from '../session/session';
import { CustomerPicker } from './CustomerPicker';
import { LanguagePicker } from './LanguagePicker';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';
import css from './Layout.module.css';

function dashboardLabel(d: DashboardSummary, t: (k: string) => string): string {
  return d.static ? t(`common:${DASHBOARD_NAME_KEYS[d.static]}`) : d.name;
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${css.navItem} ${css.navActive}` : css.navItem);

/**
 * The skip link's jump: the focus to the main region (tabIndex -1), without a #fw-main in the
 * address that the router and the areas would take for a navigation.
 */
function skipToMain(e: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('fw-main');
  if (!main) return;
  e.preventDefault();
  main.focus();
}

/** The signed-in frame: navigation, customer selection, theme, language, account; the area in the middle. */
export function Layout() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useStore(sessionStore, (s) => s.user);
  const dashboards = useStore(sessionStore, (s) => s.dashboards);
  const unseen = useAlarmListener((s) => s.unseen);
  const [menuOpen, setMenuOpen] = useState(false);
  const overview = dashboards.find((d) => d.static === 'overview');
  // The links to the areas, as the area table lists them.
  const belowDashboards = navLinks('dashboards', user?.userType);
  const management = navLinks('management', user?.userType);
  const [account] = navLinks('account', user?.userType);

  const isDashboardActive = (d: DashboardSummary) =>
    pathname === `/dashboard/${encodeDashboardId(d.id)}` || (d === overview && pathname === '/dashboard/default');

  async function onLogout() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <div className={css.frame}>
      <a className={css.skip} href="#fw-main" onClick={skipToMain}>
        {t('layout.skipToContent')}
      </a>
      <aside className={menuOpen ? `${css.sidebar} ${css.sidebarOpen}` : css.sidebar}>
        <div className={css.sidebarHead}>
          <Logo />
          <button
            type="button"
            className={`${css.iconButton} ${css.menuButton}`}
            aria-label={menuOpen ? t('layout.collapse') : t('layout.expand')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Icon name="menu" />
          </button>
        </div>
        <nav className={css.nav} aria-label={t('layout.mainNavigation')} onClick={() => setMenuOpen(false)}>
          <p className={css.navSection}>{t('common:nav.dashboards')}</p>
          {dashboards.map((d) => (
            <NavLink
              key={d.id}
              to={`/dashboard/${encodeDashboardId(d.id)}`}
              className={() => navClass({ isActive: isDashboardActive(d) })}
            >
              <Icon name="dashboard" />
              <span>{dashboardLabel(d, t)}</span>
            </NavLink>
          ))}
          {belowDashboards.map((link) => (
            <NavLink key={link.path} to={link.path} className={navClass}>
              <Icon name={link.icon} />
              <span>{t(`common:nav.${link.labelKey}`)}</span>
              {link.unseenBadge && unseen > 0 && (
                <span
                  className={css.count}
                  aria-label={t('layout.unreadNotifications', { count: unseen })}
                  data-testid="unseen-badge"
                >
                  {unseen > 99 ? '99+' : unseen}
                </span>
              )}
            </NavLink>
          ))}
          <p className={css.navSection}>{t('common:nav.management')}</p>
          {management.map((link) => (
            <NavLink key={link.path} to={link.path} className={navClass}>
              <Icon name={link.icon} />
              <span>{t(`common:nav.${link.labelKey}`)}</span>
            </NavLink>
          ))}
        </nav>
        <div className={css.account}>
          <NavLink to={account!.path} className={navClass}>
            <span className={css.avatar} aria-hidden="true">
              {(user?.name || user?.username || '?').slice(0, 1).toUpperCase()}
            </span>
            <span className={css.accountText}>
              <span className={css.accountName}>{user?.name || user?.username}</span>
              <span className={css.accountRole}>{t(`common:userType.${user?.userType ?? 1}`)}</span>
            </span>
          </NavLink>
          <button type="button" className={css.navItem} onClick={() => void onLogout()} data-testid="logout">
            <Icon name="logout" />
            <span>{t('layout.logout')}</span>
          </button>
        </div>
      </aside>
      <div className={css.main}>
        <header className={css.topbar}>
          <CustomerPicker />
          <span className={css.spacer} />
          <LanguagePicker compact />
          <ThemeToggle />
        </header>
        <main id="fw-main" className={css.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** The frame of public areas (onboarding) for visitors without a session. */
export function PublicLayout() {
  return (
    <div className={css.publicFrame}>
      <header className={css.publicTop}>
        <Logo />
        <span className={css.spacer} />
        <LanguagePicker compact />
        <ThemeToggle />
      </header>
      <main id="fw-main" className={css.publicContent}>
        <Outlet />
      </main>
    </div>
  );
}
