import { fireEvent, screen } from '@testing-library/react';
import AlarmsWidget, { summarizeAlarms } from '../../src/widgets/alarms';
import { alarm, renderWidget, unit } from './lists.harness';

const fleet = () => [
  unit(1, { AlarmEvents: [alarm(4), alarm(28)] }),
  unit(2, { AlarmEvents: [alarm(28)] }),
  unit(3, { AlarmEvents: [alarm(28), alarm(19)] }),
  unit(4),
];

describe('alarms widget', () => {
  test('counts active and critical alarms and ranks the types', () => {
    renderWidget(AlarmsWidget, { units: fleet() });
    expect(screen.getByTestId('alarms-total').textContent).toBe('5');
    expect(screen.getByTestId('alarms-critical').textContent).toContain('1');
    const bars = screen.getAllByRole('listitem');
    expect(bars[0]!.textContent).toContain('Battery');
    expect(bars[0]!.textContent).toContain('3');
    expect(screen.getByTestId('alarm-type-4').textContent).toContain('Critical');
  });

  test('a type selects its units; again clears', () => {
    const { setBinding } = renderWidget(AlarmsWidget, { units: fleet() });
    fireEvent.click(screen.getByTestId('alarm-type-28'));
    expect(setBinding).toHaveBeenLastCalledWith('units', [1, 2, 3]);
    expect(screen.getByTestId('alarm-type-28').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('alarm-type-28'));
    expect(setBinding).toHaveBeenLastCalledWith('units', []);
    fireEvent.click(screen.getByTestId('alarms-critical'));
    expect(setBinding).toHaveBeenLastCalledWith('units', [1]);
  });

  test('loading, empty and the calm state; every language', () => {
    const { unmount } = renderWidget(AlarmsWidget, { units: [], loaded: false });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    unmount();
    const b = renderWidget(AlarmsWidget, { units: [] });
    expect(screen.getByText('No units for the selected customers')).toBeTruthy();
    b.unmount();
    const c = renderWidget(AlarmsWidget, { units: [unit(1), unit(2)], lng: 'de' });
    expect(screen.getByTestId('alarms-none').textContent).toContain('Keine aktiven Alarme');
    c.unmount();
    renderWidget(AlarmsWidget, { units: fleet(), lng: 'sv' });
    expect(screen.getByTestId('alarms-summary').textContent).not.toContain('widgets.');
  });

  test('100,000 units are summarised in one pass', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => unit(i + 1, i % 4 === 0 ? { AlarmEvents: [alarm(i % 8 === 0 ? 4 : 28)] } : {}));
    const s = summarizeAlarms(many);
    expect(s.total).toBe(25_000);
    expect(s.types.map((t) => t.count)).toEqual([12_500, 12_500]);
    expect(s.types[0]!.type).toBe(4); // critical first on a tie
  });
});
