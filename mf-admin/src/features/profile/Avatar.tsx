import type { UserProfile } from '@fieldwatch/shared';
import { initials } from '../users/loadUsers';
import css from './Profile.module.css';

export function Avatar({ user, size = 'large' }: { user: UserProfile; size?: 'large' | 'small' }) {
  const src = user.avatar || user.thumbnail;
  const cls = size === 'large' ? `${css.avatar} ${css.avatarLarge}` : css.avatar;
  if (src) return <img className={cls} src={src} alt="" />;
  return (
    <span className={cls} aria-hidden="true">
      {initials(user.name || user.username)}
    </span>
  );
}
