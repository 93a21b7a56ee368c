import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Bus, Relay } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import type { FakeReply } from '@fieldwatch/shared/testing';
import RelayWidget, { hasRelay } from '../../src/widgets/relay';
import type { WidgetProps } from '../../src/widgets/kit/widget-contract';
import { flush, renderWidget, unit } from './lists.harness';

// 21 = CNL1 (switch, has a relay), 1 = X1 (resistance, none)
const fleet = () => [unit(1, { UnitName: 'Gate', UnitType: 21 }), unit(2, { UnitName: 'Valve B', UnitType: 209 }), unit(3, { UnitName: 'Probe', UnitType: 1 })];
const relay = (id: number, state = 'initializing', on = false, commandId: number | null = null) => ({
  unitId: id,
  state,
  on,
  updatedAt: '2026-01-10T10:00:00.000Z',
  commandId,
});

/** The relay widget, and the bus it listens on (where the shell puts pushed relay states). */
const seen: { bus?: Bus } = {};
function RelayWithBus(props: WidgetProps) {
  seen.bus = useRemote().bus;
  return <RelayWidget {...props} />;
}
const confirmDialog = () => screen.getByTestId('relay-confirm');
const confirm = () => fireEvent.click(within(confirmDialog()).getByTestId('confirm-dialog-confirm'));

function server(post: (id: number) => FakeReply) {
  return (method: string, url: string): FakeReply => {
    const id = Number(/devices\/(\d+)\/relay/.exec(url)?.[1]);
    if (method === 'GET') return { status: 200, body: { data: relay(id, id === 2 ? 'pending' : 'initializing', id === 2) } };
    return post(id);
  };
}

describe('relay widget', () => {
  test('lists the units with a relay, their state and on/off', async () => {
    expect(hasRelay(21) && hasRelay(209) && !hasRelay(1)).toBe(true);
    renderWidget(RelayWidget, { units: fleet(), handler: server(() => ({ status: 200 })) });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await flush();
    const rows = screen.getAllByTestId('relay-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Gate');
    expect(rows[0]!.textContent).toContain('Initializing');
    expect(rows[0]!.textContent).toContain('Off');
    expect(rows[1]!.textContent).toContain('Pending');
    expect(rows[1]!.textContent).toContain('On');
  });

  test('a writer switches; the answer shows', async () => {
    const { toasts } = renderWidget(RelayWidget, {
      units: fleet(),
      handler: server((id) => ({ status: 200, body: { data: relay(id, 'pending', true) } })),
    });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Switch on the relay of Gate' }));
    confirm();
    await flush();
    expect(screen.getAllByTestId('relay-row')[0]!.textContent).toContain('Pending');
    expect(toasts).toEqual([expect.objectContaining({ kind: 'success' })]);
  });

  test('409 "Error updating relay" is a danger toast and the row shows error', async () => {
    const { toasts } = renderWidget(RelayWidget, {
      units: fleet(),
      handler: server(() => ({ status: 409, body: { message: 'Error updating relay' } })),
    });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Reset the relay of Gate' }));
    confirm();
    await flush();
    expect(toasts).toEqual([{ kind: 'danger', message: 'Error updating relay of Gate', raw: true }]);
    expect(screen.getAllByTestId('relay-row')[0]!.getAttribute('data-state')).toBe('error');
  });

  test('asks before switching, naming the unit; cancelling sends nothing', async () => {
    const posts: number[] = [];
    renderWidget(RelayWidget, {
      units: fleet(),
      handler: server((id) => {
        posts.push(id);
        return { status: 200, body: { data: relay(id, 'pending', false, 7) } };
      }),
    });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Switch off the relay of Valve B' }));
    expect(confirmDialog().textContent).toContain('Switch the relay off?');
    expect(confirmDialog().textContent).toContain('The relay of Valve B will be switched off');
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(screen.queryByTestId('relay-confirm')).toBeNull();
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset the relay of Gate' }));
    expect(confirmDialog().textContent).toContain('will be reset');
    confirm();
    await flush();
    expect(posts).toEqual([1]);
    expect(screen.queryByTestId('relay-confirm')).toBeNull();
  });

  test('follows the relay states the server pushes: pending → on, then error', async () => {
    renderWidget(RelayWithBus, { units: fleet(), handler: server(() => ({ status: 200, body: { data: relay(1, 'pending', true, 5) } })) });
    await flush();
    const gate = () => screen.getAllByTestId('relay-row')[0]!;
    expect(gate().getAttribute('data-state')).toBe('initializing');
    const push = (r: Relay) => act(() => seen.bus!.emit('unit:relay', r));
    push({ unitId: 1, state: 'pending', on: true, updatedAt: '2026-01-10T10:01:00.000Z', commandId: 5 });
    expect(gate().getAttribute('data-state')).toBe('pending');
    push({ unitId: 1, state: 'on', on: true, updatedAt: '2026-01-10T10:01:04.000Z', commandId: 5 });
    expect(gate().getAttribute('data-state')).toBe('on');
    expect(within(gate()).getByTestId('relay-state').textContent).toBe('On');
    expect(screen.getByRole('button', { name: 'Switch off the relay of Gate' })).toBeTruthy();
    push({ unitId: 1, state: 'error', on: false, updatedAt: '2026-01-10T10:05:00.000Z', commandId: 6 });
    expect(gate().getAttribute('data-state')).toBe('error');
    expect(within(gate()).getByTestId('relay-state').textContent).toBe('Error');
    // another unit's relay leaves the rows alone
    push({ unitId: 99, state: 'on', on: true, updatedAt: '2026-01-10T10:06:00.000Z', commandId: 8 });
    expect(screen.getAllByTestId('relay-row')).toHaveLength(2);
  });

  test('readers see the states only', async () => {
    renderWidget(RelayWidget, { units: fleet(), readOnly: true, user: { userType: 2 }, handler: server(() => ({ status: 403 })) });
    await flush();
    expect(screen.getAllByTestId('relay-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Switch/ })).toBeNull();
    expect(screen.getByText('Read only: your role cannot switch relays.')).toBeTruthy();
  });

  test('selected units narrow the list', async () => {
    renderWidget(RelayWidget, { units: fleet(), bindings: { units: [2, 3] }, handler: server(() => ({ status: 200 })) });
    await flush();
    expect(screen.getAllByTestId('relay-row')).toHaveLength(1);
  });

  test('error with retry; empty; speaks Swedish', async () => {
    const a = renderWidget(RelayWidget, { units: fleet(), handler: () => ({ status: 500, body: { message: 'boom' } }) });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Could not load the relays');
    a.unmount();
    const b = renderWidget(RelayWidget, { units: [unit(3)] });
    expect(screen.getByText('No units with a relay')).toBeTruthy();
    b.unmount();
    renderWidget(RelayWidget, { units: fleet(), lng: 'sv', handler: server(() => ({ status: 200 })) });
    await flush();
    expect(screen.getAllByTestId('relay-row')[0]!.textContent).toContain('Initierar');
  });
});
