import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortChannel, UnitPorts } from '@fieldwatch/shared';
import type { FakeHandler } from '@fieldwatch/shared/testing';
import { PortsTab } from '../../src/features/unit/tabs/ports/PortsTab';
import { props, renderTab, UNIT_ID } from './helpers';

const channels: PortChannel[] = [
  { channelNo: 1, kind: 'analog', name: 'Level', unitOfMeasure: 'm', factor: 1, offset: 0 },
  { channelNo: 2, kind: 'pt', name: 'Temperature', unitOfMeasure: '°C', factor: 0.1, offset: -40 },
  { channelNo: 3, kind: 'switch', name: 'Lid', unitOfMeasure: '', factor: 1, offset: 0 },
  { channelNo: 4, kind: 'channel', name: 'Battery voltage', unitOfMeasure: 'V', factor: 1, offset: 0 },
];
const ports = (over: Partial<UnitPorts> = {}): UnitPorts => ({ unitId: UNIT_ID, revision: 3, channels, ...over });
const portsUrl = `/api/v3/device/devices/${UNIT_ID}/channels`;

function server(write?: FakeHandler): FakeHandler {
  return (method, url, body) => {
    if (method === 'GET' && url === portsUrl) return { status: 200, body: { data: ports() } };
    if (write) return write(method, url, body);
    return { status: 404, body: { message: 'Not found' } };
  };
}

/** A server that stores what a PUT sends, as the real one answers it. */
const accepting: FakeHandler = (method, url, body) => {
  const m = /\/channels\/(\d+)$/.exec(url);
  if (method !== 'PUT' || !m) return { status: 404 };
  const n = Number(m[1]);
  const b = body as Partial<PortChannel>;
  return {
    status: 200,
    body: { data: ports({ revision: 4, channels: channels.map((c) => (c.channelNo === n ? { ...c, ...b, channelNo: n } : c)) }) },
  };
};

const field = (name: string, channel: number) => screen.getByLabelText(`${name} of channel ${channel}`);

describe('port settings tab', () => {
  test('lists each channel with its kind, name, unit of measure, scaling and a preview', async () => {
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server() });
    await screen.findByTestId('channel-2');
    expect(field('Kind', 2)).toHaveProperty('value', 'pt');
    expect(field('Name', 2)).toHaveProperty('value', 'Temperature');
    expect(field('Unit of measure', 2)).toHaveProperty('value', '°C');
    expect(field('Factor', 2)).toHaveProperty('value', '0.1');
    expect(field('Offset', 2)).toHaveProperty('value', '-40');
    // A channel without stored scaling: factor 1, offset 0.
    expect(field('Factor', 1)).toHaveProperty('value', '1');
    expect(field('Offset', 1)).toHaveProperty('value', '0');
    // The unit's own measurement keeps its kind: shown, not offered.
    expect(within(screen.getByTestId('channel-4')).getByText('Measurement')).toBeTruthy();
    expect(screen.queryByLabelText('Kind of channel 4')).toBeNull();
    // The preview scales the raw reading (10 by default) with the shared rule: 10 × 0.1 − 40.
    expect(screen.getByTestId('preview-2').textContent).toBe('-39 °C');
    expect(screen.getByTestId('preview-1').textContent).toBe('10 m');
    expect(screen.getByTestId('preview-3').textContent).toBe('On');
    expect(calls.some((c) => c.url === portsUrl)).toBe(true);
  });

  test('the preview follows the raw reading and the scaling being typed', async () => {
    renderTab(<PortsTab {...props()} />, { handler: server() });
    await screen.findByTestId('channel-1');
    fireEvent.change(screen.getByLabelText('Raw reading for the preview'), { target: { value: '4' } });
    fireEvent.change(field('Factor', 1), { target: { value: '2,5' } });
    fireEvent.change(field('Offset', 1), { target: { value: '-1' } });
    expect(screen.getByTestId('preview-1').textContent).toBe('9 m');
    fireEvent.change(field('Factor', 1), { target: { value: '0' } });
    expect(screen.getByTestId('preview-1').textContent).toBe('—');
  });

  test('kind, name and scaling go in one write with the settings revision', async () => {
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server(accepting) });
    await screen.findByTestId('channel-1');
    fireEvent.change(field('Kind', 1), { target: { value: 'formula' } });
    fireEvent.change(field('Name', 1), { target: { value: ' Basin level ' } });
    fireEvent.change(field('Factor', 1), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));

    expect(await screen.findByText('Channel Basin level saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`${portsUrl}/1`);
    expect(put?.body).toEqual({ kind: 'formula', name: 'Basin level', factor: 2.5, revision: 3 });
    await waitFor(() => expect(field('Kind', 1)).toHaveProperty('value', 'formula'));
  });

  test('a switch takes no unit or scaling; a PT offers temperature units', async () => {
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server(accepting) });
    await screen.findByTestId('channel-1');
    fireEvent.change(field('Factor', 1), { target: { value: '3' } });
    fireEvent.change(field('Kind', 1), { target: { value: 'switch' } });
    expect(field('Unit of measure', 1)).toHaveProperty('value', '');
    expect(field('Unit of measure', 1)).toHaveProperty('disabled', true);
    expect(field('Factor', 1)).toHaveProperty('value', '1');
    expect(field('Factor', 1)).toHaveProperty('disabled', true);
    fireEvent.change(field('Kind', 1), { target: { value: 'pt' } });
    expect(field('Unit of measure', 1)).toHaveProperty('value', '°C');
    expect(within(field('Unit of measure', 1)).getAllByRole('option').map((o) => o.textContent)).toEqual(['°C', '°F', 'K']);
    fireEvent.change(field('Unit of measure', 1), { target: { value: 'K' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));
    await screen.findByText('Channel Level saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ kind: 'pt', unitOfMeasure: 'K', revision: 3 });
  });

  test('the shared rule refuses before sending; a failed write says so and keeps the input', async () => {
    const write: FakeHandler = () => ({ status: 500, body: { message: 'boom' } });
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server(write) });
    await screen.findByTestId('channel-1');
    fireEvent.change(field('Factor', 1), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));
    expect(await screen.findByText('Enter a factor: a number other than 0, e.g. 1 or 0.5.')).toBeTruthy();
    expect(field('Factor', 1).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(field('Factor', 1), { target: { value: '1' } });
    fireEvent.change(field('Name', 1), { target: { value: 'Sump' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));
    expect(await screen.findByText(/Couldn't save the channel/)).toBeTruthy();
    expect(field('Name', 1)).toHaveProperty('value', 'Sump');
  });

  test('a stale settings revision offers a reload and keeps the scaling typed', async () => {
    const write: FakeHandler = () => ({ status: 409, body: { message: 'changed' } });
    renderTab(<PortsTab {...props()} />, { handler: server(write) });
    await screen.findByTestId('channel-2');
    fireEvent.change(field('Offset', 2), { target: { value: '-39.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 2' }));
    expect(await screen.findByText(/changed elsewhere/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(field('Offset', 2)).toHaveProperty('value', '-39.5');
  });

  test('a Reader sees the values only', async () => {
    renderTab(<PortsTab {...props({ canEdit: false })} />, { handler: server() });
    const row = await screen.findByTestId('channel-2');
    expect(within(row).getByText('Temperature')).toBeTruthy();
    expect(within(row).getByText('PT (temperature)')).toBeTruthy();
    expect(within(row).getByText('-40')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save channel/ })).toBeNull();
  });
});
