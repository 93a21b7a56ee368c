import {
  countParkingBays,
  parkingStateSince,
  parkingBayState,
  parkingReadingOf,
  PARKING_READING_MAX_AGE_MS,
} from '../src/domain/parking';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('a parking bay: occupied, free or unknown (issue 20)', () => {
  test('a recent reading decides; alarm does not hide it', () => {
    expect(parkingBayState({ value: 1, at: NOW - 60_000 }, 'ok', NOW)).toBe('occupied');
    expect(parkingBayState({ value: 0, at: NOW - 60_000 }, 'ok', NOW)).toBe('free');
    expect(parkingBayState({ value: 1, at: NOW - 60_000 }, 'alarm', NOW)).toBe('occupied');
  });

  test('no reading, an old one, not installed or a problem: unknown', () => {
    expect(parkingBayState(undefined, 'ok', NOW)).toBe('unknown');
    expect(parkingBayState({ value: 1, at: NOW - PARKING_READING_MAX_AGE_MS - 1 }, 'ok', NOW)).toBe('unknown');
    expect(parkingBayState({ value: 1, at: NaN }, 'ok', NOW)).toBe('unknown');
    expect(parkingBayState({ value: 0, at: NOW }, 'inactive', NOW)).toBe('unknown');
    expect(parkingBayState({ value: 1, at: NOW }, 'problem', NOW)).toBe('unknown');
  });

  test('the reading is the switch channel, else one named like parking', () => {
    expect(
      parkingReadingOf([
        { ChannelKind: 'battery', ChannelName: 'Battery', Value: 3.6, MeasureTime: '2026-11-27 11:00:00' },
        { ChannelKind: 'switch', ChannelName: 'Bay', Value: 1, MeasureTime: '2026-11-27 11:59:00' },
      ]),
    ).toEqual({ value: 1, at: Date.parse('2026-11-27T11:59:00Z') });
    expect(parkingReadingOf([{ ChannelKind: 'digital', ChannelName: 'Occupancy', Value: 0, MeasureTime: '2026-11-27 11:00:00' }])?.value).toBe(0);
    expect(parkingReadingOf([{ ChannelKind: 'temperature', ChannelName: 'Temp', Value: 4 }])).toBeUndefined();
    expect(parkingReadingOf(undefined)).toBeUndefined();
  });

  test('counts', () => {
    expect(countParkingBays(['occupied', 'free', 'unknown', 'occupied'])).toEqual({ occupied: 2, free: 1, unknown: 1 });
  });
});

describe('since when a bay is in its state', () => {
  const at = (m: number) => new Date(NOW - m * 60_000).toISOString();
  test('the first reading of the newest run in the present state', () => {
    const points = [
      { ts: at(90), value: 0 },
      { ts: at(60), value: 1 },
      { ts: at(30), value: 1 },
      { ts: at(5), value: 1 },
    ];
    // Readings every few minutes do not move "since": the bay changed 60 minutes ago.
    expect(parkingStateSince(points)).toBe(NOW - 60 * 60_000);
    expect(parkingStateSince([...points].reverse())).toBe(NOW - 60 * 60_000);
  });
  test('no change in the window, or no history: null; a downsampled bucket with a change: its time', () => {
    expect(parkingStateSince([{ ts: at(50), value: 0 }, { ts: at(10), value: 0 }])).toBeNull();
    // The history starts well inside the window (installed since): in this state since its first reading.
    expect(parkingStateSince([{ ts: at(50), value: 0 }, { ts: at(10), value: 0 }], NOW - 24 * 60 * 60_000)).toBe(NOW - 50 * 60_000);
    expect(parkingStateSince([{ ts: at(24 * 60 - 5), value: 0 }, { ts: at(10), value: 0 }], NOW - 24 * 60 * 60_000)).toBeNull();
    expect(parkingStateSince([])).toBeNull();
    expect(parkingStateSince([{ ts: at(50), value: 0, min: 0, max: 0 }, { ts: at(20), value: 0.4, min: 0, max: 1 }, { ts: at(5), value: 1, min: 1, max: 1 }])).toBe(
      NOW - 20 * 60_000,
    );
  });
});
