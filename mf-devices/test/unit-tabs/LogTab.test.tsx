import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UnitLogEntry } from '@fieldwatch/shared';
import { LogTab } from '../../src/features/unit/tabs/log/LogTab';
import {
  parseLogFilter,
  rangeProblem,
  toLogQuery,
  writeLogFilter,
} from '../../src/features/unit/tabs/log/log-filter';
import { type Answer, fakeApi } from '../render';
import { props, renderTab, UNIT_ID } from './helpers';

const lines: UnitLogEntry[] = [
  { ts: '2026-11-26T09:00:00.000Z', kind: 'measurement', text: 'Level: 2.4 m', channel: 1, value: 2.4 },
  { ts: '2026-11-26T10:30:00.000Z', kind: 'command', text: 'Restart', status: 'acknowledged' },
  {
    ts: '2026-11-26T10:00:00.000Z',
    kind: 'alarm',
    text: 'Analogue high level 1: Value 5 m above high limit 4 m',
    status: 'active',
  },
  { ts: '2026-11-26T10:45:00.000Z', kind: 'command', text: 'Get data', status: 'timedOut' },
];
const LOG = `/api/v3/device/devices/${UNIT_ID}/log`;
const answer =
  (list: UnitLogEntry[] | null) =>
  (url: string): Answer =>
    url === LOG && list ? [list, false] : [undefined, true];
const location = () => screen.getByTestId('location').textContent ?? '';

describe('log scan tab', () => {
  test('shows the lines newest first, with the state of commands and alarms', async () => {
    const api = fakeApi(answer(lines));
    renderTab(<LogTab {...props()} />, { api });
    const rows = await screen.findAllByTestId('log-line');
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Get data',
      'Restart',
      'Analogue high level 1: Value 5 m above high limit 4 m',
      'Level: 2.4 m',
    ]);
    expect(within(rows[0]!).getByText('Timed out')).toBeTruthy();
    expect(within(rows[1]!).getByText('Acknowledged')).toBeTruthy();
    expect(within(rows[2]!).getByText('Active')).toBeTruthy();
    expect(screen.getByTestId('log-count').textContent).toBe('4 messages, newest first.');
    // The default range: the last 24 hours up to now, every kind.
    const [, query] = api.get.mock.calls[0]!;
    const q = query as { from: string; to: string; kinds?: string; limit: number };
    expect(Date.parse(q.to) - Date.parse(q.from)).toBe(86_400_000);
    expect(q.kinds).toBeUndefined();
    expect(q.limit).toBe(200);
  });

  test('the filter comes from the URL and goes into the call; changing it changes the URL', async () => {
    const api = fakeApi(answer(lines.filter((l) => l.kind === 'command')));
    renderTab(<LogTab {...props()} />, {
      api,
      url: `/devicemanagement/${UNIT_ID}?tab=log&logRange=week&logKinds=command&logQ=restart`,
    });
    await screen.findAllByTestId('log-line');
    const q = api.get.mock.calls[0]![1] as { from: string; to: string; kinds: string; q: string };
    expect(Date.parse(q.to) - Date.parse(q.from)).toBe(7 * 86_400_000);
    expect(q.kinds).toBe('command');
    expect(q.q).toBe('restart');
    expect(screen.getByRole('button', { name: 'Commands' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'restart');

    fireEvent.click(screen.getByRole('button', { name: 'Alarms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last hour' }));
    await waitFor(() => expect(location()).toContain('logKinds=command%2Calarm'));
    expect(location()).toContain('logRange=hour');
    expect(location()).toContain('tab=log');
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith(
        LOG,
        expect.objectContaining({ kinds: 'command,alarm', q: 'restart' }),
      ),
    );
  });

  test('the search asks after typing pauses', async () => {
    jest.useFakeTimers();
    try {
      const api = fakeApi(answer(lines));
      renderTab(<LogTab {...props()} />, { api });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'level' } });
      expect(location()).not.toContain('logQ');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(400);
      });
      expect(location()).toContain('logQ=level');
      expect(api.get).toHaveBeenLastCalledWith(LOG, expect.objectContaining({ q: 'level' }));
    } finally {
      jest.useRealTimers();
    }
  });

  test('a custom range needs a start before the end, and asks for exactly that range', async () => {
    const api = fakeApi(answer([]));
    renderTab(<LogTab {...props()} />, { api, url: `/devicemanagement/${UNIT_ID}?logRange=custom` });
    expect(await screen.findByText('Choose when the range starts.')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20T08:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-19T08:00' } });
    expect(await screen.findByText('The end of the range must be after its start.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21T08:00' } });
    expect(await screen.findByText('No messages in this range')).toBeTruthy();
    expect(api.get).toHaveBeenLastCalledWith(
      LOG,
      expect.objectContaining({
        from: new Date('2026-11-20T08:00').toISOString(),
        to: new Date('2026-11-21T08:00').toISOString(),
      }),
    );
  });

  test("a pushed change of one of the unit's commands asks for the log again", async () => {
    const api = fakeApi(answer(lines));
    const { props: remote } = renderTab(<LogTab {...props()} />, { api });
    await screen.findAllByTestId('log-line');
    const asked = api.get.mock.calls.length;
    const command = {
      id: 1,
      unitId: UNIT_ID,
      action: 'restart',
      status: 'acknowledged',
      detail: '',
      result: '',
      requestedBy: null,
      requestedAt: '',
      sentAt: null,
      completedAt: null,
    } as const;
    act(() => remote.bus.emit('unit:command', { ...command, unitId: UNIT_ID + 1 }));
    act(() => remote.bus.emit('unit:command', command));
    await waitFor(() => expect(api.get.mock.calls.length).toBe(asked + 1));
  });

  test('a log the server cannot give shows the error state with Retry', async () => {
    renderTab(<LogTab {...props()} />, { api: fakeApi(answer(null)) });
    expect(await screen.findByText("Couldn't load the unit's log")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('log filter in the URL', () => {
  test('round-trips and leaves other params alone; unknown values fall back', () => {
    const p = writeLogFilter(new URLSearchParams('tab=log'), {
      range: 'custom',
      from: '2026-11-20T08:00',
      to: '',
      kinds: ['alarm'],
      q: ' pump ',
    });
    expect(p.toString()).toBe('tab=log&logRange=custom&logFrom=2026-11-20T08%3A00&logKinds=alarm&logQ=pump');
    expect(parseLogFilter(p)).toEqual({
      range: 'custom',
      from: '2026-11-20T08:00',
      to: '',
      kinds: ['alarm'],
      q: 'pump',
    });
    expect(parseLogFilter(new URLSearchParams('logRange=year&logKinds=foo,alarm'))).toMatchObject({
      range: 'day',
      kinds: ['alarm'],
    });
    // Every kind chosen is no kind filter.
    const all = writeLogFilter(new URLSearchParams(), {
      range: 'day',
      from: '',
      to: '',
      kinds: ['measurement', 'command', 'alarm'],
      q: '',
    });
    expect(all.toString()).toBe('');
    const custom = { range: 'custom', from: '2026-11-27T08:00', to: '', kinds: [], q: '' } as const;
    expect(rangeProblem({ ...custom, kinds: [] }, Date.parse('2026-11-26T12:00:00Z'))).toBe(
      'unitTabs.log.fromFuture',
    );
    expect(
      rangeProblem({ ...custom, kinds: [], to: '2026-11-28T08:00' }, Date.parse('2026-11-26T12:00:00Z')),
    ).toBeNull();
    expect(
      toLogQuery({ range: 'hour', from: '', to: '', kinds: [], q: '' }, Date.parse('2026-11-26T12:00:00Z')),
    ).toEqual({
      limit: 200,
      from: '2026-11-26T11:00:00.000Z',
      to: '2026-11-26T12:00:00.000Z',
    });
  });
});
