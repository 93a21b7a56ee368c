import { useTranslation } from 'react-i18next';
import css from './Assignees.module.css';

/** Up to two assignees with initials, then "+n"; "Unassigned" when none. */
export function Assignees({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('tasks');
  if (names.length === 0) return <span className={css.muted}>{t('unassigned')}</span>;
  const shown = names.slice(0, 2);
  return (
    <span className={css.assignees} title={names.join(', ')}>
      <span className={css.avatars} aria-hidden="true">
        {shown.map((n) => (
          <span key={n} className={css.avatar}>
            {n.slice(0, 1).toUpperCase()}
          </span>
        ))}
      </span>
      <span className={css.assigneeNames}>
        {shown.join(', ')}
        {names.length > 2 && <span className={css.muted}> +{names.length - 2}</span>}
      </span>
    </span>
  );
}
