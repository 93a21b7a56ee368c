/**
 * The shell's frame by keyboard (issue 23): the skip link moves the focus to the main region (which
 * takes it: tabIndex -1) without changing the address; the organisation picker focuses its first
 * choice and Escape closes it back to its button; the sign-in method choice is a radio group with
 * one Tab stop whose arrows choose.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTestI18n, demoUser, LocationProbe, currentLocation } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import shell from '@fieldwatch/locales/shell';
import { Layout } from '../src/features/layout/Layout';
import { LoginPage } from '../src/features/login/LoginPage';
import { useAccountBranding } from '../src/features/theme/branding';
import { stopAlarmListener } from '../src/features/session/session';
import { api, queryClient, sessionStore } from '../src/platform';

function renderAt(url: string) {
  const i18n = createTestI18n({ common, shell }, 'en');
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route element={<Layout />}>
              <Route path="*" element={<p>the area</p>} />
            </Route>
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  jest.spyOn(api.http, 'get').mockRejectedValue(new Error('offline'));
  jest.spyOn(api, 'get').mockResolvedValue([undefined, true] as never);
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ ok: false, status: 404 }));
  sessionStore.setState({
    status: 'signedIn',
    user: demoUser,
    customers: [
      { CustomerID: 1, CustomerName: 'Nordic Utilities' },
      { CustomerID: 2, CustomerName: 'Baltic Water' },
    ] as never,
    selectedCustomers: [1, 2],
  });
});
afterEach(() => {
  stopAlarmListener();
  queryClient.clear();
  sessionStore.getState().clear();
  useAccountBranding.setState({ branding: null } as never);
  jest.restoreAllMocks();
});

test('the skip link is the first thing to Tab to and puts the focus on the main region, the address unchanged', () => {
  const { container } = renderAt('/devicemanagement');
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(container.querySelector('a, button, input, select, [tabindex]:not([tabindex="-1"])')).toBe(skip);
  const main = screen.getByRole('main');
  expect(skip.getAttribute('href')).toBe(`#${main.id}`);
  expect(main.tabIndex).toBe(-1);
  skip.focus();
  // The click's default (a #fw-main in the address) is prevented.
  expect(fireEvent.click(skip)).toBe(false);
  expect(document.activeElement).toBe(main);
  expect(currentLocation()).toBe('/devicemanagement');
});

test('the organisation picker focuses its first choice and Escape closes it back to its button', () => {
  renderAt('/devicemanagement');
  const button = screen.getByTestId('customer-picker');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(button);
  expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Nordic Utilities' }));
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(screen.queryByRole('checkbox', { name: 'Nordic Utilities' })).toBeNull();
  expect(document.activeElement).toBe(button);
});

test('the sign-in method choice: one Tab stop, the arrows choose and move the focus', () => {
  sessionStore.getState().clear();
  renderAt('/login');
  const username = screen.getByRole('radio', { name: 'Username' });
  const bankId = screen.getByRole('radio', { name: 'BankID' });
  expect(username.getAttribute('aria-checked')).toBe('true');
  expect([username.tabIndex, bankId.tabIndex]).toEqual([0, -1]);
  username.focus();
  fireEvent.keyDown(username, { key: 'ArrowRight' });
  expect(bankId.getAttribute('aria-checked')).toBe('true');
  expect(document.activeElement).toBe(bankId);
  expect([username.tabIndex, bankId.tabIndex]).toEqual([-1, 0]);
  fireEvent.keyDown(bankId, { key: 'ArrowRight' }); // round to the first
  expect(document.activeElement).toBe(username);
  expect(username.getAttribute('aria-checked')).toBe('true');
});
