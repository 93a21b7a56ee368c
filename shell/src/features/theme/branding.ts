/**
 * The organisation's branding (admin Customization): its logo in the header and its accent colour
 * as the theme's accent tokens. Signed in: the branding of the user's organisation
 * (GET /api/v3/branding, in the data cache). Signed out: the branding of the account URL the
 * browser last came through (/a/<slug>), so that organisation's sign-in page looks like its own.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { useStore } from 'zustand';
import { checkAccent, ENDPOINTS, pathFor, queryKeys, type Branding, type Envelope } from '@fieldwatch/shared';
import { api, sessionStore } from '../../platform';

const STORAGE_KEY = 'fw.accountBranding';

function saved(): Branding | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const v = raw ? (JSON.parse(raw) as Branding) : null;
    return v && typeof v.organizationId === 'number' ? v : null;
  } catch {
    return null;
  }
}

/** The branding of the account URL last visited (shown while signed out). */
export const useAccountBranding = create<{ branding: Branding | null; set: (b: Branding | null) => void }>((set) => ({
  branding: saved(),
  set: (branding) => {
    try {
      if (branding) localStorage.setItem(STORAGE_KEY, JSON.stringify(branding));
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      /* not remembered */
    }
    set({ branding });
  },
}));

async function fetchBranding(): Promise<Branding | null> {
  const res = await api.http.get<Envelope<Branding | null>>(pathFor(ENDPOINTS.branding));
  return res.data?.data ?? null;
}

/** The branding to show now. */
export function useBranding(): Branding | null {
  const signedIn = useStore(sessionStore, (s) => s.status === 'signedIn');
  const account = useAccountBranding((s) => s.branding);
  const query = useQuery({ queryKey: queryKeys.branding(), queryFn: fetchBranding, enabled: signedIn, staleTime: 5 * 60_000 });
  return signedIn ? (query.data ?? null) : account;
}

const TOKENS = ['--fw-accent', '--fw-accent-strong', '--fw-accent-contrast', '--fw-focus'] as const;

/** Sets (or, with null, removes) the organisation's accent on the page's theme tokens. */
export function applyAccent(accent: string | null, root: HTMLElement = document.documentElement): void {
  if (!accent || !/^#[0-9a-fA-F]{6}$/.test(accent)) {
    for (const t of TOKENS) root.style.removeProperty(t);
    return;
  }
  const { onAccent } = checkAccent(accent);
  root.style.setProperty('--fw-accent', accent);
  root.style.setProperty('--fw-accent-strong', accent);
  root.style.setProperty('--fw-accent-contrast', onAccent);
  root.style.setProperty('--fw-focus', accent);
}

/** Keeps the page's accent that of the branding shown. Mounted once (the shell's frames). */
export function useApplyBranding(): Branding | null {
  const branding = useBranding();
  const accent = branding?.accent ?? null;
  useEffect(() => {
    applyAccent(accent);
  }, [accent]);
  return branding;
}
