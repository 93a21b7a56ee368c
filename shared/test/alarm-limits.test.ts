import {
  ALARM_LIMIT_MESSAGES,
  crossingText,
  evaluateLimits,
  fillLevels,
  limitAlarmType,
  limitAlarmTypes,
  limitKindOf,
  validateLimits,
  type AlarmLimit,
  type LimitKind,
} from '../src';

const lim = (level: 1 | 2 | 3 | 4, low: number | null, high: number | null, enabled = true): AlarmLimit => ({
  level,
  low,
  high,
  enabled,
});

describe('alarm limits', () => {
  it('maps kind, level and side to the alarm types of spec §3', () => {
    expect(limitAlarmTypes('analog')).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(limitAlarmTypes('pt')).toEqual([20, 21, 22, 23, 24, 25, 26, 27]);
    expect(limitAlarmTypes('formula')).toEqual([39, 40, 41, 42]);
    expect(limitAlarmTypes('switch')).toEqual([29, 30, 31, 32]);
    expect(limitAlarmTypes('resistance')).toEqual([0, 1, 2, 3]);
    expect(limitAlarmTypes('loop')).toEqual([4]);
    expect(limitAlarmTypes('battery')).toEqual([28]);
    expect(limitAlarmType('analog', 3, 'low')).toBe(14);
    expect(limitAlarmType('analog', 3, 'high')).toBe(15);
    expect(limitAlarmType('pt', 4, 'high')).toBe(27);
    expect(limitAlarmType('formula', 2, 'low')).toBe(40);
    expect(limitAlarmType('switch', 1, 'high')).toBe(29);
    expect(limitAlarmType('resistance', 4, 'low')).toBe(3);
  });

  it('knows which channels have limits', () => {
    expect(limitKindOf('analog', 'Analogue 1')).toBe('analog');
    expect(limitKindOf('pt', 'PT 1')).toBe('pt');
    expect(limitKindOf('formula', 'Level formula 1')).toBe('formula');
    expect(limitKindOf('switch', 'Level switch 1')).toBe('switch');
    expect(limitKindOf('channel', 'Resistance 1')).toBe('resistance');
    expect(limitKindOf('channel', 'Loop resistance 1')).toBe('loop');
    expect(limitKindOf('channel', 'Battery voltage')).toBe('battery');
    expect(limitKindOf('channel', 'Signal strength')).toBeNull();
    expect(limitKindOf('channel', 'Internal temperature')).toBeNull();
  });

  it('raises the types of the crossed limits only, for enabled levels', () => {
    const alarmTypesFor = (kind: LimitKind, value: number, limits: AlarmLimit[]) => [
      ...new Set(evaluateLimits(kind, value, limits).map((c) => c.alarmType)),
    ];
    const limits = [lim(1, 4, 16), lim(2, 2, 18), lim(3, null, 19, false)];
    expect(alarmTypesFor('analog', 10, limits)).toEqual([]);
    expect(alarmTypesFor('analog', 16, limits)).toEqual([]); // equal does not cross
    expect(alarmTypesFor('analog', 17, limits)).toEqual([11]);
    expect(alarmTypesFor('analog', 25, limits)).toEqual([11, 13]); // level 3 disabled
    expect(alarmTypesFor('analog', 1, limits)).toEqual([10, 12]);
    expect(alarmTypesFor('pt', 1, limits)).toEqual([20, 22]);
    expect(alarmTypesFor('formula', 25, limits)).toEqual([39, 40]);
    expect(alarmTypesFor('switch', 3, [lim(1, null, 0.5)])).toEqual([29]);
    expect(alarmTypesFor('resistance', 0.5, [lim(4, 1, null)])).toEqual([3]);
    expect(alarmTypesFor('analog', Number.NaN, limits)).toEqual([]);
    expect(alarmTypesFor('analog', 100, [])).toEqual([]);
  });

  it('describes a crossing', () => {
    const [c] = evaluateLimits('analog', 17.5, [lim(2, 2, 16)]);
    expect(c).toEqual({ level: 2, side: 'high', limit: 16, alarmType: 13 });
    expect(crossingText(c!, 17.5, 'mA')).toBe('Value 17.5 mA above high limit 16 mA (level 2)');
  });

  it('validates levels and bounds', () => {
    expect(validateLimits([lim(1, 1, 2), { level: 2, low: null, high: 5 }])).toEqual([]);
    expect(validateLimits([{ level: 5 as never, low: 1, high: 2 }])).toEqual(['level must be 1, 2, 3 or 4']);
    expect(validateLimits([lim(1, 3, 2)])).toEqual(['level 1 low limit must not be above its high limit']);
    expect(validateLimits([lim(1, 1, 2), lim(1, 1, 2)])).toEqual(['level 1 is given twice']);
    expect(validateLimits([{ level: 1, low: Number.POSITIVE_INFINITY }])).toHaveLength(1);
  });

  it('fills the four levels and keeps the spec texts', () => {
    expect(fillLevels([lim(3, 1, 2)]).map((l) => [l.level, l.low, l.high])).toEqual([
      [1, null, null],
      [2, null, null],
      [3, 1, 2],
      [4, null, null],
    ]);
    expect(ALARM_LIMIT_MESSAGES.updated).toBe('Alarm limit level updated successfully');
    expect(ALARM_LIMIT_MESSAGES.failed).toBe('Something went wrong when updating the Alarm Limit Level');
  });
});
