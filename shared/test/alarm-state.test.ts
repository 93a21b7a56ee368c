import {
  ALARM_ACTIONS,
  ALARM_REPEAT_MINUTES,
  ALARM_STATES,
  alarmActionsFor,
  alarmActivity,
  alarmStateOf,
  alarmTransition,
  applyAlarmChanges,
  asReminder,
  checkableLimitTypes,
  isNewAlarm,
  isRepeatDue,
  isValidActivity,
  readingClearsCommunicationError,
  readingClearsLimitAlarm,
  repeatMinutesOf,
  type AlarmChange,
  type AlarmLimit,
  type AlarmState,
  type AlarmStatus,
  type Unit,
} from '@fieldwatch/shared';

const AT = '2026-11-22T10:00:00.000Z';

describe('the state of an alarm: active/cleared × unacknowledged/acknowledged', () => {
  test('is made of its two facts', () => {
    expect(alarmStateOf({ active: true })).toBe('activeUnacknowledged');
    expect(alarmStateOf({ active: true, acknowledgedAt: null })).toBe('activeUnacknowledged');
    expect(alarmStateOf({ active: true, acknowledgedAt: AT })).toBe('activeAcknowledged');
    expect(alarmStateOf({ active: false, acknowledgedAt: '' })).toBe('clearedUnacknowledged');
    expect(alarmStateOf({ active: false, acknowledgedAt: AT })).toBe('clearedAcknowledged');
  });

  test('only an active alarm nobody acknowledged counts as new', () => {
    expect(isNewAlarm({ active: true })).toBe(true);
    expect(isNewAlarm({ active: true, acknowledgedAt: AT })).toBe(false);
    expect(isNewAlarm({ active: false })).toBe(false);
  });

  // The whole table: every state × every cause.
  const table: Array<[AlarmState, 'acknowledge' | 'reset' | 'clear', AlarmState | null, boolean, boolean]> = [
    // from, cause, to, acknowledges, clears
    ['activeUnacknowledged', 'acknowledge', 'activeAcknowledged', true, false],
    ['activeAcknowledged', 'acknowledge', null, false, false],
    ['clearedUnacknowledged', 'acknowledge', 'clearedAcknowledged', true, false],
    ['clearedAcknowledged', 'acknowledge', null, false, false],
    ['activeUnacknowledged', 'reset', 'clearedAcknowledged', true, true],
    ['activeAcknowledged', 'reset', 'clearedAcknowledged', false, true],
    ['clearedUnacknowledged', 'reset', null, false, false],
    ['clearedAcknowledged', 'reset', null, false, false],
    ['activeUnacknowledged', 'clear', 'clearedUnacknowledged', false, true],
    ['activeAcknowledged', 'clear', 'clearedAcknowledged', false, true],
    ['clearedUnacknowledged', 'clear', null, false, false],
    ['clearedAcknowledged', 'clear', null, false, false],
  ];
  test.each(table)('%s + %s → %s', (from, cause, to, acknowledges, clears) => {
    const t = alarmTransition(from, cause);
    if (to === null) return expect(t).toBeNull();
    expect(t).toMatchObject({ from, to, acknowledges, clears });
    expect(t!.kind).toBe(cause === 'acknowledge' ? 'acknowledged' : cause === 'reset' ? 'reset' : 'cleared');
  });

  test('acknowledging never ends an alarm; only its condition or a reset does', () => {
    for (const s of ALARM_STATES) {
      const t = alarmTransition(s, 'acknowledge');
      if (t) expect(t.clears).toBe(false);
    }
  });

  test('a person is offered exactly the actions that change the alarm', () => {
    expect(alarmActionsFor('activeUnacknowledged')).toEqual(['acknowledge', 'reset']);
    expect(alarmActionsFor('activeAcknowledged')).toEqual(['reset']);
    expect(alarmActionsFor('clearedUnacknowledged')).toEqual(['acknowledge']);
    expect(alarmActionsFor('clearedAcknowledged')).toEqual([]);
    for (const s of ALARM_STATES)
      for (const a of ALARM_ACTIONS) expect(alarmActionsFor(s).includes(a)).toBe(alarmTransition(s, a) !== null);
  });
});

describe('applying alarm changes to the units’ active alarms', () => {
  const status = (alarmId: number, unitId: number, state: AlarmState, by: string | null = null): AlarmStatus => ({
    alarmId,
    unitId,
    organizationId: 1,
    channelId: 1,
    alarmType: 11,
    state,
    acknowledgedBy: by,
    acknowledgedAt: by ? '2026-11-22 10:00:00' : null,
    clearedBy: null,
    clearedAt: null,
  });
  const unit = (id: number, alarmIds: number[]): Unit => ({
    UnitID: id,
    UnitName: `U${id}`,
    UnitLocation: '',
    UnitType: 1,
    UnitGPSLatitude: null,
    UnitGPSLongitude: null,
    CustomerID: 1,
    AlarmEvents: alarmIds.map((a) => ({
      AlarmID: a,
      AlarmType: 11,
      AlarmEventText: '',
      AlarmEventTime: '2026-11-22 09:00:00',
      ChannelID: 1,
    })),
  });

  test('an acknowledged alarm stays with who and when; a cleared one leaves; other units keep their identity', () => {
    const units = [unit(1, [10, 11]), unit(2, [20]), unit(3, [])];
    const next = applyAlarmChanges(units, [status(10, 1, 'activeAcknowledged', 'ann'), status(20, 2, 'clearedUnacknowledged')]);
    expect(next).not.toBe(units);
    expect(next[0]!.AlarmEvents.map((e) => [e.AlarmID, e.AcknowledgedBy])).toEqual([
      [10, 'ann'],
      [11, undefined],
    ]);
    expect(next[0]!.AlarmEvents[1]).toBe(units[0]!.AlarmEvents[1]);
    expect(next[1]!.AlarmEvents).toEqual([]);
    expect(next[2]).toBe(units[2]);
  });

  test('changes that change nothing (again, or of alarms the list does not hold) keep the very same list', () => {
    const units = [unit(1, [10])];
    const once = applyAlarmChanges(units, [status(10, 1, 'activeAcknowledged', 'ann')]);
    expect(applyAlarmChanges(once, [status(10, 1, 'activeAcknowledged', 'ann')])).toBe(once);
    expect(applyAlarmChanges(units, [status(99, 1, 'clearedAcknowledged'), status(5, 7, 'clearedAcknowledged')])).toBe(units);
    expect(applyAlarmChanges(units, [])).toBe(units);
  });
});

describe('clearing by condition', () => {
  const limits: AlarmLimit[] = [
    { level: 1, low: 4, high: 16, enabled: true },
    { level: 2, low: null, high: 18, enabled: false },
  ];
  const alarm = (alarmType: number, timeMs = 1000) => ({ alarmType, timeMs });

  test('the enabled limits say which limit alarms can be checked', () => {
    expect([...checkableLimitTypes('analog', limits)].sort()).toEqual([10, 11]);
  });

  test('a reading back inside the limit ends its alarm; one still across it does not', () => {
    expect(readingClearsLimitAlarm('analog', 10, limits, alarm(11), 2000)).toBe(true);
    expect(readingClearsLimitAlarm('analog', 17, limits, alarm(11), 2000)).toBe(false);
    // On the limit is not across it.
    expect(readingClearsLimitAlarm('analog', 16, limits, alarm(11), 2000)).toBe(true);
    // A low alarm ends when the value is back above the low limit, even above the high one.
    expect(readingClearsLimitAlarm('analog', 17, limits, alarm(10), 2000)).toBe(true);
  });

  test('an older reading, a broken value or a limit switched off end nothing', () => {
    expect(readingClearsLimitAlarm('analog', 10, limits, alarm(11, 3000), 2000)).toBe(false);
    expect(readingClearsLimitAlarm('analog', NaN, limits, alarm(11), 2000)).toBe(false);
    // Level 2 high (type 13) is switched off: its alarm stays until someone resets it.
    expect(readingClearsLimitAlarm('analog', 10, limits, alarm(13), 2000)).toBe(false);
  });

  test('a communication error ends with any reading of its unit from then on', () => {
    expect(readingClearsCommunicationError(alarm(19, 1000), 1000)).toBe(true);
    expect(readingClearsCommunicationError(alarm(19, 1000), 999)).toBe(false);
    expect(readingClearsCommunicationError(alarm(28, 1000), 5000)).toBe(false);
  });
});

describe('the repeat interval', () => {
  test('comes from the unit’s alarm settings, within bounds, and is off with the unit’s alarms', () => {
    expect(repeatMinutesOf({ alarm: { enabled: true, repeatMin: 5 } })).toBe(5);
    expect(repeatMinutesOf({})).toBe(ALARM_REPEAT_MINUTES.default);
    expect(repeatMinutesOf(null)).toBe(ALARM_REPEAT_MINUTES.default);
    expect(repeatMinutesOf({ alarm: { repeatMin: 0 } })).toBe(ALARM_REPEAT_MINUTES.default);
    expect(repeatMinutesOf({ alarm: { repeatMin: 1441 } })).toBe(ALARM_REPEAT_MINUTES.default);
    expect(repeatMinutesOf({ alarm: { repeatMin: 2.5 } })).toBe(ALARM_REPEAT_MINUTES.default);
    expect(repeatMinutesOf({ alarm: { repeatMin: '5' } })).toBe(ALARM_REPEAT_MINUTES.default);
    expect(repeatMinutesOf({ alarm: { enabled: false, repeatMin: 5 } })).toBeNull();
  });

  test('is due repeatMin minutes after the last notification, for new alarms only', () => {
    const t0 = Date.parse(AT);
    const fresh = { active: true, acknowledgedAt: null, notifiedAtMs: t0 };
    expect(isRepeatDue(fresh, 5, t0 + 5 * 60_000 - 1)).toBe(false);
    expect(isRepeatDue(fresh, 5, t0 + 5 * 60_000)).toBe(true);
    expect(isRepeatDue({ ...fresh, acknowledgedAt: AT }, 5, t0 + 3_600_000)).toBe(false);
    expect(isRepeatDue({ ...fresh, active: false }, 5, t0 + 3_600_000)).toBe(false);
    expect(isRepeatDue(fresh, null, t0 + 3_600_000)).toBe(false);
  });

  test('a reminder says so and counts', () => {
    expect(asReminder({ message: 'Battery low', id: 'n' }, 2)).toEqual({
      id: 'n',
      message: 'Still active, not acknowledged (reminder 2): Battery low',
      repeat: 2,
    });
  });
});

test('an alarm change is a valid task activity', () => {
  const change: AlarmChange = {
    alarmId: 5,
    unitId: 1,
    organizationId: 1,
    channelId: 1,
    alarmType: 11,
    state: 'activeAcknowledged',
    acknowledgedBy: 'ann',
    acknowledgedAt: '2026-11-22 10:00:00',
    clearedBy: null,
    clearedAt: null,
    kind: 'acknowledged',
    by: 'ann',
    at: '2026-11-22 10:00:00',
  };
  const a = alarmActivity(change, AT);
  expect(a).toEqual({
    date: AT,
    user: 'ann',
    type: 'alarm',
    alarm: { id: 5, unitId: 1, channelId: 1, alarmType: 11, kind: 'acknowledged', state: 'activeAcknowledged' },
  });
  expect(isValidActivity(a)).toBe(true);
  expect(isValidActivity({ ...a, alarm: { ...a.alarm, kind: 'exploded' } })).toBe(false);
  expect(isValidActivity({ ...a, alarm: undefined })).toBe(false);
});
