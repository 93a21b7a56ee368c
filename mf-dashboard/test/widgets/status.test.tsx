import { fireEvent, screen, within } from '@testing-library/react';
import { INACTIVE_UNIT_MARKER } from '@fieldwatch/shared';
import StatusWidget from '../../src/widgets/status';
import { alarm, renderWidget, unit } from './kpi.harness';

/** 10 units: 1–5 ok, 6–7 alarm, 8 problem, 9–10 inactive. */
const fleet = () => [
  ...[1, 2, 3, 4, 5].map((id) => unit(id)),
  unit(6, { AlarmEvents: [alarm(4)] }),
  unit(7, { AlarmEvents: [alarm(28), alarm(0)] }),
  unit(8, { AlarmEvents: [alarm(19), alarm(4)] }),
  unit(9, { UnitName: `${INACTIVE_UNIT_MARKER} – Pump 9` }),
  unit(10, { UnitName: `${INACTIVE_UNIT_MARKER} – Pump 10` }),
];

describe('status widget', () => {
  test('shows the total, the count and share of every status with the test hooks', () => {
    renderWidget(StatusWidget, { units: fleet() });
    const root = screen.getByTestId('status-summary');
    expect(screen.getByTestId('unit-count').textContent).toBe('10');
    expect(within(root).getByTestId('status-ok').textContent).toContain('OK5');
    expect(screen.getByTestId('status-ok').textContent).toContain('50 % of units');
    expect(screen.getByTestId('status-alarm').textContent).toContain('Alarm2');
    expect(screen.getByTestId('status-problem').textContent).toContain('Problem1');
    expect(screen.getByTestId('status-inactive').textContent).toContain('Inactive2');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('OK 5, Alarm 2, Problem 1, Inactive 2');
  });

  test('clicking a status selects its units in the link group; clicking the selected one clears it', () => {
    const { setBinding } = renderWidget(StatusWidget, { units: fleet() });
    fireEvent.click(screen.getByTestId('status-alarm'));
    expect(setBinding).toHaveBeenCalledWith('units', [6, 7]);
  });

  test('the status whose units are selected is pressed, and a click clears the selection', () => {
    const { setBinding } = renderWidget(StatusWidget, { units: fleet(), bindings: { units: [10, 9] } });
    const inactive = screen.getByTestId('status-inactive');
    expect(inactive.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('status-ok').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(inactive);
    expect(setBinding).toHaveBeenCalledWith('units', []);
  });

  test('a status without units cannot be picked', () => {
    renderWidget(StatusWidget, { units: [unit(1), unit(2)] });
    expect((screen.getByTestId('status-alarm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('status-ok').textContent).toContain('100 % of units');
  });

  test('loading until the units have arrived, then empty when there are none', () => {
    const { unmount } = renderWidget(StatusWidget, { units: [], loaded: false });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    unmount();
    renderWidget(StatusWidget, { units: [] });
    expect(screen.getByText('No units for the selected customers')).toBeTruthy();
  });

  test('speaks every language', () => {
    renderWidget(StatusWidget, { units: fleet(), lng: 'sv' });
    expect(screen.getByTestId('status-summary').textContent).not.toContain('widgets.');
    expect(screen.getByTestId('status-ok').textContent).not.toContain('OK5 50 % of units');
  });

  test('100,000 units render four tiles, not 100,000 elements', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => unit(i + 1, i % 10 === 0 ? { AlarmEvents: [alarm(4)] } : {}));
    const { container } = renderWidget(StatusWidget, { units: many });
    expect(screen.getByTestId('unit-count').textContent).toBe('100000');
    expect(screen.getByTestId('status-alarm').textContent).toContain('10000');
    expect(container.querySelectorAll('*').length).toBeLessThan(80);
  });
});
