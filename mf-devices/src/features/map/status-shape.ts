/**
 * A unit status's shape beside its colour on the map (WCAG 1.4.1, issue 23) — the shapes of the
 * shared StatusDot: alarm a triangle, problem a diamond, inactive a square, ok a circle — as the
 * markup of a Leaflet divIcon.
 */
import type { UnitStatus } from '@fieldwatch/shared';

const SHAPES: Record<UnitStatus, string> = {
  alarm: '<polygon points="6,0.9 11.4,10.8 0.6,10.8"/>',
  problem: '<polygon points="6,0.6 11.4,6 6,11.4 0.6,6"/>',
  inactive: '<rect x="1.4" y="1.4" width="9.2" height="9.2" rx="1.2"/>',
  ok: '<circle cx="6" cy="6" r="5"/>',
};

/** The status's shape as SVG markup, hidden from screen readers (the marker's name tells it). */
export function statusShapeSvg(status: UnitStatus, className: string | undefined): string {
  return `<svg class="${className ?? ''}" data-status="${status}" viewBox="0 0 12 12" aria-hidden="true" focusable="false">${SHAPES[status]}</svg>`;
}
