import { createContext, type MouseEvent, useContext } from 'react';
import { useRemote } from '@fieldwatch/shared/remote';

/** Where the flow runs: inside the product (shell routing) or embedded in a partner page. */
export interface OnboardingEnv {
  /** Origin of the Fieldwatch app for links out of the flow; '' inside the product. */
  origin: string;
  embedded: boolean;
}

export const OnboardingEnvContext = createContext<OnboardingEnv>({ origin: '', embedded: false });

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
