import { fireEvent, screen } from '@testing-library/react';
import type { FakeReply } from '@fieldwatch/shared/testing';
import RelayWidget, { hasRelay } from '../../src/widgets/relay';
import { flush, renderWidget, unit } from './lists.harness';

// 21 = CNL1 (switch, has a relay), 1 = X1 (resistance, none)
const fleet = () => [unit(1, { UnitName: 'Gate', UnitType: 21 }), unit(2, { UnitName: 'Valve B', UnitType: 209 }), unit(3, { UnitName: 'Probe', UnitType: 1 })];
const relay = (id: number, state = 'initializing', on = false) => ({ unitId: id, state, on, updatedAt: '2026-01-10T10:00:00.000Z' });

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
    await flush();
    expect(toasts).toEqual([{ kind: 'danger', message: 'Error updating relay of Gate', raw: true }]);
    expect(screen.getAllByTestId('relay-row')[0]!.getAttribute('data-state')).toBe('error');
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
