/**
 * Steps 3–6 for a signed-in user (issue 19 §1): the organisation, the placement and the terms,
 * whose acceptance activates the device. Where he is comes from the server (GET …/flow/:tag, a
 * record per user and tag) and the page from the URL (?step=), so a reload — or the phone's
 * browser coming back to the tab — lands on the same step with what was entered. A step further
 * than the server's next one is not shown: the URL cannot skip a step.
 */
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  EMBED_EVENTS,
  queryKeys,
  type EmbedActivatedDetail,
  type OnboardingActivation,
  type OnboardingFlow,
  type OnboardingTagInfo,
} from '@fieldwatch/shared';
import { useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import { Card, ErrorState, LoadingState } from '@fieldwatch/shared/ui';
import { OrganisationStep } from '../organisation/OrganisationStep';
import { PlacementStep } from '../placement/PlacementStep';
import { TermsStep } from '../terms/TermsStep';
import { DoneCard } from './DoneCard';
import { loadFlow } from './api';
import { useLeave, useOnboardingEnv } from './env';
import { Stepper } from './Stepper';
import { FLOW_PAGES, isFlowPage, onboardingUrl, type FlowPage } from './steps';
import css from './OnboardingPage.module.css';

/** The page to show: the one asked for, unless it lies beyond the next step not done. */
export function pageOf(asked: string | null, next: OnboardingFlow['next']): FlowPage {
  const last: FlowPage = next === 'done' ? 'terms' : next;
  if (!isFlowPage(asked)) return last;
  return FLOW_PAGES.indexOf(asked) <= FLOW_PAGES.indexOf(last) ? asked : last;
}

/** The unit's page in device management. */
export const unitPath = (unitId: number) => `/devicemanagement/${unitId}`;

export function ActivationFlow({ info, fallback }: { info: OnboardingTagInfo; fallback: ReactNode }) {
  const { t } = useTranslation('onboarding');
  const { api } = useRemote();
  const tag = info.tagUuid;
  const state = useApiQuery(queryKeys.onboardingFlow(tag), () => loadFlow(api, tag));

  if (state.status === 'error' && !state.data) {
    return (
      <>
        <Stepper current="organisation" />
        <Card>
          <ErrorState title={t('flow.loadError.title')} message={t('flow.loadError.text')} retryLabel={t('common:action.retry')} onRetry={state.reload} />
        </Card>
      </>
    );
  }
  if (!state.data) {
    return (
      <>
        <Stepper current="organisation" />
        <Card>
          <LoadingState label={t('flow.loading')} />
        </Card>
      </>
    );
  }
  const flow = state.data;
  if (flow.activation) return <DoneCard activation={flow.activation} />;
  // Activated by someone else: the first step's panels say so.
  if (flow.tag.activated) return <>{fallback}</>;
  return <Steps flow={flow} />;
}

function Steps({ flow }: { flow: OnboardingFlow }) {
  const { t } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useLeave();
  const { origin, embed } = useOnboardingEnv();
  const user = useSession((s) => s.user);
  const tag = flow.tag.tagUuid;
  const page = pageOf(params.get('step'), flow.next);
  if (!flow.canActivate) {
    return (
      <>
        <Stepper current="organisation" />
        <Card data-testid="read-only">
          <p className={css.lead} role="alert">
            {t('errors.readOnly')}
          </p>
        </Card>
      </>
    );
  }

  const saved = (next: OnboardingFlow, to: FlowPage) => {
    queryClient.setQueryData(queryKeys.onboardingFlow(tag), next);
    navigate(onboardingUrl(tag, to));
    // The next step starts at its top (on a phone the previous one was scrolled down to its button).
    const top = document.querySelector('[data-testid="onboarding"]');
    if (top && typeof top.scrollIntoView === 'function') top.scrollIntoView({ block: 'start' });
  };
  const activated = (a: OnboardingActivation) => {
    queryClient.setQueryData(queryKeys.onboardingFlow(tag), { ...flow, next: 'done', activation: a });
    void queryClient.invalidateQueries({ queryKey: queryKeys.onboardingTag(tag) });
    if (embed) {
      // On a partner page: the done card stays, and the page hears of it (and may move on).
      const detail: EmbedActivatedDetail = {
        unitId: a.unitId,
        unitName: a.unitName,
        tag,
        organizationId: a.organizationId,
        trialEndsAt: a.trial.endsAt,
        url: `${origin}${unitPath(a.unitId)}`,
      };
      embed.emit(EMBED_EVENTS.activated, detail);
      return;
    }
    // A full page load: the shell loads the session afresh (a new organisation, its selection, its units).
    leave(unitPath(a.unitId));
  };

  return (
    <>
      <Stepper current={page} />
      <div className={css.deviceLine} data-testid="flow-device">
        <span className={css.deviceLineName}>{flow.tag.unitName}</span>
        <span className={css.deviceLineMeta}>
          {flow.tag.model} · {flow.tag.tagUuid}
        </span>
        {user && <span className={css.deviceLineUser}>{t('flow.signedInAs', { name: user.name || user.username })}</span>}
        {embed && (
          <button type="button" className={css.signOut} onClick={embed.signOut} data-testid="embed-sign-out">
            {t('embed.signOut')}
          </button>
        )}
      </div>
      {page === 'organisation' && <OrganisationStep tag={tag} flow={flow} onSaved={(f) => saved(f, 'placement')} />}
      {page === 'placement' && <PlacementStep tag={tag} flow={flow} onSaved={(f) => saved(f, 'terms')} />}
      {page === 'terms' && <TermsStep tag={tag} flow={flow} onActivated={activated} />}
    </>
  );
}
