import { act, fireEvent, screen, within } from '@testing-library/react';
import { formatApiDate, type AlarmActionResult, type AlarmChange, type FwEvent, sessionStore } from '@fieldwatch/shared';
import AlarmMonitor, { monitorRows } from '../../src/widgets/alarm-monitor';
import { alarm, renderWidget, unit } from './lists.harness';

const now = Date.now();
const apiTime = formatApiDate;
const fleet = () => [
  unit(1, { UnitName: 'Pump Alpha', AlarmEvents: [alarm(4, apiTime(now - 5 * 60_000), 'Loop broken')] }),
  unit(2, { UnitName: 'Tank Beta', AlarmEvents: [alarm(28, apiTime(now - 3 * 3_600_000), 'Battery low')] }),
  unit(3),
];
const pushed = (id: string, unitId: number, type: number, created: number): FwEvent => ({
  id,
  created: new Date(created).toISOString(),
  version: '2',
  kind: 'event',
  type: 'alarm',
  title: 'Alarm',
  category: 'alert',
  unitId,
  unitName: 'Tank Beta',
  alarmId: '9001',
  alarm: { type, text: 'Door opened', time: apiTime(created), channelId: 1 },
});

describe('alarm monitor widget', () => {
  test('newest active alarms first, critical highlighted, time since', () => {
    renderWidget(AlarmMonitor, { units: fleet() });
    const rows = screen.getAllByTestId('monitor-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Pump Alpha');
    expect(rows[0]!.getAttribute('data-critical')).toBe('true');
    expect(rows[0]!.textContent).toContain('5 minutes ago');
    expect(rows[1]!.textContent).toContain('3 hours ago');
    expect(rows[1]!.getAttribute('data-critical')).toBeNull();
    expect(screen.getByTestId('monitor-count').textContent).toContain('2');
    fireEvent.click(rows[1]!);
  });

  test('alarms pushed into the session appear at once, marked new', () => {
    renderWidget(AlarmMonitor, { units: fleet(), unitsLoadedAt: now - 60_000 });
    act(() => sessionStore.setState({ events: [pushed('e1', 2, 34, now - 1000)] }));
    const rows = screen.getAllByTestId('monitor-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Intrusion');
    expect(rows[0]!.getAttribute('data-fresh')).toBe('true');
    // An event older than the device list is not re-added.
    expect(monitorRows(fleet(), [pushed('e2', 2, 34, now - 120_000)], now - 60_000)).toHaveLength(2);
  });

  test('a click selects the unit', () => {
    const { setBinding } = renderWidget(AlarmMonitor, { units: fleet() });
    fireEvent.click(screen.getAllByTestId('monitor-row')[1]!);
    expect(setBinding).toHaveBeenCalledWith('units', [2]);
  });

  test('loading, empty, calm; speaks German', () => {
    const a = renderWidget(AlarmMonitor, { units: [], loaded: false });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    a.unmount();
    const b = renderWidget(AlarmMonitor, { units: [] });
    expect(screen.getByText('No units for the selected customers')).toBeTruthy();
    b.unmount();
    renderWidget(AlarmMonitor, { units: [unit(1)], lng: 'de' });
    expect(screen.getByTestId('monitor-calm').textContent).toContain('Keine aktiven Alarme');
  });

  test('at most 50 rows of 100,000 units', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => unit(i + 1, i % 10 === 0 ? { AlarmEvents: [alarm(28)] } : {}));
    renderWidget(AlarmMonitor, { units: many });
    expect(screen.getAllByTestId('monitor-row')).toHaveLength(50);
  });
});

describe('alarm monitor: acknowledged alarms and the buttons', () => {
  const fleetWithAck = () => [
    unit(1, { UnitName: 'Pump Alpha', AlarmEvents: [{ ...alarm(4, apiTime(now - 5 * 60_000), 'Loop broken'), AlarmID: 201 }] }),
    unit(2, {
      UnitName: 'Tank Beta',
      AlarmEvents: [
        { ...alarm(28, apiTime(now - 3 * 3_600_000), 'Battery low'), AlarmID: 202, AcknowledgedBy: 'demo.user', AcknowledgedAt: apiTime(now - 3_000_000) },
      ],
    }),
  ];
  const rowOf = (id: number) => document.querySelector(`[data-alarm-id="${id}"]`)!.closest('li') as HTMLElement;
  const change = (alarmId: number, unitId: number, state: AlarmChange['state']): AlarmChange => ({
    alarmId,
    unitId,
    organizationId: 10,
    channelId: 1,
    alarmType: 34,
    state,
    acknowledgedBy: state === 'activeAcknowledged' || state === 'clearedAcknowledged' ? 'demo.user' : null,
    acknowledgedAt: state === 'activeAcknowledged' || state === 'clearedAcknowledged' ? apiTime(now) : null,
    clearedBy: null,
    clearedAt: null,
    kind: state === 'activeAcknowledged' ? 'acknowledged' : 'cleared',
    by: 'demo.user',
    at: apiTime(now),
  });
  const settle = () => act(async () => new Promise((r) => setTimeout(r, 150)));

  test('an acknowledged alarm stays on the board, calmer, with who; the header counts only new ones', () => {
    renderWidget(AlarmMonitor, { units: fleetWithAck() });
    expect(screen.getAllByTestId('monitor-row')).toHaveLength(2);
    expect(screen.getByTestId('monitor-count').textContent).toContain('2');
    expect(screen.getByTestId('monitor-new-count').textContent).toBe('1 new');
    const acked = within(rowOf(202));
    expect(acked.getByTestId('monitor-row').getAttribute('data-state')).toBe('activeAcknowledged');
    expect(acked.getByTestId('alarm-acknowledged').textContent).toContain('Acknowledged by demo.user');
    expect(acked.queryByTestId('alarm-acknowledge')).toBeNull();
    expect(acked.getByTestId('alarm-reset')).toBeTruthy();
    expect(within(rowOf(201)).getByTestId('alarm-acknowledge')).toBeTruthy();
  });

  test('Acknowledge on a row calls the server and does not select the unit', async () => {
    const calls: string[] = [];
    const { setBinding } = renderWidget(AlarmMonitor, {
      units: fleetWithAck(),
      handler: (method, url) => {
        calls.push(`${method} ${url}`);
        const result: AlarmActionResult = {
          action: 'acknowledge',
          by: 'demo.super',
          at: apiTime(now),
          alarms: [{ ...change(201, 1, 'activeAcknowledged'), acknowledgedBy: 'demo.super', changed: true }],
        };
        return { status: 200, body: { data: result } };
      },
    });
    fireEvent.click(within(rowOf(201)).getByTestId('alarm-acknowledge'));
    await settle();
    expect(calls).toEqual(['POST /api/v3/alarms/201/actions']);
    expect(setBinding).not.toHaveBeenCalled();
    expect(within(rowOf(201)).getByTestId('alarm-acknowledged').textContent).toContain('demo.super');
    expect(screen.getByTestId('monitor-new-count').textContent).toBe('0 new');
  });

  test('a pushed alarm can be acted on at once; when it clears elsewhere it leaves the board', async () => {
    const { bus } = renderWidget(AlarmMonitor, { units: fleetWithAck(), unitsLoadedAt: now - 60_000 });
    const fresh = pushed('e9', 2, 34, now - 1000);
    act(() => sessionStore.setState({ events: [{ ...fresh, alarm: { ...fresh.alarm!, id: 301 } }] }));
    expect(within(rowOf(301)).getByTestId('alarm-acknowledge')).toBeTruthy();
    act(() => bus.emit('alarms:changed', change(301, 2, 'activeAcknowledged')));
    await settle();
    expect(within(rowOf(301)).getByTestId('alarm-acknowledged')).toBeTruthy();
    act(() => bus.emit('alarms:changed', change(301, 2, 'clearedAcknowledged')));
    act(() => bus.emit('alarms:changed', change(201, 1, 'clearedUnacknowledged')));
    await settle();
    expect(document.querySelector('[data-alarm-id="301"]')).toBeNull();
    expect(document.querySelector('[data-alarm-id="201"]')).toBeNull();
    expect(screen.getAllByTestId('monitor-row')).toHaveLength(1);
  });

  test('Readers see who acknowledged, and no buttons', () => {
    renderWidget(AlarmMonitor, { units: fleetWithAck(), user: { userType: 2 } });
    expect(screen.getByTestId('alarm-acknowledged')).toBeTruthy();
    expect(screen.queryAllByTestId('alarm-acknowledge')).toEqual([]);
    expect(screen.queryAllByTestId('alarm-reset')).toEqual([]);
    expect(screen.getAllByRole('button').every((b) => b.getAttribute('data-testid') === 'monitor-row')).toBe(true);
  });
});
