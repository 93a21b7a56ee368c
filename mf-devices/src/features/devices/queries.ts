/** Server data the device table shares between its parts (TanStack Query is the one cache). */

/** The preferences query (the configured columns). */
export const PREFERENCES_KEY = ['preferences'] as const;

/**
 * Groups and locations of the selected customers, for the filters, the bulk move and "add device":
 * the groups-and-locations screens' own query, so there is one cache entry and each fresh answer
 * also reaches the session store (the dashboard's group alarm widget follows a move made here).
 */
export { useContainers } from '../containers/container-api';
