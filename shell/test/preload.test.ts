/**
 * preloadArea: an area's code is asked for once, before the session allows the area to mount, and
 * single-spa's load then takes that same promise instead of loading it again.
 */
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));
const apps = new Map<string, () => Promise<unknown>>();
jest.mock('single-spa', () => ({
  ...jest.requireActual<object>('single-spa'),
  registerApplication: (cfg: { name: string; app: () => Promise<unknown> }) => apps.set(cfg.name, cfg.app),
  addErrorHandler: () => undefined,
}));

import type { i18n as I18n } from 'i18next';
import { preloadArea, registerAreas } from '../src/features/remotes/applications';

test('the preloaded area is loaded once and mounted from that load', async () => {
  const mount = jest.fn(() => Promise.resolve());
  loadRemote.mockResolvedValue({ bootstrap: () => Promise.resolve(), mount, unmount: () => Promise.resolve() });
  preloadArea('dashboard');
  preloadArea('dashboard');
  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(loadRemote).toHaveBeenCalledWith('dashboard/app');

  registerAreas({} as I18n);
  const life = (await apps.get('dashboard')!()) as { mount(p: unknown): Promise<void> };
  expect(loadRemote).toHaveBeenCalledTimes(1);
  await life.mount({});
  expect(mount).toHaveBeenCalled();
});

test('a failed preload is forgotten: the area loads again when it mounts', async () => {
  loadRemote.mockReset();
  loadRemote.mockRejectedValueOnce(new Error('manifest 404'));
  preloadArea('tasks');
  await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  loadRemote.mockResolvedValue({ mount: () => Promise.resolve() });
  await apps.get('tasks')!();
  expect(loadRemote).toHaveBeenCalledTimes(2);
});
