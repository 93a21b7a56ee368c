import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Toast, UserProfile } from '@fieldwatch/shared';
import { sessionStore } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function listen(props: { bus: { on: (e: never, f: never) => void } }) {
  const toasts: Toast[] = [];
  const profiles: UserProfile[] = [];
  (props.bus.on as (e: string, f: (x: unknown) => void) => void)('toast', (t) => toasts.push(t as Toast));
  (props.bus.on as (e: string, f: (x: unknown) => void) => void)('profile:changed', (u) => profiles.push(u as UserProfile));
  return { toasts, profiles };
}

describe('profile personal info', () => {
  test('checks the fields with the spec’s messages before sending anything', async () => {
    const { calls } = renderRemote(<Root />, { path: '/profile/personal', handler: () => ({ status: 500 }) });
    type('Username', '  ');
    type('Name', '');
    type('Email', 'astrid@');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(screen.getByText('Username should not be blank')).toBeTruthy();
    expect(screen.getByText('Name should not be blank')).toBeTruthy();
    expect(screen.getByText('Enter valid Email')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  test('the hidden file field of the picture is named and out of the Tab order (its button is the way in)', async () => {
    renderRemote(<Root />, { path: '/profile/personal', handler: () => ({ status: 500 }) });
    const file = await screen.findByTestId('avatar-file');
    expect(file.getAttribute('aria-label')).toBe(screen.getByRole('button', { name: file.getAttribute('aria-label')! }).textContent);
    expect(file.getAttribute('tabindex')).toBe('-1');
  });

  test('sends only the changed fields; the saved profile reaches the store, the shell and a toast', async () => {
    const saved: UserProfile = { ...demoUser, name: 'Astrid L. Berg', email: 'astrid.berg@example.com', location: 'Malmö' };
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/personal',
      handler: (method, url) =>
        method === 'PUT' && url === '/api/v3/user/profile' ? { status: 200, body: { data: saved } } : { status: 404 },
    });
    const heard = listen(props as never);
    type('Name', 'Astrid L. Berg ');
    type('Email', 'astrid.berg@example.com');
    type('Location', 'Malmö');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/v3/user/profile',
        body: { fullname: 'Astrid L. Berg', email: 'astrid.berg@example.com', location: 'Malmö' },
      },
    ]);
    expect(sessionStore.getState().user?.name).toBe('Astrid L. Berg');
    expect(heard.profiles.map((u) => u.email)).toEqual(['astrid.berg@example.com']);
    expect(heard.toasts).toEqual([{ kind: 'success', message: 'Personal info saved.', raw: true }]);
    expect(field('Name').value).toBe('Astrid L. Berg');
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a taken username is shown at the field; any other refusal in the server’s words', async () => {
    let answer = { status: 409, body: { message: 'That username is already taken' } };
    renderRemote(<Root />, { path: '/profile/personal', handler: () => answer });
    type('Username', 'demo.user');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(screen.getByText('That username is already taken. Choose another one.')).toBeTruthy();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');

    answer = { status: 400, body: { message: 'Unknown profile field "nickname"; nothing was saved' } };
    type('Username', 'astrid');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your changes could not be saved: Unknown profile field "nickname"; nothing was saved',
    );
  });

  test('removing the picture asks first, then deletes it and says so', async () => {
    const withAvatar: UserProfile = { ...demoUser, avatar: 'data:image/webp;base64,AAAA' };
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/personal',
      user: withAvatar,
      handler: (method) => (method === 'DELETE' ? { status: 200, body: { data: { ...withAvatar, avatar: null } } } : { status: 404 }),
    });
    const heard = listen(props as never);
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    const dialog = screen.getByTestId('avatar-remove-dialog');
    expect(within(dialog).getByText('Remove your profile picture?')).toBeTruthy();
    expect(calls).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    });
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/v3/user/profile/avatar' }]);
    expect(screen.queryByTestId('avatar-remove-dialog')).toBeNull();
    expect(heard.toasts.map((t) => t.message)).toEqual(['Profile picture removed.']);
    expect(sessionStore.getState().user?.avatar).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });

  test('an empty file says “Missing parameters”, a non-image says what to choose', async () => {
    const { calls } = renderRemote(<Root />, { path: '/profile/personal', handler: () => ({ status: 500 }) });
    const input = screen.getByTestId('avatar-file');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([], 'empty.png', { type: 'image/png' })] } });
    });
    expect(screen.getByRole('alert').textContent).toBe('Missing parameters: the picture was empty. Choose another file.');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    });
    expect(screen.getByRole('alert').textContent).toMatch(/^This file is not a picture/);
    expect(calls).toEqual([]);
  });
});
