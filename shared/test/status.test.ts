import { matchesStatusFilter, unitStatus, worstStatus, alarmEventStatus, INACTIVE_UNIT_MARKER } from '../src';

const unit = (name: string, types: Array<number | string | null> = []) => ({
  UnitName: name,
  AlarmEvents: types.map((AlarmType) => ({ AlarmType })),
});

describe('unit status (spec §4)', () => {
  test('inactive when the name carries the not-installed marker, whatever the alarms', () => {
    expect(unitStatus(unit(`Pump 3 ${INACTIVE_UNIT_MARKER}`, [19, 4]))).toBe('inactive');
    expect(unitStatus(unit('ej installerad – spare'))).toBe('inactive');
  });
  test('problem when any alarm event is a communication error (19)', () => {
    expect(unitStatus(unit('Pump', [4, 19]))).toBe('problem');
    expect(unitStatus(unit('Pump', ['19']))).toBe('problem');
  });
  test('alarm when any event has a non-negative numeric type', () => {
    expect(unitStatus(unit('Pump', [0]))).toBe('alarm');
    expect(unitStatus(unit('Pump', ['28']))).toBe('alarm');
  });
  test('ok without alarms, or with only negative / non-numeric types', () => {
    expect(unitStatus(unit('Pump'))).toBe('ok');
    expect(unitStatus(unit('Pump', [-1, 'x', null, '']))).toBe('ok');
  });
  test('single alarm event: problem for communication error, else alarm', () => {
    expect(alarmEventStatus(19)).toBe('problem');
    expect(alarmEventStatus(3)).toBe('alarm');
  });
  test('one status for many: alarm, then problem, then inactive, else ok', () => {
    expect(worstStatus(['ok', 'inactive', 'problem', 'alarm'])).toBe('alarm');
    expect(worstStatus(['ok', 'inactive', 'problem'])).toBe('problem');
    expect(worstStatus(['ok', 'inactive'])).toBe('inactive');
    expect(worstStatus([])).toBe('ok');
  });
  test('status filter: none or all chosen means no filtering', () => {
    expect(matchesStatusFilter('ok', [])).toBe(true);
    expect(matchesStatusFilter('ok', ['alarm', 'inactive', 'ok', 'problem'])).toBe(true);
    expect(matchesStatusFilter('ok', ['alarm'])).toBe(false);
    expect(matchesStatusFilter('alarm', ['alarm', 'problem'])).toBe(true);
  });
});
