/**
 * The unit page's header: each active alarm says whether it is new or who acknowledged it, with
 * Acknowledge and Reset (not for Readers); an acknowledgement made elsewhere arrives by push and
 * changes the header in place, a reset one leaves it.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, USER_TYPES, type AlarmActionResult, type AlarmChange } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { customers } from '../fixtures';
import { details, renderUnit, unitServer } from './unit-fixtures';

const change = (state: AlarmChange['state']): AlarmChange => ({
  alarmId: 91,
  unitId: 7,
  organizationId: 10,
  channelId: 2,
  alarmType: 4,
  state,
  acknowledgedBy: 'demo.user',
  acknowledgedAt: '2024-05-01 10:05:00',
  clearedBy: state === 'clearedAcknowledged' ? 'demo.user' : null,
  clearedAt: state === 'clearedAcknowledged' ? '2024-05-01 10:06:00' : null,
  kind: state === 'clearedAcknowledged' ? 'reset' : 'acknowledged',
  by: 'demo.user',
  at: '2024-05-01 10:05:00',
});

beforeEach(() => {
  sessionStore.setState({ user: demoUser, customers, selectedCustomers: [10, 11], refreshKey: 0, dashboards: [] });
});

test('a new alarm offers Acknowledge and Reset; acknowledging shows who at once', async () => {
  const posted: unknown[] = [];
  renderUnit(
    '/devicemanagement/7',
    unitServer((method, url, body) => {
      if (method !== 'POST' || url !== '/api/v3/alarms/91/actions') return undefined;
      posted.push(body);
      const result: AlarmActionResult = {
        action: 'acknowledge',
        by: 'demo.super',
        at: '2024-05-01 10:05:00',
        alarms: [{ ...change('activeAcknowledged'), acknowledgedBy: 'demo.super', changed: true }],
      };
      return { status: 200, body: { data: result } };
    }),
  );
  const alarms = await screen.findByTestId('unit-alarms');
  expect(within(alarms).getByTestId('alarm-state').textContent).toBe('New');
  expect(within(alarms).getByRole('button', { name: 'Reset Loop alarm on Pump 07' })).toBeTruthy();
  fireEvent.click(within(alarms).getByRole('button', { name: 'Acknowledge Loop alarm on Pump 07' }));
  await waitFor(() => expect(within(alarms).getByTestId('alarm-acknowledged').textContent).toContain('Acknowledged by demo.super'));
  expect(posted).toEqual([{ action: 'acknowledge' }]);
  expect(within(alarms).queryByTestId('alarm-acknowledge')).toBeNull();
  // Still active: still counted on the unit.
  expect(alarms.textContent).toContain('1 active alarm');
});

test('changes made elsewhere arrive by push: acknowledged, then reset (it leaves the header)', async () => {
  const { props } = renderUnit('/devicemanagement/7', unitServer());
  const alarms = await screen.findByTestId('unit-alarms');
  act(() => props.bus.emit('alarms:changed', change('activeAcknowledged')));
  await waitFor(() => expect(within(alarms).getByTestId('alarm-acknowledged').textContent).toContain('demo.user'));
  act(() => props.bus.emit('alarms:changed', change('clearedAcknowledged')));
  await waitFor(() => expect(screen.getByTestId('unit-alarms').textContent).not.toContain('Loop alarm'));
});

test('Readers see the state and no buttons', async () => {
  sessionStore.setState({ user: { ...demoUser, userType: USER_TYPES.Reader } });
  renderUnit(
    '/devicemanagement/7',
    unitServer(undefined, details({ AlarmEvents: [{ ...details().AlarmEvents[0]!, AcknowledgedBy: 'ann', AcknowledgedAt: '2024-05-01 10:01:00' }] })),
  );
  const alarms = await screen.findByTestId('unit-alarms');
  expect(within(alarms).getByTestId('alarm-acknowledged').textContent).toContain('Acknowledged by ann');
  expect(within(alarms).queryAllByRole('button')).toEqual([]);
});
