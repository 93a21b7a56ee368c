import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Toast, UserProfile } from '@fieldwatch/shared';
import { sessionStore } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { dateSample, timeSample, timezoneLabel, timezoneOptions } from '../src/features/profile/format';
import { renderRemote } from './harness';

function listen(bus: { on: (e: string, f: (x: unknown) => void) => void }) {
  const heard: Array<[string, unknown]> = [];
  for (const e of ['toast', 'profile:changed', 'theme:set']) bus.on(e, (x) => heard.push([e, x]));
  return heard;
}

describe('profile preferences', () => {
  test('saves language, 12/24 h, date format and a searched time zone in one update, applied at once', async () => {
    const saved: UserProfile = {
      ...demoUser,
      language: 'de',
      timeConfig: { timeFormat: '12h', dateFormat: 'MMM DD YYYY', timezone: 'Asia/Tokyo' },
    };
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/preferences',
      handler: (method, url) =>
        method === 'PUT' && url === '/api/v3/user/profile' ? { status: 200, body: { data: saved } } : { status: 404 },
    });
    const heard = listen(props.bus as never);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: /^12-hour/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Month day year/ }));

    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(zone.value).toBe('GMT +01:00 Stockholm');
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'tokyo' } });
    const list = screen.getByRole('listbox', { name: 'Time zone' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]!.textContent).toBe('GMT +09:00 TokyoAsia/Tokyo');
    fireEvent.keyDown(zone, { key: 'Enter' });
    expect(zone.value).toBe('GMT +09:00 Tokyo');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/v3/user/profile',
        body: { language: 'de', time_12h: 1, date_format: 'MMM DD YYYY', timezone: 'Asia/Tokyo' },
      },
    ]);
    expect(sessionStore.getState().user?.timeConfig).toEqual(saved.timeConfig);
    expect(heard.map(([e]) => e)).toEqual(['profile:changed', 'toast']);
    expect((heard[1]![1] as Toast).kind).toBe('success');
    expect(heard.some(([e]) => e === 'theme:set')).toBe(false);
  });

  test('the theme is saved on the account; the shell applies it from the saved profile', async () => {
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/preferences',
      handler: () => ({ status: 200, body: { data: { ...demoUser, theme: 'bright' } } }),
    });
    const heard = listen(props.bus as never);
    fireEvent.click(screen.getByRole('button', { name: 'Bright' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(calls).toEqual([{ method: 'PUT', url: '/api/v3/user/profile', body: { theme: 'bright' } }]);
    expect(heard[0]![0]).toBe('profile:changed');
    expect((heard[0]![1] as UserProfile).theme).toBe('bright');
  });

  test('a refused save says why and changes nothing', async () => {
    const { props } = renderRemote(<Root />, {
      path: '/profile/preferences',
      handler: () => ({ status: 400, body: { message: 'Unknown time zone "Mars/Olympus"; use a zone name such as Europe/Stockholm' } }),
    });
    const heard = listen(props.bus as never);
    fireEvent.click(screen.getByRole('button', { name: /^12-hour/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your preferences could not be saved: Unknown time zone "Mars/Olympus"; use a zone name such as Europe/Stockholm',
    );
    expect(heard).toEqual([]);
    expect(sessionStore.getState().user?.timeConfig.timeFormat).toBe('24h');
  });

  test('the read-only note is gone', () => {
    renderRemote(<Root />, { path: '/profile/preferences', handler: () => ({ status: 404 }) });
    expect(screen.queryByText(/not available yet/)).toBeNull();
  });
});

describe('profile formats', () => {
  const at = Date.UTC(2026, 0, 15, 23, 30); // 23:30 UTC: already the 16th in Tokyo
  test('samples are in the user’s time zone, not the browser’s', () => {
    expect(timeSample('24h', { timezone: 'Asia/Tokyo' }, at)).toBe('08:30');
    expect(timeSample('12h', { timezone: 'America/New_York' }, at)).toBe('6:30 PM');
    expect(dateSample('DD MMM YYYY', { timezone: 'Asia/Tokyo' }, at)).toBe('16 Jan 2026');
    expect(dateSample('MMM DD YYYY', { timezone: 'UTC' }, at)).toBe('Jan 15 2026');
  });
  test('time zones read "GMT +01:00 Stockholm"', () => {
    expect(timezoneLabel('Europe/Stockholm', at)).toBe('GMT +01:00 Stockholm');
    expect(timezoneLabel('Asia/Kolkata', at)).toBe('GMT +05:30 Kolkata');
    expect(timezoneLabel('America/Argentina/Buenos_Aires', at)).toBe('GMT -03:00 Buenos Aires');
    expect(timezoneLabel('UTC', at)).toBe('GMT +00:00 UTC');
    const options = timezoneOptions('Europe/Stockholm', at);
    expect(options.length).toBeGreaterThan(300);
    const offsets = options.map((o) => o.offset);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });
});
