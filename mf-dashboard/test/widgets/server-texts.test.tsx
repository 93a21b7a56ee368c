/**
 * Text the server wrote reads in the user's language (shared local-text.ts, useServerText): the
 * alarm texts of limit crossings and the communication watchdog, and unit type names. Texts the
 * server did not write (seeded, ingested) show as they were written.
 */
import { screen, within } from '@testing-library/react';
import AlarmList from '../../src/widgets/alarm-list';
import AlarmMonitor from '../../src/widgets/alarm-monitor';
import UnitList from '../../src/widgets/unit-list';
import { alarm, renderWidget, unit } from './lists.harness';

const fleet = () => [
  unit(1, {
    UnitName: 'Pumpe 1',
    UnitType: 201,
    AlarmEvents: [alarm(11, '2026-01-10 08:00:00', 'Value 12.5 m above high limit 10 m (level 1)')],
  }),
  unit(2, {
    UnitName: 'Tank 2',
    AlarmEvents: [
      alarm(19, '2026-01-11 09:00:00', 'No contact since 2026-01-11 08:00 UTC'),
      alarm(34, '2026-01-09 07:00:00', 'Pump stopped by operator'),
    ],
  }),
];

describe('server texts in the reader’s language', () => {
  test('alarm list in Danish: type and the server’s alarm texts translated, others as written', () => {
    renderWidget(AlarmList, { units: fleet(), lng: 'da', size: { width: 1200, height: 400 } });
    const rows = screen.getAllByTestId('alarm-row');
    expect(rows[0]!.textContent).toContain('Kommunikationsfejl');
    expect(rows[0]!.textContent).toContain('Ingen kontakt siden 2026-01-11 08:00 UTC');
    expect(rows[1]!.textContent).toContain('Værdi 12.5 m over øvre grænse 10 m (niveau 1)');
    expect(rows[1]!.textContent).not.toContain('above high limit');
    expect(rows[2]!.textContent).toContain('Pump stopped by operator');
  });

  test('a search finds the Danish words of a server-written alarm text', () => {
    renderWidget(AlarmList, { units: fleet(), lng: 'da', settings: { filter: { search: 'grænse' } } });
    expect(screen.getAllByTestId('alarm-row')).toHaveLength(1);
  });

  test('alarm monitor in Swedish', () => {
    renderWidget(AlarmMonitor, { units: fleet(), lng: 'sv', size: { width: 800, height: 400 } });
    const rows = screen.getAllByTestId('monitor-row');
    expect(rows.map((r) => r.textContent).join('\n')).toContain('Värde 12.5 m över övre gräns 10 m (nivå 1)');
  });

  test('unit list in German: a third-party unit type by its German name, own models as they are', () => {
    renderWidget(UnitList, { units: fleet(), lng: 'de', size: { width: 1200, height: 400 } });
    const table = screen.getByRole('table');
    expect(within(table).getByText('Schalter')).toBeTruthy();
    expect(within(table).getByText('X1')).toBeTruthy();
  });
});
