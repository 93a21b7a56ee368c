/**
 * The outline worker loads the street-level detail (detail.ts and its data, a chunk of its own)
 * only for a zoomed-in tile: an overview's tiles never import it (issue 20 §5).
 */
let detailImports = 0;
const mockDraw = jest.fn();
jest.mock('../../src/map/detail', () => {
  detailImports += 1;
  return { bundledDetail: () => ({}), drawDetailTile: mockDraw };
});

type Scope = { onmessage: (e: { data: unknown }) => void; postMessage: jest.Mock };

beforeAll(async () => {
  const ctx = new Proxy(
    {},
    { get: (_t, p) => (p === 'measureText' ? () => ({ width: 1 }) : () => undefined), set: () => true },
  );
  (globalThis as Record<string, unknown>).OffscreenCanvas = class {
    getContext() {
      return ctx;
    }
    transferToImageBitmap() {
      return { close() {} };
    }
  };
  (self as unknown as Scope).postMessage = jest.fn();
  await import('../../src/map/outline.worker');
});

const ask = async (z: number, x: number, y: number, id: number) => {
  const scope = self as unknown as Scope;
  scope.onmessage({
    data: { type: 'tile', id, z, x, y, scale: 1, colors: { land: '#111', border: '#222' } },
  });
  await new Promise((r) => setTimeout(r, 0));
  return scope.postMessage.mock.calls.find(([m]) => (m as { id: number }).id === id)?.[0] as { type: string };
};

test('overview tiles are drawn without the detail; the first zoomed-in tile imports it, once', async () => {
  expect((await ask(3, 4, 2, 1)).type).toBe('tile');
  expect((await ask(5, 17, 9, 2)).type).toBe('tile');
  expect(detailImports).toBe(0);
  expect(mockDraw).not.toHaveBeenCalled();

  expect((await ask(10, 563, 300, 3)).type).toBe('tile');
  expect((await ask(11, 1126, 601, 4)).type).toBe('tile');
  expect(detailImports).toBe(1);
  expect(mockDraw).toHaveBeenCalledTimes(2);
  expect(mockDraw.mock.calls[0]!.slice(2, 5)).toEqual([10, 563, 300]);
});
