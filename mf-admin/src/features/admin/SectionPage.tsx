import { useTranslation } from 'react-i18next';
import { Card, EmptyState, PageHeader } from '@fieldwatch/shared/ui';
import { Icon } from './Icon';
import type { AdminSection } from './sections';
import css from './SectionPage.module.css';

/** An admin section that is not built yet: what it will hold, and an honest empty state. */
export function SectionPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  // The catalogue holds the planned capabilities as an object "1", "2", … (integer keys keep their order).
  const planned = t(`sections.${section.id}.planned`, { returnObjects: true }) as unknown;
  const items = planned && typeof planned === 'object' ? Object.values(planned as Record<string, string>) : [];
  return (
    <div className={css.page} data-testid={`admin-section-${section.id}`}>
      <PageHeader title={t(`sections.${section.id}.title`)} subtitle={t(`sections.${section.id}.description`)} />
      <Card>
        <div className={css.body}>
          <span className={css.icon}>
            <Icon name={section.icon} size={26} />
          </span>
          <EmptyState title={t('placeholder.title')}>
            <span>{t('placeholder.text')}</span>
          </EmptyState>
          {items.length > 0 && (
            <div className={css.planned}>
              <h2 className={css.plannedTitle}>{t('placeholder.planned')}</h2>
              <ul className={css.list}>
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}
