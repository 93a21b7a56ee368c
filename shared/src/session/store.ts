/**
 * The session store: one instance for the whole page (the shell and every remote share
 * @fieldwatch/shared as a singleton), so a remote reads the same user and customer selection.
 * It holds identity, rights and selection and what the shell's frame shows; the unit list (up to
 * 100,000 units) lives in the data cache (queryKeys.devices, useDevices).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { RIGHTS } from '../constants';
import type { Customer, DashboardSummary, FwEvent, SessionResponse, UserProfile } from '../api/types';
import type { Container } from '../api/containers';

export type SessionStatus = 'unknown' | 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: SessionStatus;
  user: UserProfile | null;
  customers: Customer[];
  selectedCustomers: number[];
  dashboards: DashboardSummary[];
  /** Recent events of the selected customers (newest first), loaded at login. */
  events: FwEvent[];
  /** Groups and locations of the selected customers, loaded at login. */
  containers: Container[];
  /** Bumped by auto refresh and by customer changes: widgets refetch when it moves. */
  refreshKey: number;
  /** Two-factor authentication is required of the user and not on yet (SessionResponse): the shell sends him to /profile/two-factor. */
  twoFactorSetupRequired: boolean;
}

export interface SessionActions {
  setSession(session: SessionResponse): void;
  setDashboards(list: DashboardSummary[]): void;
  setEvents(events: FwEvent[]): void;
  setContainers(containers: Container[]): void;
  setSelectedCustomers(ids: number[]): void;
  bumpRefresh(): void;
  setStatus(status: SessionStatus): void;
  clear(): void;
}

export type SessionStore = StoreApi<SessionState & SessionActions>;

const initial: SessionState = {
  status: 'unknown',
  user: null,
  customers: [],
  selectedCustomers: [],
  dashboards: [],
  events: [],
  containers: [],
  refreshKey: 0,
  twoFactorSetupRequired: false,
};

export const sessionStore: SessionStore = createStore<SessionState & SessionActions>()((set) => ({
  ...initial,
  setSession: (s) =>
    set({
      status: 'signedIn',
      user: s.user,
      customers: s.Customers,
      selectedCustomers: s.selectedCustomers,
      twoFactorSetupRequired: s.twoFactorSetupRequired ?? false,
    }),
  setDashboards: (dashboards) => set({ dashboards }),
  setEvents: (events) => set({ events }),
  setContainers: (containers) => set({ containers }),
  setSelectedCustomers: (selectedCustomers) => set({ selectedCustomers }),
  bumpRefresh: () => set((s) => ({ refreshKey: s.refreshKey + 1 })),
  setStatus: (status) => set({ status }),
  clear: () => set({ ...initial, status: 'signedOut' }),
}));

export function customerHasRight(c: Customer, right: number): boolean {
  return c.CustomerRights.some((r) => r.Widget === right);
}

/** The parking dashboard and widgets appear only if a selected customer has the parking right. */
export function showsParking(state: Pick<SessionState, 'customers' | 'selectedCustomers'>): boolean {
  return state.customers.some(
    (c) => state.selectedCustomers.includes(c.CustomerID) && customerHasRight(c, RIGHTS.Parking),
  );
}

/** GIS customers are those with right 1, limited to the selected ones. */
export function gisCustomers(state: Pick<SessionState, 'customers' | 'selectedCustomers'>): Customer[] {
  return state.customers.filter(
    (c) => state.selectedCustomers.includes(c.CustomerID) && customerHasRight(c, RIGHTS.GIS),
  );
}
