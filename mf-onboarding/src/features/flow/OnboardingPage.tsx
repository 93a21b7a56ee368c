import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { queryKeys, type OnboardingTagInfo } from '@fieldwatch/shared';
import { useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Card, ErrorState, LoadingState } from '@fieldwatch/shared/ui';
import { AccountPanel } from '../account/AccountPanel';
import { DeviceCard } from '../tag/DeviceCard';
import { loadTag } from '../tag/loadTag';
import { TagEntryForm } from '../tag/TagEntryForm';
import { ActivationFlow } from './ActivationFlow';
import { Stepper } from './Stepper';
import { normaliseTag, TAG_PATTERN } from './steps';
import css from './OnboardingPage.module.css';

/** /onboarding?tag=<uuid>: the first step of activating a device from its NFC tag. */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const tag = normaliseTag(params.get('tag') ?? '');
  const user = useSession((s) => s.user);

  return (
    <div className={css.page} data-testid="onboarding">
      <header className={css.header}>
        <p className={css.eyebrow}>{t('eyebrow')}</p>
        <h1 className={css.title}>{t('title')}</h1>
        <p className={css.subtitle}>{user ? t('subtitleSignedIn') : t('subtitle')}</p>
      </header>
      {!tag ? <NoTag /> : TAG_PATTERN.test(tag) ? <TagStep key={tag} tag={tag} /> : <UnknownTag tag={tag} />}
    </div>
  );
}

function NoTag() {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <Stepper current="device" />
      <Card title={t('tagEntry.title')} data-testid="no-tag">
        <p className={css.lead}>{t('tagEntry.text')}</p>
        <TagEntryForm autoFocus />
        <p className={css.small}>{t('tagEntry.where')}</p>
      </Card>
    </>
  );
}

function UnknownTag({ tag }: { tag: string }) {
  const { t } = useTranslation('onboarding');
  return (
    <>
      <Stepper current="device" />
      <Card data-testid="unknown-tag">
        <div className={css.problem} role="alert">
          <span className={css.problemIcon} aria-hidden="true">
            !
          </span>
          <div>
            <h2 className={css.problemTitle}>{t('unknown.title')}</h2>
            <p className={css.problemText}>{t('unknown.text', { tag })}</p>
          </div>
        </div>
        <ol className={css.todo}>
          <li>{t('unknown.check')}</li>
          <li>{t('unknown.retype')}</li>
          <li>{t('unknown.contact')}</li>
        </ol>
        <TagEntryForm initial={tag} />
      </Card>
    </>
  );
}

function TagStep({ tag }: { tag: string }) {
  const { t } = useTranslation('onboarding');
  const { api } = useRemote();
  const user = useSession((s) => s.user);
  const state = useApiQuery(queryKeys.onboardingTag(tag), () => loadTag(api, tag));

  if (state.status === 'error') {
    return (
      <>
        <Stepper current="device" />
        <Card>
          <ErrorState
            title={t('tagError.title')}
            message={t('tagError.text')}
            retryLabel={t('common:action.retry')}
            onRetry={state.reload}
          />
        </Card>
      </>
    );
  }
  if (!state.data) {
    return (
      <>
        <Stepper current="device" />
        <Card>
          <LoadingState label={t('identifying')} />
        </Card>
      </>
    );
  }
  if (state.data.kind === 'unknown') return <UnknownTag tag={tag} />;

  const info = state.data.info;
  const supported = info.supported !== false;
  const firstStep = (
    <>
      <Stepper current={info.activated || !supported ? 'device' : 'account'} />
      <div className={css.columns}>
        <DeviceCard info={info} />
        {supported ? <AccountPanel info={info} /> : <NotSupported info={info} />}
      </div>
    </>
  );
  return (
    <>
      {/* Signed in: the steps after the account (organisation, placement, terms), or what he activated. */}
      {user && supported ? <ActivationFlow info={info} fallback={firstStep} /> : firstStep}
      <p className={css.other}>
        <Link to="/onboarding">{t('otherDevice')}</Link>
      </p>
    </>
  );
}

/** "Device not supported": a unit of a type this Fieldwatch cannot activate online. */
function NotSupported({ info }: { info: OnboardingTagInfo }) {
  const { t } = useTranslation('onboarding');
  return (
    <Card data-testid="not-supported">
      <div className={css.problem} role="alert">
        <span className={css.problemIcon} aria-hidden="true">
          !
        </span>
        <div>
          <h2 className={css.problemTitle}>{t('notSupported.title')}</h2>
          <p className={css.problemText}>{t('notSupported.text', { unit: info.unitName, model: info.model })}</p>
        </div>
      </div>
      <p className={css.lead}>{t('notSupported.contact', { tag: info.tagUuid })}</p>
    </Card>
  );
}
