import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES, PASSWORD_MESSAGES } from '@fieldwatch/shared';
import type { FakeReply } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const URL = '/api/v3/user/password';

function fill(old: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: old } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('profile password', () => {
  test('changes the password with the old one, in a JSON body, and says the other sessions ended', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/profile/password',
      handler: (method, url) =>
        method === 'PUT' && url === URL
          ? { status: 200, body: { data: { message: PASSWORD_MESSAGES.changed } } }
          : { status: 404, body: { message: 'Not found' } },
    });
    await screen.findByTestId('profile-password');
    expect(screen.queryByText(/not available yet/)).toBeNull();
    fill('old-secret', 'new-secret-1', 'new-secret-1');
    expect(
      await screen.findByText('Password change successful. Your other sessions were signed out.'),
    ).toBeTruthy();
    // Never in the URL (logs, history): in the body.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: URL, body: { oldPassword: 'old-secret', newPassword: 'new-secret-1' } },
    ]);
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  test('checks the fields before sending: blank, too short, not matching', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/profile/password',
      handler: () => ({ status: 500, body: { message: 'should not be called' } }),
    });
    await screen.findByTestId('profile-password');
    fill('', 'short', 'short');
    expect(await screen.findByText('Current password should not be blank')).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    fill('old-secret', 'long-enough', 'long-enougH');
    expect(await screen.findByText(MESSAGES.passwordsMismatch)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  test('a wrong current password is named at its field; other failures say to try again', async () => {
    let reply: FakeReply = { status: 400, body: { message: PASSWORD_MESSAGES.failed, code: 'validation' } };
    renderRemote(<Root />, { path: '/profile/password', handler: () => reply });
    await screen.findByTestId('profile-password');
    fill('wrong', 'new-secret-1', 'new-secret-1');
    expect(await screen.findByText(/The current password is not right/)).toBeTruthy();
    reply = { status: 503, body: { message: 'The database did not answer', code: 'db_unavailable' } };
    fill('old-secret', 'new-secret-1', 'new-secret-1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password change failed. Check your connection and try again.',
    );
  });
});
