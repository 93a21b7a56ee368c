/**
 * Where each area stands, for the outlet: loading, mounted, unavailable (with why), or
 * incompatible (its build needs a newer platform contract; `error` is the version it needs).
 */
import { create } from 'zustand';
import type { RemoteName } from '@fieldwatch/shared';

export type AreaStatus = 'idle' | 'loading' | 'mounted' | 'unavailable' | 'incompatible' | 'crashed';

export const useAreaState = create<{
  areas: Partial<Record<RemoteName, { status: AreaStatus; error?: string }>>;
  set: (name: RemoteName, status: AreaStatus, error?: string) => void;
}>((set) => ({
  areas: {},
  set: (name, status, error) => set((s) => ({ areas: { ...s.areas, [name]: { status, error } } })),
}));

/** The element each area renders into. Created once and moved, never re-created, so a remote's
 * React root survives the shell re-rendering its layout. */
const elements = new Map<RemoteName, HTMLDivElement>();

export function areaElement(name: RemoteName): HTMLDivElement {
  let el = elements.get(name);
  if (!el) {
    el = document.createElement('div');
    el.id = `fw-area-${name}`;
    el.dataset.area = name;
    el.style.minHeight = '100%';
    elements.set(name, el);
  }
  return el;
}
