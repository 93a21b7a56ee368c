import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AlarmActionResult, AlarmChange, AlarmRecord } from '@fieldwatch/shared';
import AlarmList from '../../src/widgets/alarm-list';
import { activeAlarmsOf } from '../../src/widgets/kit/data/alarms';
import { alarm, flush, renderWidget, unit } from './lists.harness';
import type { FakeReply } from '@fieldwatch/shared/testing';

const fleet = () => [
  unit(1, { UnitName: 'Pump Alpha', AlarmEvents: [alarm(4, '2026-01-10 08:00:00', 'Loop broken')] }),
  unit(2, { UnitName: 'Tank Beta', AlarmEvents: [alarm(19, '2026-01-11 09:00:00', 'No contact'), alarm(28, '2026-01-09 07:00:00', 'Battery low')] }),
  unit(3, { UnitName: 'Quiet' }),
];

const record = (id: number, active: boolean, time: string): AlarmRecord => ({
  AlarmID: id,
  AlarmType: 34,
  AlarmTypeName: 'Intrusion',
  AlarmEventText: `Door ${id}`,
  AlarmEventTime: time,
  UnitID: 1,
  UnitName: 'Pump Alpha',
  UnitType: 1,
  ChannelID: 1,
  CustomerID: 10,
  Active: active,
});

describe('alarm list widget', () => {
  test('at medium width the alarm text folds under its type; time and status keep their columns', () => {
    renderWidget(AlarmList, { units: fleet(), size: { width: 640, height: 400 }, user: { userType: 2 } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Unit', 'Alarm type', 'Time', 'Status']);
    const loop = screen.getAllByTestId('alarm-row')[1]!;
    expect(loop.textContent).toContain('Loop broken');
    expect(loop.textContent).toContain('10 Jan 2026 09:00');
  });

  test('lists the active alarms newest first with translated type, text, time and status', () => {
    renderWidget(AlarmList, { units: fleet() });
    const rows = screen.getAllByTestId('alarm-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Tank Beta');
    expect(rows[0]!.textContent).toContain('Communication error');
    expect(rows[0]!.textContent).toContain('11 Jan 2026 10:00');
    expect(rows[0]!.textContent).toContain('Problem');
    expect(rows[1]!.textContent).toContain('Loop alarm');
    expect(rows[1]!.textContent).toContain('Loop broken');
    expect(rows[2]!.textContent).toContain('Battery');
  });

  test('a click on a row selects its unit in the link group', () => {
    const { setBinding } = renderWidget(AlarmList, { units: fleet() });
    fireEvent.click(screen.getAllByTestId('alarm-row')[1]!);
    expect(setBinding).toHaveBeenCalledWith('units', [1]);
  });

  test('filters by alarm type (saved) and search', () => {
    const { updateSettings } = renderWidget(AlarmList, { units: fleet() });
    fireEvent.click(within(screen.getByTestId('filter-alarm-types')).getByRole('checkbox', { name: /Loop alarm/ }));
    expect(updateSettings).toHaveBeenLastCalledWith({ filter: { alarmTypes: [4] } });
    expect(screen.getAllByTestId('alarm-row')).toHaveLength(1);
  });

  test('a saved search applies', () => {
    renderWidget(AlarmList, { units: fleet(), settings: { filter: { search: 'battery' } } });
    expect(screen.getAllByTestId('alarm-row')).toHaveLength(1);
  });

  test('history fetches GetAlarms and shows cleared alarms', async () => {
    const legacy = jest.fn(async () => [record(7, false, '2026-01-05 10:00:00'), record(8, true, '2026-01-06 10:00:00')]);
    renderWidget(AlarmList, { units: fleet(), legacy, settings: { mode: 'history' } });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await flush();
    expect(legacy).toHaveBeenCalledWith('GetAlarms', expect.objectContaining({ Rows: 500 }), undefined);
    const rows = screen.getAllByTestId('alarm-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Door 8');
    expect(rows[1]!.textContent).toContain('Cleared');
  });

  test('history error with retry', async () => {
    let fail = true;
    renderWidget(AlarmList, {
      units: fleet(),
      settings: { mode: 'history' },
      legacy: async () => {
        if (fail) throw new Error('down');
        return [record(9, true, '2026-01-06 10:00:00')];
      },
    });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Could not load the alarm history');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(screen.getAllByTestId('alarm-row')).toHaveLength(1);
  });

  test('switching mode is saved', async () => {
    const { updateSettings } = renderWidget(AlarmList, { units: fleet(), legacy: async () => [] });
    fireEvent.click(screen.getByTestId('mode-history'));
    await flush();
    expect(updateSettings).toHaveBeenCalledWith({ mode: 'history' });
  });

  test('loading, then empty when no unit has an alarm; speaks Danish', () => {
    const { unmount } = renderWidget(AlarmList, { units: [], loaded: false });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    unmount();
    renderWidget(AlarmList, { units: [unit(1)], lng: 'da' });
    expect(document.querySelector('[data-state="empty"]')?.textContent).toContain('Ingen aktive alarmer');
  });

  test('100,000 units with alarms: paged, active alarms computed once', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => unit(i + 1, i % 5 === 0 ? { AlarmEvents: [alarm(4)] } : {}));
    expect(activeAlarmsOf(many)).toHaveLength(20_000);
    const { container } = renderWidget(AlarmList, { units: many });
    expect(container.querySelectorAll('tbody tr')).toHaveLength(20);
  });
});

describe('alarm list: acknowledge and reset', () => {
  const ALARM_AT = '2026-01-10 08:00:00';
  const ackFleet = () => [
    unit(1, { UnitName: 'Pump Alpha', AlarmEvents: [{ ...alarm(4, ALARM_AT, 'Loop broken'), AlarmID: 101 }] }),
    unit(2, {
      UnitName: 'Tank Beta',
      AlarmEvents: [
        { ...alarm(28, '2026-01-09 07:00:00', 'Battery low'), AlarmID: 102, AcknowledgedBy: 'demo.user', AcknowledgedAt: '2026-01-09 07:30:00' },
        { ...alarm(34, '2026-01-08 07:00:00', 'Door open'), AlarmID: 103 },
      ],
    }),
  ];
  const rowOf = (id: number) => document.querySelector(`[data-alarm-id="${id}"]`) as HTMLElement;
  /** The server: answers actions on alarms 101–103 as the state model says, or fails when told. */
  const server = (opts: { fail?: number } = {}) => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    const handler = (method: string, url: string, body?: unknown): FakeReply => {
      calls.push({ method, url, body });
      if (opts.fail) return { status: opts.fail, body: { message: 'The database is not answering right now.' } };
      const b = body as { action: 'acknowledge' | 'reset'; ids?: number[] };
      const ids = b.ids ?? [Number(/alarms\/(\d+)\/actions/.exec(url)![1])];
      const result: AlarmActionResult = {
        action: b.action,
        by: 'demo.super',
        at: '2026-01-10 09:00:00',
        alarms: ids.map((id) => ({
          alarmId: id,
          unitId: id === 101 ? 1 : 2,
          organizationId: 10,
          channelId: 1,
          alarmType: 4,
          state: b.action === 'acknowledge' ? 'activeAcknowledged' : 'clearedAcknowledged',
          acknowledgedBy: 'demo.super',
          acknowledgedAt: '2026-01-10 09:00:00',
          clearedBy: b.action === 'reset' ? 'demo.super' : null,
          clearedAt: b.action === 'reset' ? '2026-01-10 09:00:00' : null,
          changed: true,
        })),
      };
      return { status: 200, body: { data: result } };
    };
    return { calls, handler };
  };

  test('new alarms offer Acknowledge and Reset; an acknowledged one says who and when and offers Reset only', () => {
    // Wide: labelled buttons and the whole sentence (narrower: icon buttons and the name, test below).
    renderWidget(AlarmList, { units: ackFleet(), handler: server().handler });
    const fresh = within(rowOf(101));
    expect(rowOf(101).getAttribute('data-state')).toBe('activeUnacknowledged');
    expect(fresh.queryByTestId('alarm-acknowledged')).toBeNull();
    expect(fresh.getByRole('button', { name: 'Acknowledge Loop alarm on Pump Alpha' })).toBeTruthy();
    expect(fresh.getByRole('button', { name: 'Reset Loop alarm on Pump Alpha' })).toBeTruthy();
    const acked = within(rowOf(102));
    expect(acked.getByTestId('alarm-acknowledged').textContent).toBe('✓Acknowledged by demo.user, 09 Jan 2026 08:30');
    expect(acked.queryByTestId('alarm-acknowledge')).toBeNull();
    expect(acked.getByTestId('alarm-reset')).toBeTruthy();
    // Acknowledged alarms stay in the active list, but no longer count as new.
    expect(screen.getAllByTestId('alarm-row')).toHaveLength(3);
    expect(screen.getByTestId('alarm-new-count').textContent).toBe('2 new');
  });

  test('Acknowledge: one call; the row shows who at once and stays, without selecting its unit', async () => {
    const { calls, handler } = server();
    const { setBinding } = renderWidget(AlarmList, { units: ackFleet(), handler });
    fireEvent.click(within(rowOf(101)).getByTestId('alarm-acknowledge'));
    await flush();
    expect(calls).toEqual([{ method: 'POST', url: '/api/v3/alarms/101/actions', body: { action: 'acknowledge' } }]);
    expect(within(rowOf(101)).getByTestId('alarm-acknowledged').textContent).toContain('Acknowledged by demo.super');
    expect(within(rowOf(101)).queryByTestId('alarm-acknowledge')).toBeNull();
    expect(screen.getByTestId('alarm-new-count').textContent).toBe('1 new');
    expect(setBinding).not.toHaveBeenCalled();
  });

  test('Reset: the alarm leaves the active list', async () => {
    renderWidget(AlarmList, { units: ackFleet(), handler: server().handler });
    fireEvent.click(within(rowOf(102)).getByTestId('alarm-reset'));
    await flush();
    expect(rowOf(102)).toBeNull();
    expect(screen.getAllByTestId('alarm-row')).toHaveLength(2);
  });

  test('a failed reset says "Could not reset …" with the reason, and changes nothing', async () => {
    const { toasts } = renderWidget(AlarmList, { units: ackFleet(), handler: server({ fail: 503 }).handler });
    fireEvent.click(within(rowOf(101)).getByTestId('alarm-reset'));
    await flush();
    expect(toasts).toContainEqual(
      expect.objectContaining({
        kind: 'danger',
        message: 'alarmActions.resetFailedBecause',
        params: expect.objectContaining({ name: 'Loop alarm on Pump Alpha', reason: 'The database is not answering right now.' }),
      }),
    );
    expect(rowOf(101).getAttribute('data-state')).toBe('activeUnacknowledged');
    expect(within(rowOf(101)).queryByTestId('alarm-acknowledged')).toBeNull();
    expect(within(rowOf(101)).getByTestId('alarm-reset')).toHaveProperty('disabled', false);
  });

  test('bulk: tick new alarms, confirm, one call for all; only new alarms can be ticked', async () => {
    const { calls, handler } = server();
    const { toasts } = renderWidget(AlarmList, { units: ackFleet(), handler });
    expect(within(rowOf(102)).queryByTestId('alarm-select')).toBeNull();
    expect(screen.queryByTestId('alarm-bulk-acknowledge')).toBeNull();
    fireEvent.click(screen.getByTestId('alarm-select-page'));
    fireEvent.click(screen.getByTestId('alarm-bulk-acknowledge'));
    const dialog = screen.getByTestId('alarm-bulk-confirm');
    expect(dialog.textContent).toContain('Acknowledge 2 alarms?');
    expect(dialog.textContent).toContain('Loop alarm on Pump Alpha');
    expect(dialog.textContent).toContain('Intrusion on Tank Beta');
    expect(calls).toEqual([]); // nothing before the confirmation
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await flush();
    expect(calls).toEqual([{ method: 'POST', url: '/api/v3/alarms/actions', body: { action: 'acknowledge', ids: [101, 103] } }]);
    expect(screen.queryByTestId('alarm-bulk-confirm')).toBeNull();
    expect(screen.getByTestId('alarm-new-count').textContent).toBe('0 new');
    expect(toasts).toContainEqual(expect.objectContaining({ kind: 'success', message: '2 alarms acknowledged' }));
  });

  test('what someone else does arrives by push and changes the row in place', async () => {
    const { bus } = renderWidget(AlarmList, { units: ackFleet(), handler: server().handler });
    const change: AlarmChange = {
      alarmId: 103,
      unitId: 2,
      organizationId: 10,
      channelId: 1,
      alarmType: 34,
      state: 'activeAcknowledged',
      acknowledgedBy: 'demo.user',
      acknowledgedAt: '2026-01-10 09:05:00',
      clearedBy: null,
      clearedAt: null,
      kind: 'acknowledged',
      by: 'demo.user',
      at: '2026-01-10 09:05:00',
    };
    act(() => bus.emit('alarms:changed', change));
    await act(async () => new Promise((r) => setTimeout(r, 150)));
    expect(within(rowOf(103)).getByTestId('alarm-acknowledged').textContent).toContain('Acknowledged by demo.user');
    act(() => bus.emit('alarms:changed', { ...change, state: 'clearedAcknowledged', kind: 'cleared' }));
    await act(async () => new Promise((r) => setTimeout(r, 150)));
    expect(rowOf(103)).toBeNull();
  });

  test('Readers see the states but no buttons and no check boxes', () => {
    renderWidget(AlarmList, { units: ackFleet(), user: { userType: 2 } });
    expect(within(rowOf(102)).getByTestId('alarm-acknowledged')).toBeTruthy();
    expect(screen.queryAllByTestId('alarm-acknowledge')).toEqual([]);
    expect(screen.queryAllByTestId('alarm-reset')).toEqual([]);
    expect(screen.queryAllByTestId('alarm-select')).toEqual([]);
  });

  test('history: a cleared alarm nobody acknowledged can be acknowledged, not reset', async () => {
    const legacy = jest.fn(async () => [
      { ...record(7, false, '2026-01-05 10:00:00'), State: 'clearedUnacknowledged' as const },
      { ...record(8, false, '2026-01-06 10:00:00'), State: 'clearedAcknowledged' as const, AcknowledgedBy: 'ann', AcknowledgedAt: '2026-01-06 11:00:00' },
    ]);
    renderWidget(AlarmList, { units: ackFleet(), legacy, settings: { mode: 'history' } });
    await flush();
    expect(within(rowOf(7)).getByTestId('alarm-state').textContent).toBe('Cleared, not acknowledged');
    expect(within(rowOf(7)).getByTestId('alarm-acknowledge')).toBeTruthy();
    expect(within(rowOf(7)).queryByTestId('alarm-reset')).toBeNull();
    expect(within(rowOf(8)).queryByRole('button')).toBeNull();
    expect(within(rowOf(8)).getByTestId('alarm-acknowledged').textContent).toContain('ann');
  });
});

test('alarm list at medium width: icon buttons named in full, and the acknowledger’s name with the whole sentence as its label', () => {
  renderWidget(AlarmList, {
    size: { width: 640, height: 400 },
    units: [
      unit(2, {
        UnitName: 'Tank Beta',
        AlarmEvents: [{ ...alarm(28, '2026-01-09 07:00:00'), AlarmID: 402, AcknowledgedBy: 'demo.user', AcknowledgedAt: '2026-01-09 07:30:00' }],
      }),
    ],
  });
  const row = document.querySelector('[data-alarm-id="402"]') as HTMLElement;
  const note = within(row).getByTestId('alarm-acknowledged');
  expect(note.textContent).toBe('✓demo.user');
  expect(note.getAttribute('aria-label')).toBe('Acknowledged by demo.user, 09 Jan 2026 08:30');
  expect(within(row).getByRole('button', { name: 'Reset Battery on Tank Beta' }).textContent).toBe('↺');
});
