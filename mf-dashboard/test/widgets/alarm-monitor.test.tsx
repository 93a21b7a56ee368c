import { act, fireEvent, screen } from '@testing-library/react';
import { formatApiDate, type FwEvent, sessionStore } from '@fieldwatch/shared';
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
