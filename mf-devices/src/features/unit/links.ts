/**
 * Addresses of a unit's page: /devicemanagement/:unitId and /devicemanagement/:unitId/:tab (a tab
 * can be linked). A link from the device table carries the table's query in the router state, so
 * the page's breadcrumb goes back to the same view (page, filters, sort).
 */
import type { UnitTabName } from '@fieldwatch/shared';

export const DEVICE_TABLE_PATH = '/devicemanagement';

export function unitPagePath(unitId: number, tab?: UnitTabName): string {
  return tab ? `${DEVICE_TABLE_PATH}/${unitId}/${tab}` : `${DEVICE_TABLE_PATH}/${unitId}`;
}

/** Router state of a link to a unit's page from the device table (`search`: the table's location.search). */
export interface UnitLinkState {
  tableSearch?: string;
}
export const unitLinkState = (search: string): UnitLinkState => ({ tableSearch: search });

/** Where the breadcrumb goes back to: the device table with the query it had. */
export function tablePathFrom(state: unknown): string {
  const search = (state as UnitLinkState | null)?.tableSearch;
  return typeof search === 'string' && search.startsWith('?')
    ? `${DEVICE_TABLE_PATH}${search}`
    : DEVICE_TABLE_PATH;
}
