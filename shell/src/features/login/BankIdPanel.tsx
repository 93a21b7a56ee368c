import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys, type BankIdOutcome } from '@fieldwatch/shared';
import { buttonClassName, Spinner } from '@fieldwatch/shared/ui';
import { bankIdStartUrl, fetchBankIdStatus } from './sign-in-steps';
import css from './LoginPage.module.css';

/**
 * The BankID tab: a link to the server's start of the OpenID Connect sign-in (a full page
 * navigation: the browser goes to BankID and comes back), or, where no provider is configured,
 * what an administrator can do about it. `outcome` is why the last BankID sign-in came back.
 */
export function BankIdPanel({ redirect, remember, outcome }: { redirect: string; remember: boolean; outcome: BankIdOutcome | null }) {
  const { t } = useTranslation('shell');
  const status = useQuery({ queryKey: queryKeys.bankIdStatus(), queryFn: fetchBankIdStatus, staleTime: Infinity, retry: 1 });
  const problem = outcome && outcome !== 'ok' && outcome !== 'disabled' ? t(`login.bankIdOutcome.${outcome}`) : null;

  if (status.isPending) return <Spinner label={t('login.bankIdChecking')} />;
  if (status.isError || !status.data.enabled) {
    return (
      <p className={css.notice} role="note" data-testid="bankid-not-configured">
        {status.isError ? t('login.bankIdUnavailable') : t('login.bankIdNotConfigured')}
      </p>
    );
  }
  return (
    <div className={css.form} data-testid="bankid-panel">
      <p className={css.hint}>{t('login.bankIdIntro')}</p>
      {problem && (
        <p className={css.formError} role="alert">
          {problem}
        </p>
      )}
      <a className={`${buttonClassName({ variant: 'primary' })} ${css.submit}`} href={bankIdStartUrl(redirect, remember)}>
        {t('login.bankIdButton')}
      </a>
    </div>
  );
}
