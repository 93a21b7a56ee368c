import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { ADMIN_GROUPS, ADMIN_SECTIONS } from './sections';
import css from './AdminLayout.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${css.link} ${css.active}` : css.link);

/** The admin area's frame: section navigation on the left (a scrollable strip on narrow screens). */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On narrow screens the list is a horizontal strip: keep the current section in view.
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && nav.current && nav.current.scrollWidth > nav.current.clientWidth) {
      active.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    }
  }, [pathname]);

  return (
    <div className={css.layout} data-testid="admin-area">
      <nav ref={nav} className={css.subnav} aria-label={t('nav.label')}>
        <p className={css.areaTitle}>{t('title')}</p>
        {ADMIN_GROUPS.map((group) => (
          <div key={group} className={css.group} role="group" aria-label={t(`nav.groups.${group}`)}>
            <p className={css.groupTitle} aria-hidden="true">
              {t(`nav.groups.${group}`)}
            </p>
            {ADMIN_SECTIONS.filter((s) => s.group === group).map((s) => (
              <NavLink key={s.id} to={`/admin/${s.path}`} className={linkClass}>
                <Icon name={s.icon} />
                <span>{t(`sections.${s.id}.title`)}</span>
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <div className={css.content}>
        <Outlet />
      </div>
    </div>
  );
}
