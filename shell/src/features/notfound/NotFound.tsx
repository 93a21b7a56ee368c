import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@fieldwatch/shared/ui';

export function NotFound() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <EmptyState title={t('notFound.title')}>
      <span>{t('notFound.text', { path: pathname })}</span>
      <Link to="/dashboard/default">{t('notFound.home')}</Link>
    </EmptyState>
  );
}
