import { fireEvent, screen } from '@testing-library/react';
import type { AlarmRecord } from '@fieldwatch/shared';
import AlarmList from '../../src/widgets/alarm-list';
import { activeAlarmsOf } from '../../src/widgets/kit/data/alarms';
import { alarm, flush, renderWidget, unit } from './lists.harness';

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
    renderWidget(AlarmList, { units: fleet(), size: { width: 640, height: 400 } });
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
    fireEvent.click(screen.getByRole('checkbox', { name: /Loop alarm/ }));
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
