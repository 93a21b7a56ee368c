/**
 * Moving and resizing a widget from the keyboard, one step per arrow key: left and right by one
 * column and resizing by one cell, with react-grid-layout's own collision handling (moveElement) and
 * compaction, as a drag does; up and down swap places with the neighbouring widget, because a move
 * of one row in a grid that compacts upwards would fall straight back.
 */
import ReactGridLayout, { type Layout } from 'react-grid-layout';

/** One keyboard step: a move (dx/dy) or a resize (dw/dh) of one cell. */
export interface ArrangeStep {
  dx?: number;
  dy?: number;
  dw?: number;
  dh?: number;
}

type CompactType = 'vertical';
interface GridUtils {
  cloneLayout(layout: readonly Layout[]): Layout[];
  compact(layout: readonly Layout[], compactType: CompactType, cols: number): Layout[];
  moveElement(
    layout: Layout[],
    item: Layout,
    x: number,
    y: number,
    isUserAction: boolean,
    preventCollision: boolean,
    compactType: CompactType,
    cols: number,
  ): Layout[];
  bottom(layout: readonly Layout[]): number;
}
// The library's layout helpers (index.js: module.exports.utils); its typings leave them out.
const grid = (ReactGridLayout as unknown as { utils: GridUtils }).utils;

/** The tallest a widget may grow by keyboard, in rows. */
const MAX_ROWS = 40;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
const place = (layout: readonly Layout[]) =>
  layout
    .map((l) => `${l.i}:${l.x},${l.y},${l.w},${l.h}`)
    .sort()
    .join(' ');

/**
 * The layout after one keyboard step on widget `id`, or null when the step changes nothing (at an
 * edge, at its minimum size). Up and down swap places with the neighbouring widget.
 */
export function arrangeLayout(
  layout: readonly Layout[],
  id: string,
  step: ArrangeStep,
  cols: number,
): Layout[] | null {
  const item = layout.find((l) => l.i === id);
  if (!item) return null;
  const before = place(layout);
  let next: Layout[];
  if (step.dw || step.dh) {
    next = grid.cloneLayout(layout);
    const it = next.find((l) => l.i === id)!;
    it.w = clamp(it.w + (step.dw ?? 0), it.minW ?? 1, cols - it.x);
    it.h = clamp(it.h + (step.dh ?? 0), it.minH ?? 1, MAX_ROWS);
    next = grid.compact(next, 'vertical', cols);
  } else if (step.dx) {
    next = grid.cloneLayout(layout);
    const it = next.find((l) => l.i === id)!;
    const x = clamp(item.x + step.dx, 0, cols - item.w);
    next = grid.compact(
      grid.moveElement(next, it, x, item.y, true, false, 'vertical', cols),
      'vertical',
      cols,
    );
  } else if (step.dy) {
    // Above the nearest widget above it that shares a column, or below the nearest one below it.
    const across = (o: Layout) => o.i !== id && o.x < item.x + item.w && item.x < o.x + o.w;
    const neighbours = layout.filter(
      (o) => across(o) && (step.dy! < 0 ? o.y + o.h <= item.y : o.y >= item.y + item.h),
    );
    if (!neighbours.length) return null;
    const other =
      step.dy < 0
        ? neighbours.reduce((a, b) => (b.y > a.y ? b : a))
        : neighbours.reduce((a, b) => (b.y < a.y ? b : a));
    const y = step.dy < 0 ? other.y : other.y + other.h;
    // Make room at the new row (everything from it down moves by the widget's height), then compact.
    next = grid
      .cloneLayout(layout)
      .map((l) => (l.i === id ? { ...l, y } : l.y >= y ? { ...l, y: l.y + item.h } : l));
    next = grid.compact(next, 'vertical', cols);
  } else return null;
  return place(next) === before ? null : next;
}
