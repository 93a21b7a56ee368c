/**
 * preloadArea: an area's code is asked for once, before the session allows the area to mount, and
 * single-spa's load then takes that same load (the data cache's entry) instead of loading again.
 */
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: jest.fn(),
}));

import { queryKeys } from '@fieldwatch/shared';
import { AREA_HANDOFF_MS, areaLoadDeadlineMs, loadArea, preloadArea } from '../src/features/remotes/area-loader';
import { queryClient } from '../src/platform';

afterEach(() => queryClient.clear());

test('the preloaded area is loaded once and mounted from that load', async () => {
  const mount = jest.fn(() => Promise.resolve());
  loadRemote.mockResolvedValue({ bootstrap: () => Promise.resolve(), mount, unmount: () => Promise.resolve() });
  preloadArea('dashboard');
  preloadArea('dashboard');
  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(loadRemote).toHaveBeenCalledWith('dashboard/app');

  const life = (await loadArea('dashboard')) as { mount(p: unknown): Promise<void> };
  expect(loadRemote).toHaveBeenCalledTimes(1);
  await life.mount({});
  expect(mount).toHaveBeenCalled();
  // Kept for the page's life, under the shell's own key.
  expect(queryClient.getQueryData(queryKeys.area('dashboard'))).toBeDefined();
});

test('a failed preload is forgotten: the area loads again when it mounts', async () => {
  loadRemote.mockReset();
  loadRemote.mockRejectedValueOnce(new Error('manifest 404'));
  preloadArea('tasks');
  await new Promise((r) => setTimeout(r, 0));
  loadRemote.mockResolvedValue({ mount: () => Promise.resolve() });
  await loadArea('tasks');
  expect(loadRemote).toHaveBeenCalledTimes(2);
});

test('a load that fails leaves the area unavailable, and single-spa sees a healthy app', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadRemote.mockReset();
  loadRemote.mockRejectedValue(new Error('RUNTIME-003 manifest'));
  const life = (await loadArea('admin')) as { bootstrap(p: unknown): Promise<void>; mount(p: unknown): Promise<void> };
  await life.bootstrap({});
  await expect(life.mount({})).resolves.toBeUndefined();
  const { useAreaState } = await import('../src/features/remotes/area-state');
  expect(useAreaState.getState().areas.admin).toEqual({ status: 'unavailable', error: 'RUNTIME-003 manifest' });
  error.mockRestore();
});

test('a load that never finishes: single-spa gets stand-ins at once, the area gives up at the deadline, and retry can load it', async () => {
  jest.useFakeTimers();
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    loadRemote.mockReset();
    loadRemote.mockReturnValue(new Promise(() => undefined)); // a file that never answers
    const pending = loadArea('onboarding');
    let settled = false;
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(AREA_HANDOFF_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    // single-spa is not held up any longer: the next route change (another area) can go on.
    expect(settled).toBe(true);
    const life = (await pending) as { mount(p: unknown): Promise<void> };
    await life.mount({});
    const { useAreaState } = await import('../src/features/remotes/area-state');
    expect(useAreaState.getState().areas.onboarding).toMatchObject({ status: 'loading' });
    await jest.advanceTimersByTimeAsync(areaLoadDeadlineMs());
    expect(useAreaState.getState().areas.onboarding).toMatchObject({ status: 'unavailable' });
    expect(areaLoadDeadlineMs()).toBeLessThanOrEqual(20_000);
    // Nothing of the failed load is kept: the next load asks the runtime again.
    loadRemote.mockResolvedValue({ mount: () => Promise.resolve() });
    await loadArea('onboarding');
    expect(loadRemote).toHaveBeenCalledTimes(2);
  } finally {
    error.mockRestore();
    jest.useRealTimers();
  }
});

test('a slow area mounts when its code comes, unless it was left meanwhile', async () => {
  jest.useFakeTimers();
  try {
    const mount = jest.fn(() => Promise.resolve());
    const unmount = jest.fn(() => Promise.resolve());
    let arrive!: (m: unknown) => void;
    loadRemote.mockReset();
    loadRemote.mockReturnValue(new Promise((r) => (arrive = r)));
    const pending = loadArea('tasks');
    await jest.advanceTimersByTimeAsync(AREA_HANDOFF_MS);
    const life = (await pending) as { mount(p: unknown): Promise<void>; unmount(p: unknown): Promise<void> };
    await life.mount({});
    await life.unmount({}); // the user went elsewhere while it loaded
    arrive({ bootstrap: () => Promise.resolve(), mount, unmount });
    await jest.advanceTimersByTimeAsync(0);
    expect(mount).not.toHaveBeenCalled();
    await life.mount({}); // and came back: it mounts from the loaded code, once
    expect(mount).toHaveBeenCalledTimes(1);
    await life.unmount({});
    expect(unmount).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});
