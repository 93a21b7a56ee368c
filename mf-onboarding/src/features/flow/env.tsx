import { createContext, type MouseEvent, useContext } from 'react';
import { useRemote } from '@fieldwatch/shared/remote';

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
 * a plain click goes through the shell's navigate() instead of reloading the page.
 */
export function useProductLink() {
  const { origin, embedded } = useOnboardingEnv();
  const { navigate } = useRemote();
  return (path: string) => ({
    href: `${origin}${path}`,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (embedded || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(path);
    },
  });
}
