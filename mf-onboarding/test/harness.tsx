/** Renders the area's screens inside the providers the shell would give them, with a fake server (see @fieldwatch/shared/testing). */
import type { ReactElement } from 'react';
import type { UserProfile } from '@fieldwatch/shared';
import { type FakeHandler, renderRemote as render } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import onboarding from '@fieldwatch/locales/onboarding';

export { currentLocation, demoUser } from '@fieldwatch/shared/testing';

const remote = { basename: '/onboarding', namespace: 'onboarding', bundles: { common, onboarding } };

/** A visitor, or signed in as `user`; without a handler every request is answered 404. */
export function renderRemote(element: ReactElement, opts: { path: string; handler?: FakeHandler; user?: UserProfile | null }) {
  const { user = null } = opts;
  const session = { status: user ? ('signedIn' as const) : ('signedOut' as const), user, refreshKey: 0 };
  return render({ ...remote, element, url: opts.path, handler: opts.handler, session, navigate: jest.fn() });
}
