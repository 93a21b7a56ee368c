import { DASHBOARD_ID_OFFSET } from '../constants';

// btoa/atob exist in browsers and in Node ≥ 16 alike.
const toBase64 = (s: string): string => btoa(s);
const fromBase64 = (s: string): string => atob(s);

/** Dashboard ids in URLs are the server id plus 1000, base64-encoded (spec §3). */
export function encodeDashboardId(serverId: number): string {
  return toBase64(String(serverId + DASHBOARD_ID_OFFSET));
}

/** The server id of a URL id, or null when it is not one of ours. */
export function decodeDashboardId(urlId: string): number | null {
  try {
    const text = fromBase64(urlId);
    if (!/^\d+$/.test(text)) return null;
    const n = Number(text) - DASHBOARD_ID_OFFSET;
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}
