import { QueryClient } from '@tanstack/react-query';
import { createBus } from '../src/bus';
import { addAlarmEventsToCache, trackAlarmChanges, ALARM_PATCH_DELAY_MS } from '../src/query/alarm-changes';
import { queryKeys } from '../src/query/keys';
import type { Unit } from '../src/api/types';
import type { FwEvent } from '../src/domain/events';

const unit = (id: number, alarms: number[] = []): Unit => ({
  UnitID: id,
  UnitName: `U${id}`,
  UnitLocation: '',
  UnitType: 1,
  UnitGPSLatitude: null,
  UnitGPSLongitude: null,
  CustomerID: 1,
  AlarmEvents: alarms.map((a) => ({ AlarmID: a, AlarmType: 2, AlarmEventText: '', AlarmEventTime: '2026-11-26 10:00:00', ChannelID: 1 })),
});
const event = (unitId: number, alarmId: number): FwEvent => ({
  id: `e${alarmId}`,
  created: '2026-11-26T10:00:00Z',
  version: '2',
  kind: 'event',
  type: 'alarm',
  title: 'x',
  category: 'notice',
  unitId,
  alarm: { type: 12, text: 'high', time: '2026-11-26 10:00:01', channelId: 3, id: alarmId },
});

describe('new alarms pushed into cached unit lists', () => {
  it('adds the alarm to its unit once, leaving other units and other lists unchanged', () => {
    const qc = new QueryClient();
    const key = queryKeys.devices([1]);
    const list = [unit(1), unit(2, [5])];
    qc.setQueryData(key, list);
    addAlarmEventsToCache(qc, [event(2, 7), event(2, 7)]);
    const after = qc.getQueryData<Unit[]>(key)!;
    expect(after[0]).toBe(list[0]);
    expect(after[1]!.AlarmEvents.map((a) => a.AlarmID)).toEqual([5, 7]);
    expect(after[1]!.AlarmEvents[1]).toMatchObject({ AlarmType: 12, ChannelID: 3, AlarmEventText: 'high' });
    addAlarmEventsToCache(qc, [event(2, 7)]);
    expect(qc.getQueryData<Unit[]>(key)).toBe(after);
  });

  it('ignores events that are not stored alarms', () => {
    const qc = new QueryClient();
    const key = queryKeys.devices([1]);
    const list = [unit(1)];
    qc.setQueryData(key, list);
    addAlarmEventsToCache(qc, [{ ...event(1, 1), alarm: undefined }, { ...event(1, 2), type: 'system' }]);
    expect(qc.getQueryData(key)).toBe(list);
  });

  it('a raise and its clearing in one batch leave the unit without the alarm', async () => {
    jest.useFakeTimers();
    const qc = new QueryClient();
    const bus = createBus();
    trackAlarmChanges(bus, qc);
    const key = queryKeys.devices([1]);
    qc.setQueryData(key, [unit(1)]);
    bus.emit('alarms:raised', event(1, 9));
    jest.advanceTimersByTime(ALARM_PATCH_DELAY_MS + 1);
    expect(qc.getQueryData<Unit[]>(key)![0]!.AlarmEvents.map((a) => a.AlarmID)).toEqual([9]);
    bus.emit('alarms:raised', event(1, 10));
    bus.emit('alarms:changed', { alarmId: 10, unitId: 1, organizationId: 1, channelId: 3, alarmType: 12, state: 'clearedAcknowledged', acknowledgedBy: null, acknowledgedAt: null, clearedBy: 'a', clearedAt: '2026-11-26 10:00:02', kind: 'reset', by: 'a', at: '2026-11-26 10:00:02' });
    jest.advanceTimersByTime(ALARM_PATCH_DELAY_MS + 1);
    expect(qc.getQueryData<Unit[]>(key)![0]!.AlarmEvents.map((a) => a.AlarmID)).toEqual([9]);
    jest.useRealTimers();
  });
});
