/**
 * The grid: react-grid-layout's Responsive with the product's breakpoints (md 12, sm 6,
 * xs 2 columns). Widgets move by their title bar only and resize from the lower right corner; the
 * layout of the breakpoint on screen is written to the document after a drag or resize (not on
 * every render, so opening a dashboard never saves it).
 *
 * From the keyboard, a widget's arrange handle (in its title bar) moves it with the arrow keys and
 * resizes it with Shift + arrow keys (./keyboard-arrange.ts).
 *
 * Phones and touch screens: dragging by a title bar would fight with scrolling the page, so on
 * the xs breakpoint and on coarse pointers the layout is fixed (widgets stacked, 2 columns) until
 * the user switches "Edit layout" on in the header. Mouse users on md/sm can always arrange.
 */
import { useCallback, useMemo, useRef } from 'react';
import { Responsive, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { BREAKPOINTS, GRID_COLUMNS, type Breakpoint, type DashboardContent } from '@fieldwatch/shared';
import { completeLayouts, setLayout, sizeOn } from '../board/content-edits';
import { useBoard, useBoardState } from '../board/BoardContext';
import { useElementSize } from '../dom-hooks';
import { arrangeLayout, type ArrangeStep } from './keyboard-arrange';
import { DRAG_HANDLE, NO_DRAG } from './drag-classes';
import { WidgetFrame } from './WidgetFrame';
import css from './DashboardGrid.module.css';

/** Smallest container width (px) of each breakpoint; RGL picks the largest one the width exceeds. */
export const BREAKPOINT_WIDTHS: Record<Breakpoint, number> = { md: 996, sm: 600, xs: 0 };
export const ROW_HEIGHT = 44;
const MARGIN: [number, number] = [12, 12];

export function breakpointOf(width: number): Breakpoint {
  // Same rule as react-grid-layout's getBreakpointFromWidth: the largest breakpoint below the width.
  const sorted = [...BREAKPOINTS].sort((a, b) => BREAKPOINT_WIDTHS[a] - BREAKPOINT_WIDTHS[b]);
  let match = sorted[0] as Breakpoint;
  for (const bp of sorted) if (width > BREAKPOINT_WIDTHS[bp]) match = bp;
  return match;
}

/** Layout items of the document as react-grid-layout wants them (minimums from item and catalogue). */
function gridLayouts(content: Pick<DashboardContent, 'widgets' | 'layouts'>): Record<Breakpoint, Layout[]> {
  const complete = completeLayouts(content as DashboardContent);
  const component = new Map(content.widgets.map((w) => [w.id, w.component]));
  const out = {} as Record<Breakpoint, Layout[]>;
  for (const bp of BREAKPOINTS) {
    out[bp] = complete[bp].map((it) => {
      const min = sizeOn(bp, component.get(it.i) ?? 'status');
      return {
        i: it.i,
        x: it.x,
        y: it.y,
        w: it.w,
        h: it.h,
        minW: Math.max(1, Math.min(Math.max(it.mW, min.minW), it.w, GRID_COLUMNS[bp])),
        minH: Math.max(1, Math.min(Math.max(it.mH, min.minH), it.h)),
      };
    });
  }
  return out;
}

export function DashboardGrid({ editMode, touch }: { editMode: boolean; touch: boolean }) {
  const { board } = useBoard();
  const widgets = useBoardState((s) => s.content.widgets);
  const layouts = useBoardState((s) => s.content.layouts);
  const box = useRef<HTMLDivElement>(null);
  const measured = useElementSize(box).width;
  // jsdom (tests) has no layout: assume a desktop width there.
  const width = measured > 0 ? measured : typeof ResizeObserver === 'undefined' ? 1200 : 0;
  const bp = breakpointOf(width);
  const editable = editMode || (!touch && bp !== 'xs');

  const grid = useMemo(() => gridLayouts({ widgets, layouts }), [widgets, layouts]);
  const ids = useMemo(() => widgets.map((w) => w.id), [widgets]);
  const onStop = (layout: Layout[]) => board.change((c) => setLayout(c, bp, layout));
  // Moving and resizing by keyboard (the widget's arrange handle), saved like a drag.
  const current = useRef({ grid, bp });
  current.current = { grid, bp };
  const arrange = useCallback(
    (id: string, step: ArrangeStep) => {
      const { grid: layouts, bp: on } = current.current;
      const next = arrangeLayout(layouts[on], id, step, GRID_COLUMNS[on]);
      if (!next || !board.change((c) => setLayout(c, on, next))) return null;
      return next.find((l) => l.i === id) ?? null;
    },
    [board],
  );

  return (
    <div
      ref={box}
      className={`${css.box} ${editable ? 'fw-grid-editable' : ''}`}
      data-testid="dashboard-grid"
      data-breakpoint={bp}
    >
      {width > 0 && (
        <Responsive
          className={css.grid}
          width={width}
          layouts={grid}
          breakpoints={BREAKPOINT_WIDTHS}
          cols={GRID_COLUMNS}
          rowHeight={ROW_HEIGHT}
          margin={MARGIN}
          containerPadding={[0, 0]}
          compactType="vertical"
          isDraggable={editable}
          isResizable={editable}
          draggableHandle={`.${DRAG_HANDLE}`}
          draggableCancel={`.${NO_DRAG}, button, input, select, textarea, a`}
          resizeHandles={['se']}
          onDragStop={onStop}
          onResizeStop={onStop}
        >
          {ids.map((id) => (
            <div key={id} className={css.item} data-testid="grid-item" data-grid-id={id}>
              <WidgetFrame id={id} onArrange={editable ? arrange : undefined} />
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}
