import { act, fireEvent, screen, within } from '@testing-library/react';
import { INACTIVE_UNIT_MARKER } from '@fieldwatch/shared';
import UnitList from '../../src/widgets/unit-list';
import { filterRows, sortRows, toRow } from '../../src/widgets/unit-list/model';
import { alarm, renderWidget, unit } from './lists.harness';

const fleet = () => [
  unit(1, { UnitName: 'Pump Alpha', UnitLocation: 'Harbour', UnitType: 1 }),
  unit(2, { UnitName: 'Pump Beta', UnitLocation: 'Station', UnitType: 11, AlarmEvents: [alarm(4, '2026-01-10 08:00:00')] }),
  unit(3, { UnitName: 'Tank Gamma', UnitLocation: 'Harbour', UnitType: 21, AlarmEvents: [alarm(19, '2026-01-11 09:30:00')] }),
  unit(4, { UnitName: `${INACTIVE_UNIT_MARKER} Delta`, UnitLocation: 'Yard', UnitType: 1 }),
  ...Array.from({ length: 21 }, (_, i) => unit(100 + i, { UnitName: `Sensor ${i + 1}`, UnitLocation: 'Field' })),
];

describe('unit list widget', () => {
  test('shows 20 units a page with name, location, model, status and latest alarm', () => {
    renderWidget(UnitList, { units: fleet() });
    const rows = screen.getAllByTestId('unit-row');
    expect(rows).toHaveLength(20);
    const beta = rows.find((r) => r.textContent?.includes('Pump Beta'))!;
    expect(beta.textContent).toContain('Station');
    expect(beta.textContent).toContain('A1');
    expect(beta.textContent).toContain('Alarm');
    expect(beta.textContent).toContain('Loop alarm');
    expect(beta.textContent).toContain('10 Jan 2026 09:00'); // 08:00 UTC in Stockholm
    expect(screen.getByText('1–20 of 25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByTestId('unit-row')).toHaveLength(5);
  });

  test('status chips filter, and the filter is saved with the widget', () => {
    const { updateSettings } = renderWidget(UnitList, { units: fleet() });
    fireEvent.click(screen.getByTestId('filter-problem'));
    expect(updateSettings).toHaveBeenLastCalledWith({ filter: { statuses: ['problem'] } });
    const rows = screen.getAllByTestId('unit-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Tank Gamma');
    fireEvent.click(screen.getByTestId('filter-alarm'));
    expect(screen.getAllByTestId('unit-row')).toHaveLength(2);
  });

  test('a saved filter applies at once; choosing every status is no filter', () => {
    renderWidget(UnitList, { units: fleet(), settings: { filter: { statuses: ['inactive'] } } });
    expect(screen.getAllByTestId('unit-row')).toHaveLength(1);
    const rows = fleet().map(toRow);
    expect(filterRows(rows, { statuses: ['alarm', 'problem', 'ok', 'inactive'] })).toHaveLength(rows.length);
    expect(filterRows(rows, { unitTypes: [21] }).map((r) => r.id)).toEqual([3]);
    expect(filterRows(rows, { alarmTypes: [4] }).map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, { search: 'harbour' }).map((r) => r.id)).toEqual([1, 3]);
    expect(filterRows(rows, { search: 'cnl1' }).map((r) => r.id)).toEqual([3]);
  });

  test('the text search is debounced and searches name, location and type', () => {
    jest.useFakeTimers();
    try {
      const { updateSettings } = renderWidget(UnitList, { units: fleet() });
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search units' }), { target: { value: 'harb' } });
      expect(updateSettings).not.toHaveBeenCalled();
      act(() => {
        jest.advanceTimersByTime(300);
      });
      expect(updateSettings).toHaveBeenLastCalledWith({ filter: { search: 'harb' } });
      expect(screen.getAllByTestId('unit-row')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('nothing matching shows a way back', () => {
    renderWidget(UnitList, { units: fleet(), settings: { filter: { search: 'zzz' } } });
    expect(screen.getByText('Nothing matches the filter')).toBeTruthy();
    fireEvent.click(screen.getByText('Clear filters'));
    expect(screen.getAllByTestId('unit-row')).toHaveLength(20);
  });

  test('sorts by a column header, status descending puts alarms first', () => {
    renderWidget(UnitList, { units: fleet() });
    fireEvent.click(screen.getByRole('button', { name: /Status/ }));
    const rows = screen.getAllByTestId('unit-row');
    expect(rows[0]!.textContent).toContain('Pump Beta');
    expect(rows[1]!.textContent).toContain('Tank Gamma');
    expect(sortRows(fleet().map(toRow), { key: 'alarm', dir: 'desc' })[0]!.id).toBe(3);
  });

  test('check boxes select units for the link group; selected rows are highlighted', () => {
    const { setBinding } = renderWidget(UnitList, { units: fleet(), bindings: { units: [2] }, widgetProps: { multiSelect: true } });
    const beta = screen.getAllByTestId('unit-row').find((r) => r.textContent?.includes('Pump Beta'))!;
    expect(beta.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pump Alpha' }));
    expect(setBinding).toHaveBeenLastCalledWith('units', [2, 1]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pump Beta' }));
    expect(setBinding).toHaveBeenLastCalledWith('units', [1]);
    fireEvent.click(within(screen.getByTestId('unit-list')).getByTestId('clear-selection'));
    expect(setBinding).toHaveBeenLastCalledWith('units', []);
  });

  test('without multiSelect a row click selects only that unit', () => {
    const { setBinding } = renderWidget(UnitList, { units: fleet(), bindings: { units: [3] } });
    fireEvent.click((screen.getAllByTestId('unit-row').find((r) => r.textContent?.includes('Pump Alpha')) as HTMLTableRowElement).cells[1]!);
    expect(setBinding).toHaveBeenLastCalledWith('units', [1]);
  });

  test('exports the filtered list as CSV', () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      created.push(b);
      return 'blob:x';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWidget(UnitList, { units: fleet(), settings: { filter: { statuses: ['alarm', 'problem'] } } });
    fireEvent.click(screen.getByTestId('csv-export'));
    expect(click).toHaveBeenCalled();
    expect(created).toHaveLength(1);
    click.mockRestore();
  });

  test('loading until the units have arrived, then empty when there are none', () => {
    const { unmount } = renderWidget(UnitList, { units: [], loaded: false });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    unmount();
    renderWidget(UnitList, { units: [] });
    expect(screen.getByText('No units for the selected customers')).toBeTruthy();
  });

  test('speaks Swedish, and hides secondary columns when narrow', () => {
    renderWidget(UnitList, { units: fleet(), lng: 'sv', size: { width: 360, height: 300 } });
    const root = screen.getByTestId('unit-list');
    expect(root.textContent).not.toContain('widgets.');
    expect(screen.getByRole('searchbox', { name: 'Sök enheter' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  test('beside a map (medium width): model and location fold under the name, the latest alarm stays', () => {
    renderWidget(UnitList, { units: fleet(), size: { width: 640, height: 400 } });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['', 'Unit', 'Status', 'Latest alarm']);
    const beta = screen.getAllByTestId('unit-row').find((r) => r.textContent?.includes('Pump Beta'))!;
    expect(within(beta).getByText('A1 · Station')).toBeTruthy();
    expect(beta.textContent).toContain('Loop alarm');
  });

  test('100,000 units: one page in the DOM', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      unit(i + 1, i % 7 === 0 ? { AlarmEvents: [alarm(4)] } : { UnitName: `Unit ${i + 1}` }),
    );
    const started = Date.now();
    const { container } = renderWidget(UnitList, { units: many });
    expect(screen.getAllByTestId('unit-row')).toHaveLength(20);
    expect(screen.getByText('1–20 of 100,000')).toBeTruthy();
    expect(container.querySelectorAll('tr').length).toBe(21);
    fireEvent.click(screen.getByTestId('filter-alarm'));
    expect(screen.getByText('1–20 of 14,286')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
