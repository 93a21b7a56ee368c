import { INACTIVE_UNIT_MARKER, UNIT_STATUSES, UNITS_PER_PAGE } from '@fieldwatch/shared';
import {
  DEFAULT_QUERY,
  type DeviceQuery,
  isFiltered,
  matchesText,
  parseQuery,
  queryDevices,
  sortBy,
  sortRows,
  toggleStatus,
  toRow,
  toSearchParams,
} from '../../src/features/devices/device-query';
import { fleet, unit } from '../fixtures';

const q = (over: Partial<DeviceQuery> = {}): DeviceQuery => ({ ...DEFAULT_QUERY, ...over });
const ids = (rows: Array<{ unit: { UnitID: number } }>) => rows.map((r) => r.unit.UnitID);

describe('status of a row (the shared unitStatus rule)', () => {
  test('inactive marker wins, then communication error, then any alarm, else ok', () => {
    expect(
      toRow(unit(1, { UnitName: `Tank ${INACTIVE_UNIT_MARKER}`, AlarmEvents: [alarmOf(19)] })).status,
    ).toBe('inactive');
    expect(toRow(unit(2, { AlarmEvents: [alarmOf(4), alarmOf(19)] })).status).toBe('problem');
    expect(toRow(unit(3, { AlarmEvents: [alarmOf(0)] })).status).toBe('alarm');
    expect(toRow(unit(4)).status).toBe('ok');
  });

  test('the latest alarm is the one with the newest event time', () => {
    const row = toRow(
      unit(1, {
        AlarmEvents: [
          alarmOf(4, '2024-01-01 00:00:00'),
          alarmOf(28, '2024-03-01 00:00:00'),
          alarmOf(5, '2024-02-01 00:00:00'),
        ],
      }),
    );
    expect(row.latestAlarm?.AlarmType).toBe(28);
    expect(toRow(unit(2)).latestAlarm).toBeUndefined();
  });
});

describe('text search on name, location and type', () => {
  const row = toRow(unit(7, { UnitName: 'Pump 07', UnitLocation: 'Harbour basin', UnitType: 41 }));
  test.each([
    ['name', 'pump 07', true],
    ['location, any case', 'HARBOUR', true],
    ['model name', 'awg', true],
    ['type code', '41', true],
    ['every word must match', 'pump harbour', true],
    ['a word that matches nothing', 'pump reservoir', false],
    ['empty search', '   ', true],
  ])('%s', (_what, text, expected) => {
    expect(matchesText(row, text)).toBe(expected);
  });

  test('accents are ignored', () => {
    expect(matchesText(toRow(unit(1, { UnitLocation: 'Malmö hamn' })), 'malmo')).toBe(true);
  });

  test('filters the list and counts statuses among the units that match', () => {
    const page = queryDevices(fleet(), q({ q: 'harbour' }));
    expect(page.matched).toBe(15);
    expect(page.total).toBe(45);
    expect(page.counts).toEqual({ alarm: 2, problem: 1, inactive: 2, ok: 10 });
  });
});

describe('status filter', () => {
  test('one status keeps only its units', () => {
    const page = queryDevices(fleet(), q({ statuses: ['problem'] }));
    expect(ids(page.rows)).toEqual([37, 38, 39, 40]);
  });

  test('several statuses keep the union', () => {
    const page = queryDevices(fleet(), q({ statuses: ['alarm', 'inactive'] }));
    expect(page.matched).toBe(11);
    expect(page.rows.every((r) => r.status === 'alarm' || r.status === 'inactive')).toBe(true);
  });

  test('none chosen and all chosen both mean no status filtering', () => {
    expect(queryDevices(fleet(), q({ statuses: [] })).matched).toBe(45);
    expect(queryDevices(fleet(), q({ statuses: [...UNIT_STATUSES] })).matched).toBe(45);
    expect(isFiltered(q({ statuses: [...UNIT_STATUSES] }))).toBe(false);
    expect(isFiltered(q({ statuses: ['ok'] }))).toBe(true);
  });

  test('the chips count units per status regardless of the status filter', () => {
    const page = queryDevices(fleet(), q({ statuses: ['ok'] }));
    expect(page.counts).toEqual({ alarm: 6, problem: 4, inactive: 5, ok: 30 });
  });

  test('toggling adds and removes a status and goes back to the first page', () => {
    const on = toggleStatus(q({ page: 2 }), 'ok');
    expect(on).toMatchObject({ statuses: ['ok'], page: 0 });
    expect(toggleStatus(toggleStatus(on, 'alarm'), 'ok').statuses).toEqual(['alarm']);
  });
});

describe('sorting', () => {
  const rows = fleet().map(toRow);
  test('by status: alarm, problem, inactive, ok; then by name', () => {
    const sorted = sortRows(rows, 'status', 'asc');
    expect(sorted.slice(0, 6).map((r) => r.status)).toEqual(Array(6).fill('alarm'));
    expect(sorted[6]?.status).toBe('problem');
    expect(sorted[10]?.status).toBe('inactive');
    expect(sorted.at(-1)?.status).toBe('ok');
    expect(ids(sorted.slice(0, 3))).toEqual([31, 32, 33]);
    expect(sortRows(rows, 'status', 'desc')[0]?.status).toBe('ok');
  });

  test('by name with numbers in natural order, both directions', () => {
    const few = [
      unit(1, { UnitName: 'Pump 10' }),
      unit(2, { UnitName: 'pump 9' }),
      unit(3, { UnitName: 'Boiler' }),
    ].map(toRow);
    expect(ids(sortRows(few, 'name', 'asc'))).toEqual([3, 2, 1]);
    expect(ids(sortRows(few, 'name', 'desc'))).toEqual([1, 2, 3]);
  });

  test('by location, ties by name', () => {
    const few = [
      unit(1, { UnitName: 'B', UnitLocation: 'North' }),
      unit(2, { UnitName: 'A', UnitLocation: 'North' }),
      unit(3, { UnitName: 'C', UnitLocation: 'Harbour' }),
    ].map(toRow);
    expect(ids(sortRows(few, 'location', 'asc'))).toEqual([3, 2, 1]);
    expect(ids(sortRows(few, 'location', 'desc'))).toEqual([2, 1, 3]);
  });

  test('sorting by the current column flips the direction, another column starts ascending', () => {
    expect(sortBy(q({ sort: 'name', dir: 'asc', page: 1 }), 'name')).toMatchObject({
      sort: 'name',
      dir: 'desc',
      page: 0,
    });
    expect(sortBy(q({ sort: 'name', dir: 'desc' }), 'location')).toMatchObject({
      sort: 'location',
      dir: 'asc',
    });
  });
});

describe('paging', () => {
  test(`${UNITS_PER_PAGE} units per page`, () => {
    expect(UNITS_PER_PAGE).toBe(20);
    const first = queryDevices(fleet(), q({ sort: 'name' }));
    expect(first.rows).toHaveLength(20);
    expect(first).toMatchObject({ page: 0, pageCount: 3, from: 1, to: 20, matched: 45 });
    const last = queryDevices(fleet(), q({ sort: 'name', page: 2 }));
    expect(last.rows).toHaveLength(5);
    expect(last).toMatchObject({ from: 41, to: 45 });
  });

  test('a page beyond the end shows the last page', () => {
    const page = queryDevices(fleet(), q({ statuses: ['problem'], page: 7 }));
    expect(page).toMatchObject({ page: 0, pageCount: 1, from: 1, to: 4 });
  });

  test('counts the active alarms of the matching units', () => {
    expect(queryDevices(fleet(), q()).activeAlarms).toBe(6 * 2 + 4);
    expect(queryDevices(fleet(), q({ statuses: ['problem'] })).activeAlarms).toBe(4);
    expect(queryDevices(fleet(), q({ statuses: ['ok'] })).activeAlarms).toBe(0);
  });

  test('nothing matching gives one empty page', () => {
    expect(queryDevices(fleet(), q({ q: 'no such unit' }))).toMatchObject({
      rows: [],
      matched: 0,
      pageCount: 1,
      from: 0,
      to: 0,
    });
  });
});

describe('URL query', () => {
  test('round-trips, leaving defaults out', () => {
    const query = q({ q: 'pump', statuses: ['problem', 'alarm'], sort: 'location', dir: 'desc', page: 2 });
    const params = toSearchParams(query);
    expect(params.toString()).toBe('q=pump&status=alarm%2Cproblem&sort=location&dir=desc&page=3');
    expect(parseQuery(params)).toEqual({ ...query, statuses: ['alarm', 'problem'] });
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe('');
  });

  test('ignores malformed values', () => {
    expect(parseQuery(new URLSearchParams('status=alarm,bogus&sort=colour&dir=up&page=-4'))).toEqual(
      q({ statuses: ['alarm'] }),
    );
  });
});

function alarmOf(type: number, time = '2024-01-01 00:00:00') {
  return { AlarmID: 1, AlarmType: type, AlarmEventText: '', AlarmEventTime: time, ChannelID: 1 };
}
