/**
 * Colours of the map from the theme tokens (read with getComputedStyle, since Leaflet paths and
 * canvas need real colour values): land, borders, the status tones and the selection accent.
 */
import type { UnitStatus } from '../domain/status';

/** A marker's tone: a unit's status (spec §4), or occupied/free on the parking map. */
export type MapTone = UnitStatus | 'occupied' | 'free';
export interface MapColors {
  land: string;
  border: string;
  sea: string;
  text: string;
  accent: string;
  tones: Record<MapTone, string>;
}

/** The CSS variable of each tone (the product's status colours; parking occupancy: occupied red-ish, free green). */
export const TONE_VAR: Record<MapTone, string> = {
  alarm: '--fw-status-alarm',
  problem: '--fw-status-problem',
  inactive: '--fw-status-inactive',
  ok: '--fw-status-ok',
  occupied: '--fw-warning',
  free: '--fw-success',
};

export function readMapColors(el: Element): MapColors {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  // Fallbacks are `currentColor`-like neutrals only for environments without the theme (tests).
  const tones = Object.fromEntries(
    Object.entries(TONE_VAR).map(([tone, name]) => [tone, v(name, 'gray')]),
  ) as Record<MapTone, string>;
  return {
    land: v('--fw-surface-2', 'gray'),
    border: v('--fw-border', 'gray'),
    sea: v('--fw-surface', 'transparent'),
    text: v('--fw-text', 'black'),
    accent: v('--fw-accent', 'blue'),
    tones,
  };
}
