/**
 * /profile/two-factor (issue 18, Profile "two-factor enrollment"): turning it on (password, the QR
 * code and the key as text, a code, the recovery codes once with copy and download), a wrong
 * password and a wrong code said at their fields, new recovery codes, turning it off, and an
 * organisation that requires it (said at the top; no turning off).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TWO_FACTOR_ERROR_CODES, type TwoFactorStatus } from '@fieldwatch/shared';
import type { FakeReply } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const ON: TwoFactorStatus = { enabled: true, enabledAt: '2026-03-01T09:30:00.000Z', recoveryCodesLeft: 10, required: false };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['k7d2m-q9xhp', 'a2b3c-d4e5f', 'g6h7j-k8m9n', 'p2q3r-s4t5u', 'v6w7x-y8z9a', 'b2c3d-e4f5g', 'h6j7k-m8n9p', 'q2r3s-t4u5v', 'w6x7y-z8a9b', 'c2d3e-f4g5h'];

/** The server: status from `status()`, the writes as each test says. */
function server(status: () => TwoFactorStatus, writes: Record<string, (body: unknown) => FakeReply>) {
  return (method: string, url: string, body?: unknown): FakeReply => {
    if (method === 'GET' && url === '/api/v3/user/two-factor') return { status: 200, body: { data: status() } };
    const write = writes[url];
    return write ? write(body) : { status: 404, body: { message: 'Not found' } };
  };
}

describe('profile two-factor authentication', () => {
  test('turns it on: password, QR code and key, a code, then the recovery codes once', async () => {
    let status = OFF;
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/two-factor',
      handler: server(() => status, {
        '/api/v3/user/two-factor/setup': (b) =>
          (b as { password: string }).password === 'right-password'
            ? {
                status: 200,
                body: { data: { secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}`, qr: 'data:image/svg+xml;base64,PHN2Zy8+', issuer: 'Fieldwatch', account: 'demo.super' } },
              }
            : { status: 400, body: { message: 'wrong', code: TWO_FACTOR_ERROR_CODES.wrongPassword } },
        '/api/v3/user/two-factor/enable': (b) => {
          if ((b as { code: string }).code.replace(/\s/g, '') !== '123456') return { status: 400, body: { message: 'wrong', code: TWO_FACTOR_ERROR_CODES.wrongCode } };
          status = ON;
          return { status: 200, body: { data: { recoveryCodes: CODES } } };
        },
      }),
    });
    const toasts: string[] = [];
    props.bus.on('toast', (t) => toasts.push(t.message));
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The password is not right. Enter the password you sign in with.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // The QR code and the key as text, grouped by four for typing.
    expect((await screen.findByAltText('QR code for your authenticator app')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const input = screen.getByLabelText('Code from the app');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/The code is not right. Enter the 6-digit code your authenticator app shows now for Fieldwatch/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByText('Save your recovery codes now')).toBeTruthy();
    expect(toasts).toContain('Two-factor authentication is on.');
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/v3/user/two-factor/setup', { password: 'wrong-password' }],
      ['/api/v3/user/two-factor/setup', { password: 'right-password' }],
      ['/api/v3/user/two-factor/enable', { code: '654321' }],
      ['/api/v3/user/two-factor/enable', { code: '123 456' }],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 unused')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  test('when on: new recovery codes with a code, and turning it off with password and a code', async () => {
    let status = ON;
    const { calls } = renderRemote(<Root />, {
      path: '/profile/two-factor',
      handler: server(() => status, {
        '/api/v3/user/two-factor/recovery-codes': () => ({ status: 200, body: { data: { recoveryCodes: CODES } } }),
        '/api/v3/user/two-factor/disable': () => {
          status = OFF;
          return { status: 200, body: { data: OFF } };
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    fireEvent.change(screen.getByLabelText('Code from the app, or a recovery code'), { target: { value: 'k7d2m-q9xhp' } });
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    expect(await screen.findByText('Current password should not be blank')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText('Code from the app, or a recovery code'), { target: { value: '111111' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    expect(await screen.findByRole('button', { name: 'Turn on two-factor authentication' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/v3/user/two-factor/recovery-codes', { code: 'k7d2m-q9xhp' }],
      ['/api/v3/user/two-factor/disable', { password: 'pw', code: '111111' }],
    ]);
  });

  test('required by the organisation: said at the top; when on, it cannot be turned off', async () => {
    let status: TwoFactorStatus = { ...OFF, required: true };
    const view = renderRemote(<Root />, { path: '/profile/two-factor', handler: server(() => status, {}) });
    expect((await screen.findByTestId('two-factor-required')).textContent).toMatch(/Your organisation requires two-factor authentication/);
    view.unmount();
    status = { ...ON, required: true, recoveryCodesLeft: 2 };
    renderRemote(<Root />, { path: '/profile/two-factor', handler: server(() => status, {}) });
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByText(/so it cannot be turned off/)).toBeTruthy();
    expect(screen.getByText(/Only 2 recovery codes are left/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('two-factor-required')).toBeNull());
  });
});
