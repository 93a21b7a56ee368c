/**
 * The steps after the credentials (issue 18 §3): BankID's availability and start URL, and whether a
 * user of several organisations should now choose which to work in (once; the server keeps his
 * choice and starts his next sessions with it).
 */
import { BANKID_OUTCOMES, ENDPOINTS, pathFor, type BankIdOutcome, type BankIdStatus, type OrganizationChoice } from '@fieldwatch/shared';
import { api, sessionStore } from '../../platform';

export async function fetchBankIdStatus(): Promise<BankIdStatus> {
  const [status, failed] = await api.get<BankIdStatus>(pathFor(ENDPOINTS.bankIdStatus));
  if (failed || !status) throw new Error('BankID status unavailable');
  return status;
}

/** The link of the BankID button: the server sends the browser on to the provider. */
export function bankIdStartUrl(redirect: string, remember: boolean): string {
  const query = new URLSearchParams({ redirect });
  if (!remember) query.set('remember', '0');
  return `${pathFor(ENDPOINTS.bankIdStart)}?${query}`;
}

/** ?bankid= of the login page, when it is one the server sends. */
export function bankIdOutcomeOf(value: string | null): BankIdOutcome | null {
  return value && (BANKID_OUTCOMES as readonly string[]).includes(value) ? (value as BankIdOutcome) : null;
}

/** Whether the signed-in user should choose his organisations now (several, never chosen). */
export async function choiceNeeded(): Promise<boolean> {
  if (sessionStore.getState().customers.length < 2) return false;
  const [choice, failed] = await api.get<OrganizationChoice>(pathFor(ENDPOINTS.organizationChoice));
  return !failed && Boolean(choice?.pending);
}
