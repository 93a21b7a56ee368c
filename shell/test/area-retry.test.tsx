/**
 * Retry of an area whose React tree crashed (issue 21 §4): the area is unmounted by single-spa
 * (single-spa-react unmounts its React root) before its element is emptied. Emptying first took
 * the root's nodes away under React, whose unmount then threw "removeChild … not a child".
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

let root: Root | null = null;
const unloadApplication = jest.fn(async () => {
  // What single-spa-react's unmount does for a mounted area.
  root?.unmount();
  root = null;
});
jest.mock('single-spa', () => ({
  unloadApplication: () => unloadApplication(),
  triggerAppChange: jest.fn(() => Promise.resolve()),
}));
jest.mock('../src/features/remotes/registry', () => ({
  refreshRemote: jest.fn(() => Promise.resolve()),
  freshenRemote: jest.fn(() => Promise.resolve()),
  remotesMapIsStale: () => false,
}));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

import { retryArea } from '../src/features/remotes/area-loader';
import { areaElement, useAreaState } from '../src/features/remotes/area-state';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test('retry after a crash unmounts the area before emptying its element: nothing throws', async () => {
  const el = areaElement('tasks');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(<div data-testid="area-crashed-tasks">The area failed</div>));
  expect(el.childElementCount).toBe(1);
  await expect(act(() => retryArea('tasks'))).resolves.toBeUndefined();
  expect(unloadApplication).toHaveBeenCalledTimes(1);
  expect(el.childElementCount).toBe(0);
  expect(useAreaState.getState().areas.tasks?.status).toBe('loading');
});
