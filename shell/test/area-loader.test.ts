import { areaBasename, areaForPath, firstAreaOfPage, isAreaPath, navLinks, USER_TYPES } from '@fieldwatch/shared';
import { guardLifecycles } from '../src/features/remotes/area-loader';
import { areaElement, useAreaState } from '../src/features/remotes/area-state';
import type { RemoteProps } from '@fieldwatch/shared';

const props = {} as RemoteProps;

describe('area routing', () => {
  test('areas own their route prefixes', () => {
    expect(areaForPath('/dashboard/MTAwMQ==')).toBe('dashboard');
    expect(areaForPath('/notifications')).toBe('tasks');
    expect(areaForPath('/taskmanagement')).toBe('tasks');
    expect(areaForPath('/groupmanagement')).toBe('devices');
    expect(areaForPath('/locationmanagement')).toBe('devices');
    expect(areaForPath('/profile/sessions')).toBe('admin');
    expect(areaForPath('/onboarding')).toBe('onboarding');
    expect(areaForPath('/dashboards')).toBeUndefined();
    expect(isAreaPath('admin', '/administrator')).toBe(false);
  });

  test('each area works under its first route', () => {
    expect(areaBasename('dashboard')).toBe('/dashboard');
    expect(areaBasename('devices')).toBe('/devicemanagement');
    expect(areaBasename('tasks')).toBe('/taskmanagement');
    expect(areaBasename('admin')).toBe('/admin');
    expect(areaBasename('onboarding')).toBe('/onboarding');
  });

  test('the navigation links to the areas in the order of the table; Admin only for a SuperUser', () => {
    const paths = (userType: number) => navLinks('management', userType as 0).map((l) => `${l.path} ${l.icon} ${l.labelKey}`);
    expect(paths(USER_TYPES.SuperUser)).toEqual([
      '/devicemanagement device devicemanagement',
      '/groupmanagement group groupmanagement',
      '/locationmanagement location locationmanagement',
      '/taskmanagement task taskmanagement',
      '/admin admin admin',
    ]);
    expect(paths(USER_TYPES.User)).not.toContain('/admin admin admin');
    expect(navLinks('dashboards', USER_TYPES.Reader)).toMatchObject([{ path: '/notifications', icon: 'bell', unseenBadge: true }]);
    expect(navLinks('account', USER_TYPES.Reader).map((l) => l.path)).toEqual(['/profile']);
  });

  test('a page load at "/" shows the dashboards first; the login page no area', () => {
    expect(firstAreaOfPage('/')).toBe('dashboard');
    expect(firstAreaOfPage('/dashboard/default')).toBe('dashboard');
    expect(firstAreaOfPage('/admin')).toBe('admin');
    expect(firstAreaOfPage('/login')).toBeUndefined();
  });
});

describe('failure isolation', () => {
  beforeEach(() => useAreaState.setState({ areas: {} }));

  test('a remote whose mount throws becomes "unavailable", and single-spa sees a healthy app', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const unmount = jest.fn(() => Promise.resolve());
    const life = guardLifecycles('tasks', {
      bootstrap: () => Promise.resolve(),
      mount: () => Promise.reject(new Error('boom at mount')),
      unmount,
    });
    await (life.bootstrap as (p: unknown) => Promise<void>)(props);
    await expect((life.mount as (p: unknown) => Promise<void>)(props)).resolves.toBeUndefined();
    expect(useAreaState.getState().areas.tasks).toEqual({ status: 'unavailable', error: 'boom at mount' });
    expect(unmount).toHaveBeenCalled(); // half-mounted content is cleaned up
    expect(areaElement('tasks').childElementCount).toBe(0);
    error.mockRestore();
  });

  test('a remote whose bootstrap throws is reported unavailable at mount', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const life = guardLifecycles('admin', {
      bootstrap: () => Promise.reject(new Error('no bootstrap')),
      mount: jest.fn(),
      unmount: jest.fn(),
    });
    await (life.bootstrap as (p: unknown) => Promise<void>)(props);
    await (life.mount as (p: unknown) => Promise<void>)(props);
    expect(useAreaState.getState().areas.admin?.status).toBe('unavailable');
    error.mockRestore();
  });

  test('a healthy remote is marked mounted and unmounted normally', async () => {
    const mount = jest.fn(() => Promise.resolve());
    const unmount = jest.fn(() => Promise.resolve());
    const life = guardLifecycles('dashboard', { bootstrap: () => Promise.resolve(), mount, unmount });
    await (life.bootstrap as (p: unknown) => Promise<void>)(props);
    await (life.mount as (p: unknown) => Promise<void>)(props);
    expect(useAreaState.getState().areas.dashboard?.status).toBe('mounted');
    await (life.unmount as (p: unknown) => Promise<void>)(props);
    expect(unmount).toHaveBeenCalledTimes(1);
  });
});
