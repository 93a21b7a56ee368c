import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ChannelLimits, fillLevels } from '@fieldwatch/shared';
import type { FakeHandler } from '@fieldwatch/shared/testing';
import { AlarmTab } from '../../src/features/unit/tabs/alarm/AlarmTab';
import { details, props, renderTab, settingsDoc, UNIT_ID } from './helpers';

const limitsOf = (n: number, name: string, kind: ChannelLimits['limitKind']): ChannelLimits => ({
  unitId: UNIT_ID,
  channelNo: n,
  channelName: name,
  limitKind: kind,
  levels: fillLevels(n === 1 ? [{ level: 1, low: 0.5, high: 4, enabled: true }] : []),
  alarmTypes: [],
});

/** A server with the unit's limits and settings; `put` answers the limit writes. */
function server(put?: FakeHandler): FakeHandler {
  return (method, url, body) => {
    if (method === 'GET' && url === `/api/v3/device/devices/${UNIT_ID}/channels/1/limits`)
      return { status: 200, body: { data: limitsOf(1, 'Level', 'analog') } };
    if (method === 'GET' && url === `/api/v3/device/devices/${UNIT_ID}/channels/3/limits`)
      return { status: 200, body: { data: limitsOf(3, 'Battery voltage', 'battery') } };
    if (method === 'GET' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/settings`)
      return { status: 200, body: { data: settingsDoc() } };
    if (put) return put(method, url, body);
    return { status: 404, body: { message: 'Not found' } };
  };
}

describe('alarm tab', () => {
  test('shows the limits of each channel that has limits, and its current alarm state', async () => {
    const unit = details({
      AlarmEvents: [
        {
          AlarmID: 5,
          AlarmType: 11,
          AlarmEventText: 'Value 5 m above high limit 4 m (level 1)',
          AlarmEventTime: '2026-11-26 10:00:00',
          ChannelID: 1,
        },
      ],
    });
    const { calls } = renderTab(<AlarmTab {...props({ details: unit })} />, { handler: server() });

    const level = await screen.findByTestId('limits-1');
    expect(within(level).getByText('Level (m)')).toBeTruthy();
    expect(await within(level).findByLabelText('Level: level 1 low limit')).toHaveProperty('value', '0.5');
    expect(within(level).getByLabelText('Level: level 1 high limit')).toHaveProperty('value', '4');
    expect(within(level).getByLabelText('Level: level 2 high limit')).toHaveProperty('value', '');
    expect(within(screen.getByTestId('alarm-state-1')).getByText('Analogue high level 1')).toBeTruthy();
    // Battery voltage has limits (battery); signal strength has none and is not asked for.
    expect(await screen.findByTestId('limits-3')).toBeTruthy();
    expect(within(screen.getByTestId('alarm-state-3')).getByText('No active alarm')).toBeTruthy();
    expect(screen.queryByTestId('limits-2')).toBeNull();
    expect(calls.some((c) => c.url.includes('/channels/2/'))).toBe(false);
    // The alarm settings: on, repeated every 60 minutes.
    expect(await screen.findByLabelText('Alarms enabled')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Repeat interval')).toHaveProperty('value', '60');
  });

  test('saving a level sends that level (an emptied limit as null), says so and asks for the alarm state again', async () => {
    const put: FakeHandler = (method, url, body) => {
      if (method === 'PUT' && url === `/api/v3/device/devices/${UNIT_ID}/channels/1/limits`) {
        const l = (body as { levels: Array<{ level: 1; low: number | null; high: number | null }> })
          .levels[0]!;
        return {
          status: 200,
          body: {
            data: { ...limitsOf(1, 'Level', 'analog'), levels: fillLevels([{ ...l, enabled: true }]) },
            message: 'Alarm limit level updated successfully',
          },
        };
      }
      return { status: 404 };
    };
    const { calls, queryClient } = renderTab(<AlarmTab {...props()} />, { handler: server(put) });
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const low = await screen.findByLabelText('Level: level 1 low limit');
    fireEvent.change(low, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Level: level 1 high limit'), { target: { value: '3,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Level level 1' }));

    expect(await screen.findByText('Alarm limit level updated successfully')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'PUT');
    // What changed only (an emptied limit as null); the untouched `enabled` keeps its stored value.
    expect(sent?.body).toEqual({ levels: [{ level: 1, low: null, high: 3.5 }] });
    expect(screen.getByLabelText('Level: level 1 low limit')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Level: level 1 high limit')).toHaveProperty('value', '3.5');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['unit', UNIT_ID, 'details'] });
  });

  test('a refused change says the spec text and keeps what the user typed', async () => {
    const put: FakeHandler = () => ({
      status: 400,
      body: {
        message: 'Something went wrong when updating the Alarm Limit Level: level 2 low must be a number',
        code: 'validation',
      },
    });
    const { bus } = (() => {
      const r = renderTab(<AlarmTab {...props()} />, { handler: server(put) });
      return { bus: r.props.bus };
    })();
    const toasts: unknown[] = [];
    bus.on('toast', (t) => toasts.push(t));
    fireEvent.change(await screen.findByLabelText('Level: level 2 low limit'), { target: { value: '1' } });
    // Enter saves the level as the button does.
    fireEvent.keyDown(screen.getByLabelText('Level: level 2 low limit'), { key: 'Enter' });
    expect(await screen.findByText('Something went wrong when updating the Alarm Limit Level')).toBeTruthy();
    expect(screen.getByLabelText('Level: level 2 low limit')).toHaveProperty('value', '1');
    expect(toasts).toEqual([
      expect.objectContaining({
        kind: 'danger',
        message: 'Something went wrong when updating the Alarm Limit Level',
      }),
    ]);
  });

  test('a low limit above the high limit is caught before sending', async () => {
    const { calls } = renderTab(<AlarmTab {...props()} />, { handler: server() });
    fireEvent.change(await screen.findByLabelText('Level: level 1 low limit'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Level level 1' }));
    expect(await screen.findByText('The low limit must not be above the high limit.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Level: level 1 low limit'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Level level 1' }));
    expect(await screen.findByText('Enter a number, or leave the field empty for no limit.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('turning alarms off saves the settings document with its revision; a stale revision offers a reload', async () => {
    let revision = 3;
    const put: FakeHandler = (method, url, body) => {
      if (method === 'PUT' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/settings`) {
        const b = body as { revision: number; settings: Record<string, unknown> };
        if (b.revision !== revision)
          return { status: 409, body: { message: 'The settings were changed by someone else' } };
        revision += 1;
        return { status: 200, body: { data: settingsDoc({ revision, settings: b.settings as never }) } };
      }
      return { status: 404 };
    };
    const { calls } = renderTab(<AlarmTab {...props()} />, { handler: server(put) });
    fireEvent.click(await screen.findByLabelText('Alarms enabled'));
    fireEvent.change(screen.getByLabelText('Repeat interval'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      revision: 3,
      settings: {
        general: { measureIntervalMin: 15, sendIntervalMin: 60, timezone: 'UTC' },
        alarm: { enabled: false, repeatMin: 30 },
      },
    });

    // Someone else saves meanwhile: the next save is refused and the user's input stays.
    revision = 9;
    fireEvent.change(await screen.findByLabelText('Repeat interval'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('settings-conflict')).toBeTruthy();
    expect(screen.getByLabelText('Repeat interval')).toHaveProperty('value', '45');
  });

  test('a Reader sees the limits and settings but no control that would be refused', async () => {
    renderTab(<AlarmTab {...props({ canEdit: false })} />, { handler: server() });
    const level = await screen.findByTestId('level-1-1');
    expect(await within(level).findByText('0.5 m')).toBeTruthy();
    expect(within(screen.getByTestId('level-1-2')).getAllByText('No limit')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Save level/ })).toBeNull();
    expect(within(screen.getByTestId('limits-1')).queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByTestId('settings-save')).toBeNull();
    expect(screen.getByLabelText('Repeat interval')).toHaveProperty('disabled', true);
  });
});
