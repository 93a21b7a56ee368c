/**
 * Contract skew (issue 21 §3): a remote built against a newer @fieldwatch/shared than the shell
 * offers is never mounted; its area says which platform version it needs, in words, and the rest
 * of the shell keeps working. A remote whose range the shell meets mounts as before.
 */
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: jest.fn(),
}));

import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import shell from '@fieldwatch/locales/shell';
import { CONTRACT_VERSION, queryKeys } from '@fieldwatch/shared';
import { loadArea } from '../src/features/remotes/area-loader';
import { useAreaState } from '../src/features/remotes/area-state';
import { AreaOutlet } from '../src/features/remotes/AreaOutlet';
import { queryClient } from '../src/platform';

function manifestNeeding(range: string) {
  return jest.fn(() =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: () =>
        Promise.resolve({
          shared: [
            { name: 'react', requiredVersion: '^19.0.0' },
            { name: '@fieldwatch/shared', requiredVersion: range },
          ],
        }),
    } as Response),
  );
}

beforeEach(() => {
  queryClient.clear();
  queryClient.setQueryData(queryKeys.remotes(), {
    tasks: 'http://localhost/remotes/tasks/2.0.0/mf-manifest.json',
  });
});

test('a remote that needs a newer platform is not mounted, and its area says what it needs', async () => {
  const mount = jest.fn(() => Promise.resolve());
  loadRemote.mockResolvedValue({
    bootstrap: () => Promise.resolve(),
    mount,
    unmount: () => Promise.resolve(),
  });
  const fetchMock = manifestNeeding('^9.4.0');
  global.fetch = fetchMock as unknown as typeof fetch;
  const life = (await loadArea('tasks')) as {
    bootstrap(p: unknown): Promise<void>;
    mount(p: unknown): Promise<void>;
  };
  await life.bootstrap({});
  await life.mount({});
  expect(fetchMock).toHaveBeenCalledWith(
    'http://localhost/remotes/tasks/2.0.0/mf-manifest.json',
    expect.anything(),
  );
  expect(mount).not.toHaveBeenCalled();
  expect(useAreaState.getState().areas.tasks).toEqual({ status: 'incompatible', error: '9.4' });

  render(
    <I18nextProvider i18n={createTestI18n({ common, shell }, 'en')}>
      <AreaOutlet name="tasks" />
    </I18nextProvider>,
  );
  const panel = screen.getByTestId('area-incompatible-tasks').textContent;
  expect(panel).toContain('Tasks needs a newer Fieldwatch');
  expect(panel).toContain(
    `This version of Tasks needs platform 9.4 or newer, and this Fieldwatch offers ${CONTRACT_VERSION}`,
  );
});

test('a load that fails because the remote needs a newer platform says so too', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadRemote.mockReset();
  loadRemote.mockRejectedValue(new TypeError('formatTaskBadge is not a function'));
  global.fetch = manifestNeeding('^2.0.0') as unknown as typeof fetch;
  const life = (await loadArea('tasks')) as { mount(p: unknown): Promise<void> };
  await life.mount({});
  expect(useAreaState.getState().areas.tasks).toEqual({ status: 'incompatible', error: '2.0' });
  error.mockRestore();
});

test('a remote whose range this shell meets mounts as before', async () => {
  const mount = jest.fn(() => Promise.resolve());
  loadRemote.mockReset();
  loadRemote.mockResolvedValue({
    bootstrap: () => Promise.resolve(),
    mount,
    unmount: () => Promise.resolve(),
  });
  const [major, minor] = CONTRACT_VERSION.split('.');
  global.fetch = manifestNeeding(`^${major}.${minor}.0`) as unknown as typeof fetch;
  const life = (await loadArea('tasks')) as {
    bootstrap(p: unknown): Promise<void>;
    mount(p: unknown): Promise<void>;
  };
  await life.bootstrap({});
  await life.mount({});
  expect(mount).toHaveBeenCalled();
  expect(useAreaState.getState().areas.tasks?.status).toBe('mounted');
});
