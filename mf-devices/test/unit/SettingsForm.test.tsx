import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, type Container, type FirmwareInfo } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { customers } from '../fixtures';
import { command, renderUnit, settings, unitServer } from './unit-fixtures';

beforeEach(() => {
  sessionStore.setState({
    user: demoUser,
    customers,
    selectedCustomers: [10, 11],
    refreshKey: 0,
    dashboards: [],
  });
});

const SETTINGS = '/api/v2/device/legacy/devices/7/settings';
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the settings form of a unit', () => {
  test('each field has a label and help text; numbers are checked against their range', async () => {
    renderUnit('/devicemanagement/7/schedule', unitServer());
    const field = await screen.findByLabelText('Measure interval');
    expect((field as HTMLInputElement).value).toBe('15');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('How often the unit measures its channels.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '0' } });
    expect(screen.getByText('Enter a value from 1 to 1440.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '2.5' } });
    expect(screen.getByText('Enter a whole number.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(screen.getByText('Enter a number.')).toBeTruthy();
    fireEvent.change(input('Scheduled alarm time'), { target: { value: '25:00' } });
    expect(screen.getByText('Enter a time as HH:MM, e.g. 08:30.')).toBeTruthy();
  });

  test('saves the whole document with the revision it was based on', async () => {
    const puts: unknown[] = [];
    renderUnit(
      '/devicemanagement/7/schedule',
      unitServer((method, url, body) => {
        if (method === 'PUT' && url === SETTINGS) {
          puts.push(body);
          return {
            status: 200,
            body: {
              data: settings(4, {
                general: { measureIntervalMin: 30, sendIntervalMin: 60, timezone: 'UTC' },
              }),
            },
          };
        }
        return undefined;
      }),
    );
    const save = await screen.findByTestId('settings-save');
    expect((save as HTMLButtonElement).disabled).toBe(true); // nothing changed yet
    fireEvent.change(input('Measure interval'), { target: { value: '30' } });
    fireEvent.click(save);
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(puts).toEqual([
      {
        revision: 3,
        settings: {
          general: { measureIntervalMin: 30, sendIntervalMin: 60, timezone: 'UTC' },
          alarm: { enabled: true, repeatMin: 60 },
        },
      },
    ]);
    expect(input('Measure interval').value).toBe('30');
  });

  test('changed elsewhere (409): keep editing keeps the input, shows what changed and saves on the new revision', async () => {
    const puts: Array<{ revision: number; settings: Record<string, Record<string, unknown>> }> = [];
    let stored = settings(3);
    renderUnit(
      '/devicemanagement/7/schedule',
      unitServer((method, url, body) => {
        if (method === 'GET' && url === SETTINGS) return { status: 200, body: { data: stored } };
        if (method === 'PUT' && url === SETTINGS) {
          const b = body as (typeof puts)[number];
          puts.push(b);
          if (puts.length === 1) {
            // Someone else saved meanwhile: revision 4 with another send interval.
            stored = settings(4, {
              general: { measureIntervalMin: 15, sendIntervalMin: 120, timezone: 'UTC' },
            });
            return {
              status: 409,
              body: { message: 'The settings were changed by someone else; reload them and try again' },
            };
          }
          return { status: 200, body: { data: { ...stored, revision: 5, settings: b.settings } } };
        }
        return undefined;
      }),
    );
    fireEvent.change(await screen.findByLabelText('Measure interval'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    const conflict = await screen.findByTestId('settings-conflict');
    expect(conflict.textContent).toContain('These settings were changed elsewhere');
    expect(within(conflict).getByTestId('settings-changes').textContent).toContain('Send interval: 60 → 120');
    expect(input('Measure interval').value).toBe('30'); // the user's input is kept

    fireEvent.click(within(conflict).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByTestId('settings-conflict')).toBeNull();
    expect(screen.getByTestId('settings-changed-elsewhere').textContent).toContain('Send interval: 60 → 120');
    expect(input('Measure interval').value).toBe('30');
    expect(input('Send interval').value).toBe('120');

    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(puts[1]!.revision).toBe(4);
    expect(puts[1]!.settings.general).toEqual({
      measureIntervalMin: 30,
      sendIntervalMin: 120,
      timezone: 'UTC',
    });
  });

  test('changed elsewhere (409): reload drops the edits and shows the current settings', async () => {
    let stored = settings(3);
    renderUnit(
      '/devicemanagement/7/schedule',
      unitServer((method, url) => {
        if (method === 'GET' && url === SETTINGS) return { status: 200, body: { data: stored } };
        if (method === 'PUT' && url === SETTINGS) {
          stored = settings(4, { general: { measureIntervalMin: 5, sendIntervalMin: 60, timezone: 'UTC' } });
          return { status: 409, body: { message: 'changed' } };
        }
        return undefined;
      }),
    );
    fireEvent.change(await screen.findByLabelText('Measure interval'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    fireEvent.click(
      within(await screen.findByTestId('settings-conflict')).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() => expect(input('Measure interval').value).toBe('5'));
    expect(screen.queryByTestId('settings-conflict')).toBeNull();
  });

  test('another failure says what happened and keeps the input', async () => {
    renderUnit(
      '/devicemanagement/7/network',
      unitServer((method, url) =>
        method === 'PUT' && url === SETTINGS
          ? { status: 403, body: { message: 'You are missing authority for this device' } }
          : undefined,
      ),
    );
    fireEvent.change(await screen.findByLabelText('Server port'), { target: { value: '8080' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByText(/could not be saved/)).textContent).toBe(
      'The settings could not be saved: You are missing authority for this device. Your changes are still here; try again.',
    );
    expect(input('Server port').value).toBe('8080');
  });
});

// The location tab's map, prefill and saves: ../unit-tabs/LocationTab.test.tsx.

describe('the location container', () => {
  const location = (id: string, name: string, units: number[]): Container => ({
    id,
    kind: 'location',
    name,
    organizationId: 10,
    parentId: null,
    subgroups: [],
    content: units.map((u) => ({ type: 'unit', target: String(u), name: `Unit ${u}` })),
    revision: 2,
    updatedAt: '2024-05-01T08:00:00.000Z',
  });

  test('says which location holds the unit and moves it to another', async () => {
    const moves: Array<[string, unknown]> = [];
    renderUnit(
      '/devicemanagement/7/location',
      unitServer((method, url, body) => {
        if (method === 'GET' && url === '/api/v3/containers')
          return {
            status: 200,
            body: {
              data: [
                location('l1', 'North reservoir', [7]),
                location('l2', 'Harbour basin', []),
                { ...location('l3', 'Other org', []), organizationId: 11 },
              ],
            },
          };
        if (method === 'PUT' && url.startsWith('/api/v3/containers/')) {
          moves.push([url, body]);
          return { status: 200, body: { data: location('l2', 'Harbour basin', [7]) } };
        }
        return undefined;
      }),
    );
    const card = await screen.findByTestId('location-container');
    expect((await within(card).findByTestId('current-location')).textContent).toBe(
      'This unit is in the location North reservoir.',
    );
    const select = within(card).getByLabelText('Move to location') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Harbour basin']);
    fireEvent.click(within(card).getByRole('button', { name: 'Move' }));
    expect(await within(card).findByText('Pump 07 is now in Harbour basin.')).toBeTruthy();
    expect(moves).toEqual([['/api/v3/containers/l2/units', { units: [7], revision: 2 }]]);
  });
});

describe('the firmware tab', () => {
  test('schedules an update after confirming and shows its progress', async () => {
    const info: FirmwareInfo = { unitId: 7, current: '2.1.0', available: ['2.2.0', '2.1.0'], pending: null };
    const posted: unknown[] = [];
    renderUnit(
      '/devicemanagement/7/firmware',
      unitServer((method, url, body) => {
        if (url !== '/api/v3/device/devices/7/firmware') return undefined;
        if (method === 'POST') {
          posted.push(body);
          return { status: 200, body: { data: command({ action: 'updateFirmware', detail: '2.2.0' }) } };
        }
        const pending = posted.length
          ? command({ action: 'updateFirmware', detail: '2.2.0', status: 'sent' })
          : null;
        return { status: 200, body: { data: { ...info, pending } } };
      }),
    );
    expect((await screen.findByTestId('firmware-current')).textContent).toBe('2.1.0');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the firmware of Pump 07?' });
    expect(dialog.textContent).toContain('from 2.1.0 to 2.2.0');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(posted).toEqual([{ version: '2.2.0' }]));
    expect((await screen.findByTestId('firmware-progress')).textContent).toContain('Update to 2.2.0');
  });
});
