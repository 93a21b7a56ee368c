import { act, screen, waitFor } from '@testing-library/react';
import { queryKeys, sessionStore, type Unit } from '@fieldwatch/shared';
import { createTestQueryClient, fakeApi, renderRemote, type Answer } from '../testing';
import { useApiQuery, useDevices, useInvalidateOn, type LoadState } from './query';
import { useRemote } from './context';

const base = { basename: '/x', namespace: 'x', bundles: {}, navigate: jest.fn(), url: '/x' };

function Show({ load }: { load: LoadState<unknown> }) {
  return (
    <output data-testid="state">
      {load.status}:{JSON.stringify(load.data ?? null)}
    </output>
  );
}

function Screen({ id = 'a' }: { id?: string }) {
  const { api } = useRemote();
  const load = useApiQuery(['things', id], () => api.get<string[]>(`/things/${id}`));
  useInvalidateOn('tasks:changed', ['things'], 0);
  return (
    <>
      <Show load={load} />
      <button onClick={load.reload}>reload</button>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

beforeEach(() => sessionStore.setState({ refreshKey: 0, selectedCustomers: [10] }));

describe('useApiQuery', () => {
  test('loads, keeps the data while it asks again, and keeps it when an ask fails', async () => {
    let answer: Answer = [['one'], false];
    const api = fakeApi(() => answer, jest.fn);
    renderRemote({ ...base, api, element: <Screen /> });
    expect(state()).toBe('loading:null');
    await waitFor(() => expect(state()).toBe('ready:["one"]'));

    answer = [undefined, true];
    act(() => screen.getByText('reload').click());
    await waitFor(() => expect(state()).toBe('error:["one"]'));
    answer = [['two'], false];
    act(() => screen.getByText('reload').click());
    await waitFor(() => expect(state()).toBe('ready:["two"]'));
  });

  test('asks again when the refresh key moves or the bus says the data changed', async () => {
    const api = fakeApi(() => [['one'], false], jest.fn);
    const { props } = renderRemote({ ...base, api, element: <Screen /> });
    await waitFor(() => expect(state()).toBe('ready:["one"]'));
    expect(api.get).toHaveBeenCalledTimes(1);
    act(() => sessionStore.getState().bumpRefresh());
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    act(() => props.bus.emit('tasks:changed', { id: 't1', revision: 2 } as never));
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(3));
  });

  test('two screens of one key share one request and one answer', async () => {
    const api = fakeApi(() => [['one'], false], jest.fn);
    renderRemote({
      ...base,
      api,
      element: (
        <>
          <Screen />
          <Screen />
        </>
      ),
    });
    await waitFor(() => expect(screen.getAllByTestId('state').map((e) => e.textContent)).toEqual(['ready:["one"]', 'ready:["one"]']));
    expect(api.get).toHaveBeenCalledTimes(1);
  });
});

describe('useDevices', () => {
  const units = [{ UnitID: 1 }] as Unit[];

  function Units({ reloadOnOpen }: { reloadOnOpen?: boolean }) {
    return <Show load={useDevices({ reloadOnOpen })} />;
  }

  test('reads the session unit list the shell put in the cache, without asking again', async () => {
    const api = fakeApi(() => [[], false], jest.fn);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.devices([10]), units);
    renderRemote({ ...base, api, queryClient, element: <Units /> });
    expect(state()).toBe('ready:[{"UnitID":1}]');
    act(() => sessionStore.getState().bumpRefresh());
    await new Promise((r) => setTimeout(r, 10));
    expect(api.get).not.toHaveBeenCalled();
  });

  test('a page of its own asks again as it opens, showing the cached list meanwhile', async () => {
    const api = fakeApi(() => [[{ UnitID: 2 }], false], jest.fn);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.devices([10]), units);
    renderRemote({ ...base, api, queryClient, element: <Units reloadOnOpen /> });
    expect(state()).toBe('loading:[{"UnitID":1}]');
    await waitFor(() => expect(state()).toBe('ready:[{"UnitID":2}]'));
    expect(api.get).toHaveBeenCalledWith('/api/v2/device/devices', { use_context: true }, []);
    expect(queryClient.getQueryData(queryKeys.devices([10]))).toEqual([{ UnitID: 2 }]);
  });
});
