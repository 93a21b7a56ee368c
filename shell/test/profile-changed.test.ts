/**
 * A profile saved in an area reaches the shell at once (issue 18 §2): 'profile:changed' puts the
 * saved user into the session store (header, every area's time settings) and switches the
 * language; 'theme:set' switches the theme as the top bar's toggle does.
 */
import i18next from 'i18next';
import type { UserProfile } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { watchProfile } from '../src/features/session/session';
import { useTheme } from '../src/features/theme/theme';
import { bus, sessionStore } from '../src/platform';

test('profile:changed updates the stored user and the language; another user is ignored', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: {}, showSupportNotice: false });
  sessionStore.setState({ status: 'signedIn', user: demoUser });
  watchProfile(i18n);
  const saved: UserProfile = {
    ...demoUser,
    name: 'Astrid Berg',
    language: 'de',
    timeConfig: { ...demoUser.timeConfig, timeFormat: '12h', timezone: 'Asia/Tokyo' },
  };
  bus.emit('profile:changed', saved);
  expect(sessionStore.getState().user).toEqual(saved);
  await Promise.resolve();
  expect(i18n.language).toBe('de');

  bus.emit('profile:changed', { ...saved, id: 99, name: 'Someone else' });
  expect(sessionStore.getState().user?.name).toBe('Astrid Berg');
});

test('the theme saved on the account is applied', () => {
  sessionStore.setState({ status: 'signedIn', user: demoUser });
  bus.emit('profile:changed', { ...demoUser, theme: 'bright' });
  expect(document.documentElement.dataset.theme).toBe('bright');
  bus.emit('profile:changed', { ...demoUser, theme: 'dark' });
  expect(document.documentElement.dataset.theme).toBe('dark');
});

test('theme:set switches the theme through the shell', () => {
  bus.emit('theme:set', 'bright');
  expect(useTheme.getState().theme).toBe('bright');
  expect(document.documentElement.dataset.theme).toBe('bright');
  bus.emit('theme:set', 'dark');
  expect(document.documentElement.dataset.theme).toBe('dark');
});
