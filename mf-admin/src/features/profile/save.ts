/**
 * Writes of the user's own profile. Each answers the saved profile, which goes into the session
 * store and to the shell (bus 'profile:changed'): the header, the language and every area's
 * dates, times and time zone follow at once, without a reload.
 */
import { isAxiosError } from 'axios';
import { AVATAR_CONTENT_TYPES, ENDPOINTS, pathFor, type ProfileUpdateBody, type UserProfile } from '@fieldwatch/shared';
import type { RemoteProps } from '@fieldwatch/shared';

export type SaveResult = { ok: true; user: UserProfile } | { ok: false; status?: number; message?: string };

/** The server's words for a refused write (its `message`), if it sent any. */
function failure(err: unknown): { ok: false; status?: number; message?: string } {
  if (!isAxiosError(err)) return { ok: false };
  const message = (err.response?.data as { message?: unknown } | undefined)?.message;
  return { ok: false, status: err.response?.status, message: typeof message === 'string' ? message : undefined };
}

/** Tells the session store and the shell about the saved profile. */
export function publishProfile(remote: Pick<RemoteProps, 'session' | 'bus'>, user: UserProfile): void {
  remote.session.setState({ user });
  remote.bus.emit('profile:changed', user);
}

async function send(remote: RemoteProps, run: () => Promise<{ data: { data: UserProfile } }>): Promise<SaveResult> {
  try {
    const res = await run();
    const user = res.data.data;
    publishProfile(remote, user);
    return { ok: true, user };
  } catch (err) {
    return failure(err);
  }
}

/** PUT /api/v3/user/profile with the fields that changed. */
export function saveProfile(remote: RemoteProps, body: ProfileUpdateBody): Promise<SaveResult> {
  return send(remote, () => remote.api.http.put(pathFor(ENDPOINTS.updateProfile), body));
}

/** POST /api/v3/user/profile/avatar with the image itself as the body. */
export function uploadAvatar(remote: RemoteProps, image: Blob): Promise<SaveResult> {
  const type = (AVATAR_CONTENT_TYPES as readonly string[]).includes(image.type) ? image.type : 'image/png';
  return send(remote, () =>
    remote.api.http.post(pathFor(ENDPOINTS.uploadAvatar), image, { headers: { 'Content-Type': type } }),
  );
}

export function deleteAvatar(remote: RemoteProps): Promise<SaveResult> {
  return send(remote, () => remote.api.http.delete(pathFor(ENDPOINTS.deleteAvatar)));
}
