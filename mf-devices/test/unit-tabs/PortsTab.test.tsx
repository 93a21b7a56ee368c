import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FakeHandler } from '@fieldwatch/shared/testing';
import { PortsTab } from '../../src/features/unit/tabs/ports/PortsTab';
import { props, renderTab, settingsDoc, UNIT_ID } from './helpers';

const channels = [
  { UnitID: UNIT_ID, ChannelID: 1, ChannelName: 'Level', ChannelKind: 'analog', UnitOfMeasure: 'm' },
  { UnitID: UNIT_ID, ChannelID: 2, ChannelName: 'Temperature', ChannelKind: 'pt', UnitOfMeasure: '°C' },
];
const doc = () =>
  settingsDoc({ settings: { ...settingsDoc().settings, ports: { ch2Factor: 0.1, ch2Offset: -40 } } });

function server(write?: FakeHandler): FakeHandler {
  return (method, url, body) => {
    if (method === 'POST' && url === '/api/v1/xrequest/GetChannel') return { status: 200, body: channels };
    if (method === 'GET' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/settings`)
      return { status: 200, body: { data: doc() } };
    if (write) return write(method, url, body);
    return { status: 404, body: { message: 'Not found' } };
  };
}

const field = (name: string, channel: number) => screen.getByLabelText(`${name} of channel ${channel}`);

describe('port settings tab', () => {
  test('lists each channel with its kind, name, unit of measure and scaling', async () => {
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server() });
    const row = await screen.findByTestId('channel-2');
    expect(within(row).getByText('PT (temperature)')).toBeTruthy();
    expect(field('Name', 2)).toHaveProperty('value', 'Temperature');
    expect(field('Unit of measure', 2)).toHaveProperty('value', '°C');
    expect(field('Factor', 2)).toHaveProperty('value', '0.1');
    expect(field('Offset', 2)).toHaveProperty('value', '-40');
    // A channel without stored scaling: factor 1, offset 0.
    expect(field('Factor', 1)).toHaveProperty('value', '1');
    expect(field('Offset', 1)).toHaveProperty('value', '0');
    expect(calls.find((c) => c.url === '/api/v1/xrequest/GetChannel')?.body).toEqual({ UnitID: UNIT_ID });
  });

  test('a new name goes through EditChannel and new scaling into the settings, with the revision', async () => {
    const write: FakeHandler = (method, url, body) => {
      if (url === '/api/v1/xrequest/EditChannel') {
        const b = body as { ChannelName: string; UnitOfMeasure: string };
        return {
          status: 200,
          body: [{ ...channels[0], ChannelName: b.ChannelName, UnitOfMeasure: b.UnitOfMeasure }],
        };
      }
      if (method === 'PUT' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/settings`) {
        const b = body as { settings: never };
        return { status: 200, body: { data: settingsDoc({ revision: 4, settings: b.settings }) } };
      }
      return { status: 404 };
    };
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server(write) });
    await screen.findByTestId('channel-1');
    fireEvent.change(field('Name', 1), { target: { value: ' Basin level ' } });
    fireEvent.change(field('Factor', 1), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));

    expect(await screen.findByText('Channel Basin level saved.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/xrequest/EditChannel')?.body).toEqual({
      UnitID: UNIT_ID,
      ChannelID: 1,
      ChannelName: 'Basin level',
      UnitOfMeasure: 'm',
    });
    const put = calls.find((c) => c.method === 'PUT')?.body as {
      revision: number;
      settings: Record<string, unknown>;
    };
    expect(put.revision).toBe(3);
    expect(put.settings.ports).toEqual({ ch2Factor: 0.1, ch2Offset: -40, ch1Factor: 2.5, ch1Offset: 0 });
    expect(put.settings.alarm).toEqual({ enabled: true, repeatMin: 60 });
    await waitFor(() => expect(field('Name', 1)).toHaveProperty('value', 'Basin level'));
  });

  test('only the name changed: no settings write', async () => {
    const write: FakeHandler = (_m, url) =>
      url === '/api/v1/xrequest/EditChannel'
        ? { status: 200, body: [{ ...channels[1], UnitOfMeasure: 'K' }] }
        : { status: 404 };
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server(write) });
    await screen.findByTestId('channel-2');
    fireEvent.change(field('Unit of measure', 2), { target: { value: 'K' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 2' }));
    expect(await screen.findByText('Channel Temperature saved.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  test('a failed write says what failed and keeps the input; a factor of 0 is refused before sending', async () => {
    const write: FakeHandler = () => ({ status: 500, body: { message: 'boom' } });
    const { calls } = renderTab(<PortsTab {...props()} />, { handler: server(write) });
    await screen.findByTestId('channel-1');
    fireEvent.change(field('Factor', 1), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));
    expect(await screen.findByText('Enter a factor: a number other than 0, e.g. 1 or 0.5.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(field('Name', 1), { target: { value: 'Sump' } });
    fireEvent.change(field('Factor', 1), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save channel 1' }));
    expect(await screen.findByText(/Couldn't save the channel's name and unit of measure/)).toBeTruthy();
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
    expect(within(row).getByText('-40')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Save channel/ })).toBeNull();
  });
});
