import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AlarmMap from '../../src/widgets/alarm-map';
import { alarm, installDomStubs, markerIcons, renderMap, unit } from './map.harness';

beforeAll(() => installDomStubs());

/** Units 1–3 OK; 4 in alarm with 7 events (Oslo); 5 with a communication error (Stockholm). */
const fleet = () => [
  unit(1),
  unit(2, { UnitGPSLatitude: 55.6, UnitGPSLongitude: 12.5 }),
  unit(3, { UnitGPSLatitude: 60.1, UnitGPSLongitude: 24.9 }),
  unit(4, {
    UnitName: 'Tank Oslo',
    UnitGPSLatitude: 59.91,
    UnitGPSLongitude: 10.75,
    AlarmEvents: [
      alarm(28, '2026-01-10T08:00:00Z'),
      alarm(4, '2026-01-12T09:30:00Z'),
      alarm(0, '2026-01-09T09:30:00Z'),
      alarm(1, '2026-01-08T09:30:00Z'),
      alarm(2, '2026-01-07T09:30:00Z'),
      alarm(3, '2026-01-06T09:30:00Z'),
      alarm(34, '2026-01-05T09:30:00Z'),
    ],
  }),
  unit(5, { UnitName: 'Gauge Stockholm', UnitGPSLatitude: 59.33, UnitGPSLongitude: 18.07, AlarmEvents: [alarm(19)] }),
];

describe('alarm map widget', () => {
  test('shows only units with active alarms (alarm and problem)', async () => {
    renderMap(AlarmMap, { units: fleet(), component: 'alarmMap' });
    await waitFor(() => expect(markerIcons()).toHaveLength(2));
    expect(screen.getByTestId('map-unit-count').textContent).toBe('Units: 2');
    const tones = markerIcons().map((m) => m.querySelector('[data-tone]')?.getAttribute('data-tone')).sort();
    expect(tones).toEqual(['alarm', 'problem']);
  });

  test("starts with the built-in's filter statuses ['alarm']; the filter offers alarm and problem only", async () => {
    renderMap(AlarmMap, { units: fleet(), component: 'alarmMap', settings: { filter: { statuses: ['alarm'] } } });
    await waitFor(() => expect(markerIcons()).toHaveLength(1));
    expect(markerIcons()[0]?.getAttribute('title')).toBe('Tank Oslo — Alarm');
    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const panel = screen.getByRole('dialog', { name: 'GIS filter' });
    const boxes = within(panel).getAllByRole('checkbox');
    expect(within(panel).queryByLabelText('OK')).toBeNull();
    expect((within(panel).getByLabelText('Alarm') as HTMLInputElement).checked).toBe(true);
    expect((within(panel).getByLabelText('Problem') as HTMLInputElement).checked).toBe(false);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
  });

  test('the popup lists the unit’s alarms, newest first, in the user’s date format', async () => {
    renderMap(AlarmMap, { units: fleet(), component: 'alarmMap', settings: { filter: { statuses: ['alarm'] } } });
    await waitFor(() => expect(markerIcons()).toHaveLength(1));
    fireEvent.click(markerIcons()[0] as HTMLElement);
    const popup = await screen.findByTestId('map-popup');
    expect(within(popup).getByText('Active alarms')).toBeTruthy();
    const items = within(popup).getAllByRole('listitem');
    expect(items[0]?.textContent).toMatch(/^Loop alarm12 Jan 2026 10:30/);
    // Each alarm can be acknowledged or reset from the popup (the demo SuperUser may act).
    expect(within(items[0]!).getByRole('button', { name: /^Acknowledge Loop alarm on / })).toBeTruthy();
    expect(within(items[0]!).getByRole('button', { name: /^Reset Loop alarm on / })).toBeTruthy();
    expect(items[1]?.textContent).toContain('Battery');
    expect(items).toHaveLength(6);
    expect(items[5]?.textContent).toBe('And 2 more');
  });

  test('empty: no active alarms is good news', async () => {
    renderMap(AlarmMap, { units: [unit(1), unit(2)], component: 'alarmMap' });
    // Still so once the map's configuration has arrived.
    await act(async () => {});
    expect(screen.getByText('No active alarms')).toBeTruthy();
    expect(screen.getByText('All units of the selected customers are OK right now.')).toBeTruthy();
  });
});
