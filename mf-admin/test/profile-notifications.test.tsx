import { act, fireEvent, screen, within } from '@testing-library/react';
import type { NotifyMailSettings, Toast } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const URL = '/api/v3/user/profile/notifications';
const SETTINGS: NotifyMailSettings = {
  email: false,
  desktop: true,
  priorities: ['low', 'normal', 'high', 'critical'],
  alarmTypes: null,
  intervalMin: 15,
  mailAvailable: true,
  hasAddress: true,
};

function setPermission(permission: NotificationPermission | null, answer: NotificationPermission = 'granted') {
  const w = window as unknown as { Notification?: unknown };
  if (permission === null) delete w.Notification;
  else w.Notification = { permission, requestPermission: jest.fn(async () => answer) };
}

function server(settings: NotifyMailSettings = SETTINGS, fail?: string) {
  return (method: string, url: string, body?: unknown) => {
    if (url !== URL) return { status: 404, body: { message: 'Not found' } };
    if (method === 'GET') return { status: 200, body: { data: settings } };
    if (fail) return { status: 400, body: { message: fail, code: 'validation' } };
    return { status: 200, body: { data: { ...settings, ...(body as object) } } };
  };
}

afterEach(() => setPermission(null));

describe('profile notifications', () => {
  test('turns e-mail on with chosen priorities, alarm types and interval, saves, and says so', async () => {
    setPermission('granted');
    const { calls, props } = renderRemote(<Root />, { path: '/profile/notifications', handler: server() });
    const toasts: Toast[] = [];
    props.bus.on('toast', (t) => toasts.push(t));
    const page = await screen.findByTestId('profile-notifications');
    expect(screen.queryByText(/not available yet/)).toBeNull();
    const save = within(page).getByRole('button', { name: 'Save notification settings' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(page).getByRole('switch', { name: 'Email notifications' }));
    fireEvent.click(within(page).getByRole('checkbox', { name: 'Low' }));
    fireEvent.click(within(page).getByRole('checkbox', { name: 'Normal' }));
    fireEvent.click(within(page).getByLabelText('Only the types chosen below'));
    fireEvent.click(within(page).getByRole('checkbox', { name: 'Loop alarm' }));
    fireEvent.change(within(page).getByLabelText('Send at most'), { target: { value: '60' } });
    expect(within(page).getByText('Unsaved changes')).toBeTruthy();
    await act(async () => {
      fireEvent.click(save);
    });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: URL,
        body: { email: true, desktop: true, priorities: ['high', 'critical'], alarmTypes: [4], intervalMin: 60 },
      },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: 'Notification settings saved.', raw: true }]);
    expect(props.session.getState().user?.notification).toEqual({ email: true, desktop: true });
    expect(within(page).getByText('This browser allows notifications from Fieldwatch.')).toBeTruthy();
  });

  test('refuses to save e-mail without a priority, and a failed save says why', async () => {
    setPermission('granted');
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/notifications',
      handler: server(SETTINGS, 'The database did not answer'),
    });
    const toasts: Toast[] = [];
    props.bus.on('toast', (t) => toasts.push(t));
    const page = await screen.findByTestId('profile-notifications');
    fireEvent.click(within(page).getByRole('switch', { name: 'Email notifications' }));
    for (const p of ['Low', 'Normal', 'High', 'Critical']) fireEvent.click(within(page).getByRole('checkbox', { name: p }));
    fireEvent.click(within(page).getByRole('button', { name: 'Save notification settings' }));
    expect(await within(page).findByText('Choose at least one priority, or switch e-mail notifications off.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.click(within(page).getByRole('checkbox', { name: 'Critical' }));
    await act(async () => {
      fireEvent.click(within(page).getByRole('button', { name: 'Save notification settings' }));
    });
    expect(toasts.at(-1)).toEqual({
      kind: 'danger',
      message: 'Notification settings could not be saved: The database did not answer',
      raw: true,
    });
  });

  test('without an address or SMTP the e-mail switch cannot be turned on, and says why', async () => {
    renderRemote(<Root />, {
      path: '/profile/notifications',
      handler: server({ ...SETTINGS, hasAddress: false }),
      user: { ...demoUser, email: '' },
    });
    const page = await screen.findByTestId('profile-notifications');
    expect((within(page).getByRole('switch', { name: 'Email notifications' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(page).getByRole('link', { name: 'Add an e-mail address' }).getAttribute('href')).toBe('/profile/personal');
  });

  test('e-mail not configured on this server is said on the page', async () => {
    renderRemote(<Root />, { path: '/profile/notifications', handler: server({ ...SETTINGS, mailAvailable: false }) });
    const page = await screen.findByTestId('profile-notifications');
    expect(within(page).getByText(/E-mail is not configured on this server/)).toBeTruthy();
    expect((within(page).getByRole('switch', { name: 'Email notifications' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('desktop: switching on asks the browser; denied explains how to allow it', async () => {
    setPermission('default', 'denied');
    renderRemote(<Root />, { path: '/profile/notifications', handler: server({ ...SETTINGS, desktop: false }) });
    const page = await screen.findByTestId('profile-notifications');
    expect(within(page).getByTestId('desktop-permission').getAttribute('data-permission')).toBe('default');
    await act(async () => {
      fireEvent.click(within(page).getByRole('switch', { name: 'Desktop notifications' }));
    });
    const N = (window as unknown as { Notification: { requestPermission: jest.Mock } }).Notification;
    expect(N.requestPermission).toHaveBeenCalledTimes(1);
    expect(within(page).getByTestId('desktop-permission').textContent).toMatch(/blocks notifications.*set Notifications to Allow/);
  });
});
