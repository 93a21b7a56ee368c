/**
 * /groupmanagement and /locationmanagement. The container APIs are not there yet: each page says
 * what the level is for and where it sits (group → locations → units), with no invented data.
 */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { buttonClassName, Card, Icon, type IconName, PageHeader } from '@fieldwatch/shared/ui';
import css from './ContainerPages.module.css';

type Level = 'group' | 'location';

export function GroupPage() {
  return <ContainerPage level="group" />;
}

export function LocationPage() {
  return <ContainerPage level="location" />;
}

const LEVELS: Array<{ key: 'group' | 'location' | 'unit'; icon: IconName }> = [
  { key: 'group', icon: 'group' },
  { key: 'location', icon: 'location' },
  { key: 'unit', icon: 'device' },
];

function ContainerPage({ level }: { level: Level }) {
  const { t } = useTranslation('devices');
  const ns = level === 'group' ? 'groups' : 'locations';
  return (
    <div className={css.page} data-testid={`${level}-page`}>
      <PageHeader title={t(`${ns}.title`)} subtitle={t(`${ns}.subtitle`)} />
      <Card>
        <div className={css.empty}>
          <div className={css.illustration} aria-hidden="true">
            <Icon name={level === 'group' ? 'group' : 'location'} size={28} />
          </div>
          <h2 className={css.emptyTitle}>{t(`${ns}.empty.title`)}</h2>
          <p className={css.emptyText}>{t(`${ns}.empty.text`)}</p>

          <ol className={css.hierarchy} aria-label={t('hierarchy.label')}>
            {LEVELS.map(({ key, icon }, i) => (
              <li key={key} className={css.level} data-current={key === level || undefined}>
                {i > 0 && <Icon name="chevron" size={16} className={css.arrow} />}
                <span className={css.levelBox}>
                  <span className={css.levelHead}>
                    <Icon name={icon} size={15} />
                    {t(`hierarchy.${key}.name`)}
                  </span>
                  <span className={css.levelText}>{t(`hierarchy.${key}.text`)}</span>
                </span>
              </li>
            ))}
          </ol>

          <ul className={css.uses}>
            {(['one', 'two', 'three'] as const).map((k) => (
              <li key={k}>{t(`${ns}.uses.${k}`)}</li>
            ))}
          </ul>

          <p className={css.notice}>{t(`${ns}.notice`)}</p>
          <Link to="/devicemanagement" className={buttonClassName()}>
            <Icon name="device" size={16} />
            {t('hierarchy.toDevices')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
