import { useTranslation } from 'react-i18next';
import { CAPABILITIES, may, USER_TYPE_ORDER } from '@fieldwatch/shared';
import { useSession } from '@fieldwatch/shared/remote';
import { Card, PageHeader, Table } from '@fieldwatch/shared/ui';
import { Icon } from '../admin/Icon';
import css from './PermissionsPage.module.css';

/**
 * /admin/permissions: what each user type may do, drawn from PERMISSIONS in @fieldwatch/shared —
 * the table the server enforces (server/src/modules/auth/permissions.ts), so the two agree.
 */
export function PermissionsPage() {
  const { t } = useTranslation('admin');
  const myType = useSession((s) => s.user?.userType ?? null);
  return (
    <div data-testid="admin-permissions" className={css.page}>
      <PageHeader title={t('sections.permissions.title')} subtitle={t('permissions.subtitle')} />
      <Card flush>
        <Table label={t('permissions.tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('permissions.col.capability')}</th>
              {USER_TYPE_ORDER.map((u) => (
                <th scope="col" key={u} className={css.typeCol} data-mine={u === myType || undefined}>
                  <span className={css.typeName}>{t(`common:userType.${u}`)}</span>
                  {u === myType && <span className={css.you}>{t('permissions.you')}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CAPABILITIES.map((c) => (
              <tr key={c} data-testid="permission-row" data-capability={c}>
                <th scope="row" className={css.capability}>
                  <span className={css.capName}>{t(`permissions.capability.${c}.title`)}</span>
                  <span className={css.capText}>{t(`permissions.capability.${c}.text`)}</span>
                </th>
                {USER_TYPE_ORDER.map((u) => {
                  const yes = may(u, c);
                  return (
                    <td key={u} className={css.cell} data-allowed={yes} data-label={t(`common:userType.${u}`)}>
                      {yes ? (
                        <span className={css.yes}>
                          <Icon name="tick" size={18} />
                          <span className={css.sr}>{t('permissions.allowed')}</span>
                        </span>
                      ) : (
                        <span className={css.no}>
                          <span aria-hidden="true">—</span>
                          <span className={css.sr}>{t('permissions.notAllowed')}</span>
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
      <div className={css.notes}>
        <Card title={t('permissions.viewAll.title')}>
          <p className={css.note} data-testid="permissions-view-all">
            {t('permissions.viewAll.text')}
          </p>
        </Card>
        <Card title={t('permissions.membership.title')}>
          <p className={css.note}>{t('permissions.membership.text')}</p>
        </Card>
        <Card title={t('permissions.tokens.title')}>
          <p className={css.note}>{t('permissions.tokens.text')}</p>
        </Card>
      </div>
    </div>
  );
}
