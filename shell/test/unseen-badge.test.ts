import { api, bus } from '../src/platform';
import { startAlarmListener, stopAlarmListener, useAlarmListener } from '../src/features/session/session';

afterEach(() => {
  stopAlarmListener();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the unseen badge', () => {
  test("counts the selected customers' unseen notifications (the server's count), again on push, seen marks and a new selection", async () => {
    jest.useFakeTimers();
    let unseen = 7;
    const get = jest.spyOn(api, 'get').mockImplementation(async () => [{ unseen, critical: 1, byCustomer: {} }, false] as never);
    startAlarmListener();
    await jest.advanceTimersByTimeAsync(0);
    expect(get).toHaveBeenCalledWith('/api/v3/notifications/counts');
    expect(useAlarmListener.getState().unseen).toBe(7);

    // A burst of changes asks once.
    unseen = 0;
    bus.emit('notifications:changed');
    bus.emit('notifications:seen', { ids: ['a'], seen: '2026-11-26T10:00:00Z' });
    bus.emit('notifications:changed');
    await jest.advanceTimersByTimeAsync(200);
    expect(get).toHaveBeenCalledTimes(2);
    expect(useAlarmListener.getState().unseen).toBe(0);

    unseen = 3;
    bus.emit('customers:changed', [2]);
    await jest.advanceTimersByTimeAsync(200);
    expect(get).toHaveBeenCalledTimes(3);
    expect(useAlarmListener.getState().unseen).toBe(3);
  });

  test('a failed count keeps the last one; stopping clears it', async () => {
    jest.useFakeTimers();
    const get = jest.spyOn(api, 'get').mockResolvedValueOnce([{ unseen: 4, critical: 0, byCustomer: {} }, false] as never);
    startAlarmListener();
    await jest.advanceTimersByTimeAsync(0);
    expect(useAlarmListener.getState().unseen).toBe(4);
    get.mockResolvedValueOnce([null, true] as never);
    bus.emit('notifications:changed');
    await jest.advanceTimersByTimeAsync(200);
    expect(useAlarmListener.getState().unseen).toBe(4);
    stopAlarmListener();
    expect(useAlarmListener.getState().unseen).toBe(0);
  });
});
