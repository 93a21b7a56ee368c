import { queryKeys, type AlarmChange, type FwEvent, type Unit } from '@fieldwatch/shared';
import { startPush, stopPush } from '../src/features/session/push';
import { bus, queryClient, sessionStore } from '../src/platform';

/** A stand-in EventSource: the test dispatches server-sent events by name. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  closed = false;
  private readonly handlers = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, h: (e: MessageEvent) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), h]);
  }
  emit(name: string, data: unknown) {
    for (const h of this.handlers.get(name) ?? []) h({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

const event = (id: string): FwEvent =>
  ({ id, created: '2026-11-22T05:00:00Z', version: '2', kind: 'event', type: 'alarm', title: 'Battery', category: 'notice' }) as FwEvent;

describe('server push in the shell', () => {
  beforeAll(() => {
    (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
  });
  afterEach(() => stopPush());

  test('opens the stream with the session cookie and closes it on stop', () => {
    startPush();
    const es = FakeEventSource.last!;
    expect(es.url).toBe('/api/v3/events/stream');
    expect(es.init).toEqual({ withCredentials: true });
    stopPush();
    expect(es.closed).toBe(true);
  });

  test('new events go to the top of the store once; junk is ignored', () => {
    sessionStore.getState().setEvents([event('a')]);
    startPush();
    const es = FakeEventSource.last!;
    es.emit('event', event('b'));
    es.emit('event', event('b'));
    es.emit('event', 'not json');
    expect(sessionStore.getState().events.map((e) => e.id)).toEqual(['b', 'a']);
  });

  test('notifications re-count the badge; critical ones toast; tasks tell the lists', () => {
    const seen: string[] = [];
    const toasts: unknown[] = [];
    bus.on('notifications:changed', () => seen.push('changed'));
    bus.on('notifications:arrived', (n) => seen.push(`arrived ${n.id}`));
    bus.on('toast', (t) => toasts.push(t));
    bus.on('tasks:changed', (t) => seen.push(`task ${t.id} r${t.revision}`));
    startPush();
    const es = FakeEventSource.last!;
    es.emit('notification', { id: 'n1', priority: 'normal', message: 'Battery low' });
    es.emit('notification', { id: 'n2', priority: 'critical', message: 'Loop alarm at Pump 4' });
    es.emit('task', { id: 't1', revision: 3 });
    expect(seen).toEqual(['changed', 'arrived n1', 'changed', 'arrived n2', 'task t1 r3']);
    expect(toasts).toEqual([{ kind: 'danger', message: 'push.critical', params: { message: 'Loop alarm at Pump 4' } }]);
  });

  test('an alarm acknowledged elsewhere changes the cached unit list in place, with no alarm screen open', async () => {
    const unit = (id: number): Unit => ({
      UnitID: id,
      UnitName: `Pump ${id}`,
      UnitLocation: '',
      UnitType: 1,
      UnitGPSLatitude: null,
      UnitGPSLongitude: null,
      CustomerID: 10,
      AlarmEvents: [{ AlarmID: 50 + id, AlarmType: 4, AlarmEventText: '', AlarmEventTime: '2026-11-22 05:00:00', ChannelID: 1 }],
    });
    queryClient.setQueryData(queryKeys.devices([10]), [unit(1), unit(2)]);
    const heard: number[] = [];
    bus.on('alarms:changed', (c) => heard.push(c.alarmId));
    startPush();
    const change: AlarmChange = {
      alarmId: 51,
      unitId: 1,
      organizationId: 10,
      channelId: 1,
      alarmType: 4,
      state: 'activeAcknowledged',
      acknowledgedBy: 'demo.user',
      acknowledgedAt: '2026-11-22 05:10:00',
      clearedBy: null,
      clearedAt: null,
      kind: 'acknowledged',
      by: 'demo.user',
      at: '2026-11-22 05:10:00',
    };
    FakeEventSource.last!.emit('alarm', change);
    FakeEventSource.last!.emit('alarm', { ...change, alarmId: 52, unitId: 2, state: 'clearedUnacknowledged', kind: 'cleared' });
    FakeEventSource.last!.emit('alarm', 'not json');
    expect(heard).toEqual([51, 52]);
    await new Promise((r) => setTimeout(r, 150));
    const units = queryClient.getQueryData<Unit[]>(queryKeys.devices([10]))!;
    expect(units[0]!.AlarmEvents[0]).toMatchObject({ AlarmID: 51, AcknowledgedBy: 'demo.user', AcknowledgedAt: '2026-11-22 05:10:00' });
    expect(units[1]!.AlarmEvents).toEqual([]);
  });
});
