import type { Layout } from 'react-grid-layout';
import { arrangeLayout } from '../../src/dashboard/grid/keyboard-arrange';

// A and B side by side on top, C across the whole width below them (12 columns).
const layout: Layout[] = [
  { i: 'A', x: 0, y: 0, w: 6, h: 4, minW: 4, minH: 3 },
  { i: 'B', x: 6, y: 0, w: 6, h: 4 },
  { i: 'C', x: 0, y: 4, w: 12, h: 4 },
];
const at = (l: Layout[] | null, id: string) => {
  const it = l?.find((x) => x.i === id);
  return it && { x: it.x, y: it.y, w: it.w, h: it.h };
};

describe('arranging a widget by keyboard', () => {
  test('up moves a widget above its neighbour; down moves it below the next one', () => {
    const up = arrangeLayout(layout, 'C', { dy: -1 }, 12);
    expect(at(up, 'C')).toEqual({ x: 0, y: 0, w: 12, h: 4 });
    expect(at(up, 'A')!.y).toBeGreaterThanOrEqual(4);
    const down = arrangeLayout(layout, 'A', { dy: 1 }, 12);
    expect(at(down, 'C')!.y).toBeLessThan(at(down, 'A')!.y);
    // Already at the top or at the bottom: nothing to do.
    expect(arrangeLayout(layout, 'A', { dy: -1 }, 12)).toBeNull();
    expect(arrangeLayout(layout, 'C', { dy: 1 }, 12)).toBeNull();
  });

  test('left and right move one column and stop at the edges', () => {
    const b = arrangeLayout(layout, 'B', { dx: -1 }, 12);
    expect(at(b, 'B')!.x).toBe(5);
    expect(arrangeLayout(layout, 'B', { dx: 1 }, 12)).toBeNull();
    expect(arrangeLayout(layout, 'A', { dx: -1 }, 12)).toBeNull();
    // Nothing overlaps after a move.
    const l = b!;
    for (const p of l)
      for (const q of l)
        if (p !== q)
          expect(p.x + p.w <= q.x || q.x + q.w <= p.x || p.y + p.h <= q.y || q.y + q.h <= p.y).toBe(true);
  });

  test('resizing keeps the minimum size and the grid width; a wider widget pushes its neighbour down', () => {
    expect(at(arrangeLayout(layout, 'A', { dh: 1 }, 12), 'A')).toEqual({ x: 0, y: 0, w: 6, h: 5 });
    const wider = arrangeLayout(layout, 'A', { dw: 1 }, 12);
    expect(at(wider, 'A')).toEqual({ x: 0, y: 0, w: 7, h: 4 });
    expect(at(wider, 'B')!.y).toBeGreaterThanOrEqual(4);
    expect(at(arrangeLayout(layout, 'A', { dw: -1 }, 12), 'A')!.w).toBe(5);
    const atMin = arrangeLayout(arrangeLayout(layout, 'A', { dw: -1 }, 12)!, 'A', { dw: -1 }, 12);
    expect(at(atMin, 'A')!.w).toBe(4);
    expect(arrangeLayout(atMin!, 'A', { dw: -1 }, 12)).toBeNull();
    expect(arrangeLayout(layout, 'C', { dw: 1 }, 12)).toBeNull();
    expect(arrangeLayout(layout, 'A', { dh: -1 }, 12)).not.toBeNull();
    expect(arrangeLayout(layout, 'missing', { dx: 1 }, 12)).toBeNull();
  });

  test('the layout given is not changed', () => {
    const copy = JSON.parse(JSON.stringify(layout));
    arrangeLayout(layout, 'C', { dy: -1 }, 12);
    arrangeLayout(layout, 'A', { dw: 1 }, 12);
    expect(layout).toEqual(copy);
  });
});
