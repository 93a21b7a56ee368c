/**
 * Releases reach an open tab (issue 21 §2): an area whose code starts loading asks for the remote
 * map again when it is older than REMOTES_FRESH_MS and loads the remote from where it lives now;
 * a fresh map is not asked for again, and a failed ask keeps the map the tab has.
 */
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (...a: unknown[]) => registerRemotes(...a),
  loadRemote: jest.fn(),
}));

import { CONTRACT_VERSION, queryKeys } from '@fieldwatch/shared';
import {
  areaLoadTimeoutMs,
  fetchRemotes,
  freshenRemote,
  REMOTES_FRESH_MS,
} from '../src/features/remotes/registry';
import { queryClient } from '../src/platform';

const OLD = 'http://localhost/remotes/tasks/1.0.0/mf-manifest.json';
const NEW = 'http://localhost/remotes/tasks/1.1.0/mf-manifest.json';

function answer(map: Record<string, string>) {
  return jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(map) } as Response),
  );
}

beforeEach(() => {
  registerRemotes.mockReset();
  queryClient.clear();
});

test('a map older than REMOTES_FRESH_MS is asked for again and the remote points at its new version', async () => {
  queryClient.setQueryData(
    queryKeys.remotes(),
    { tasks: OLD },
    { updatedAt: Date.now() - REMOTES_FRESH_MS - 1 },
  );
  const fetchMock = answer({ tasks: '/remotes/tasks/1.1.0/mf-manifest.json' });
  global.fetch = fetchMock as unknown as typeof fetch;
  await freshenRemote('tasks');
  // The shell says which platform contract it offers (the server picks versions that fit it).
  expect(fetchMock).toHaveBeenCalledWith(`/remotes.json?contract=${CONTRACT_VERSION}`, expect.objectContaining({ cache: 'no-store' }));
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'tasks', entry: NEW }], { force: true });
  expect(queryClient.getQueryData(queryKeys.remotes())).toEqual({ tasks: NEW });
});

test('a fresh map is used as it is; an unchanged entry is not registered again', async () => {
  queryClient.setQueryData(queryKeys.remotes(), { tasks: OLD });
  const fetchMock = answer({ tasks: OLD });
  global.fetch = fetchMock as unknown as typeof fetch;
  await freshenRemote('tasks');
  expect(fetchMock).not.toHaveBeenCalled();
  queryClient.setQueryData(
    queryKeys.remotes(),
    { tasks: OLD },
    { updatedAt: Date.now() - REMOTES_FRESH_MS - 1 },
  );
  await freshenRemote('tasks');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(registerRemotes).not.toHaveBeenCalled();
});

test('a failed ask keeps the map the tab has', async () => {
  queryClient.setQueryData(
    queryKeys.remotes(),
    { tasks: OLD },
    { updatedAt: Date.now() - REMOTES_FRESH_MS - 1 },
  );
  global.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch;
  await expect(freshenRemote('tasks')).resolves.toBeUndefined();
  expect(registerRemotes).not.toHaveBeenCalled();
  expect(queryClient.getQueryData(queryKeys.remotes())).toEqual({ tasks: OLD });
});

test("the area load timeout comes with the map (the server's AREA_LOAD_TIMEOUT_MS); a value out of range is ignored", async () => {
  const withHeader = (value: string) =>
    Promise.resolve({
      ok: true,
      status: 200,
      headers: new Headers({ 'x-area-load-timeout-ms': value }),
      json: () => Promise.resolve({ tasks: OLD }),
    } as Response);
  expect(areaLoadTimeoutMs()).toBe(20_000);
  await fetchRemotes(withHeader('5000'));
  expect(areaLoadTimeoutMs()).toBe(5_000);
  queryClient.clear();
  await fetchRemotes(withHeader('999999999'));
  expect(areaLoadTimeoutMs()).toBe(5_000);
});
