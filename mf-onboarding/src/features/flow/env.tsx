import { createContext, type MouseEvent, useContext } from 'react';
import type { EmbedEventName, EmbedSession } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';

/** What only the flow embedded on a partner page has (embed.tsx): its own sign-in, and events for the page. */
export interface EmbedControls {
  /** Signed in by the embed's own door (POST …/onboarding/embed/session): the token is used from now on. */
  signIn(session: EmbedSession): void;
  /** Ends the embed's session (on the server too) and forgets its token. */
  signOut(): void;
  /** The sign-in ended on its own (expired, revoked): the account step says so. */
  expired: boolean;
  /** Dispatches one of EMBED_EVENTS on the partner's element. */
  emit(name: EmbedEventName, detail: object): void;
}

/** Where the flow runs: inside the product (shell routing) or embedded in a partner page. */
export interface OnboardingEnv {
  /** Origin of the Fieldwatch app for links out of the flow; '' inside the product. */
  origin: string;
  embedded: boolean;
  /**
   * Leaves the flow for a page of the product with a full page load (after an activation the
   * shell's session — organisations, selection, unit list — is loaded afresh). Tests pass their own.
   */
  leave?: (href: string) => void;
  /** Set when embedded on a partner page. */
  embed?: EmbedControls;
}

export const OnboardingEnvContext = createContext<OnboardingEnv>({ origin: '', embedded: false });

/** The function that leaves the flow for `path` of the product (a full page load). */
export function useLeave(): (path: string) => void {
  const { origin, leave } = useOnboardingEnv();
  return (path: string) => (leave ?? ((href: string) => window.location.assign(href)))(`${origin}${path}`);
}

export function useOnboardingEnv(): OnboardingEnv {
  return useContext(OnboardingEnvContext);
}

/**
 * Props of a link to another part of the product (e.g. /login): a real href, and inside the product
 * a plain click goes through the shell's navigate() instead of reloading the page. Embedded, it
 * opens Fieldwatch in a new tab: the partner's page (and the flow in it) stays where it is.
 */
export function useProductLink() {
  const { origin, embedded } = useOnboardingEnv();
  const { navigate } = useRemote();
  return (path: string) => ({
    href: `${origin}${path}`,
    ...(embedded ? { target: '_blank', rel: 'noopener' } : {}),
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (embedded || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(path);
    },
  });
}
