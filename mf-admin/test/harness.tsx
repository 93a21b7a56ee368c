/** Renders the area's screens inside the providers the shell would give them, with a fake server (see @fieldwatch/shared/testing). */
import type { ReactElement } from 'react';
import type { UserProfile } from '@fieldwatch/shared';
import { demoUser, type FakeHandler, renderRemote as render } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import admin from '@fieldwatch/locales/admin';

export { currentLocation } from '@fieldwatch/shared/testing';

const remote = { basename: '/admin', namespace: 'admin', bundles: { common, admin } };

/** Signed in as `user` (default demoUser; null: signed in, but the user is missing from the store). */
export function renderRemote(element: ReactElement, opts: { path: string; handler: FakeHandler; user?: UserProfile | null }) {
  const { user = demoUser } = opts;
  const session = { status: 'signedIn' as const, user, refreshKey: 0 };
  return render({ ...remote, element, url: opts.path, handler: opts.handler, session, navigate: jest.fn() });
}
