import { fireEvent, screen } from '@testing-library/react';
import ListWidget from '../../src/widgets/list';
import { flush, renderWidget, unit } from './lists.harness';

const value = (UnitID: number, ChannelName: string, Value: number, UnitOfMeasure = '') => ({
  UnitID,
  ChannelID: 1,
  ChannelName,
  ChannelKind: 'analog',
  UnitOfMeasure,
  Value,
  MeasureTime: '2026-01-10 10:00:00',
});
const latest = async (_m: string, _p: Record<string, unknown>, ids?: number[]) =>
  (ids ?? []).flatMap((id) => [value(id, 'Temperature', 20 + id / 10, '°C'), value(id, 'Battery', 3.61, 'V'), ...(id === 1 ? [value(1, 'Humidity', 40, '%')] : [])]);

describe('list widget', () => {
  test('shows the selected units with their latest values per channel', async () => {
    const { legacy } = renderWidget(ListWidget, { units: [unit(1), unit(2), unit(3)], bindings: { units: [3, 1] }, legacy: latest });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await flush();
    expect(legacy).toHaveBeenCalledWith('GetUnitsShowValue', {}, [3, 1]);
    const rows = screen.getAllByTestId('value-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Unit 3');
    expect(rows[0]!.textContent).toContain('20.3 °C');
    expect(rows[0]!.textContent).toContain('3.61 V');
    expect(rows[0]!.textContent).toContain('10 Jan 2026 11:00');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Unit', 'Battery', 'Temperature', 'Humidity', 'Measured']);
  });

  test('the channels to show are chosen and saved', async () => {
    const { updateSettings } = renderWidget(ListWidget, { units: [unit(1), unit(2)], legacy: latest });
    await flush();
    fireEvent.click(screen.getByRole('checkbox', { name: /Battery/ }));
    expect(updateSettings).toHaveBeenLastCalledWith({ channels: ['Battery'] });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Unit', 'Battery', 'Measured']);
  });

  test('without a selection: every unit, one page of latest values at a time', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => unit(i + 1));
    const { legacy } = renderWidget(ListWidget, { units: many, legacy: latest });
    await flush();
    expect((legacy!.mock.calls[0] as unknown[])[2]).toHaveLength(20);
    expect(screen.getAllByTestId('value-row')).toHaveLength(20);
    expect(screen.getByText('1–20 of 100,000')).toBeTruthy();
  });

  test('error with retry, empty states; speaks Danish', async () => {
    let fail = true;
    const a = renderWidget(ListWidget, {
      units: [unit(1)],
      legacy: async (m, p, ids) => {
        if (fail) throw new Error('down');
        return latest(m, p, ids);
      },
    });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Could not load the latest values');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(screen.getAllByTestId('value-row')).toHaveLength(1);
    a.unmount();
    const b = renderWidget(ListWidget, { units: [] });
    await flush();
    expect(screen.getByText('No units for the selected customers')).toBeTruthy();
    b.unmount();
    renderWidget(ListWidget, { units: [unit(1)], bindings: { units: [77] }, lng: 'da' });
    await flush();
    expect(screen.getByText('De valgte enheder er ikke tilgængelige')).toBeTruthy();
  });
});
