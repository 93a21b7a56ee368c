/**
 * Signing in and out: the login form's fields (the browser's form rules and the server's
 * validation of POST /api/v2/auth/login and the older /api/v1/auth/login), and the session list.
 */
import * as T from 'typebox';
import { NOT_BLANK } from './common';

/** Longest username anywhere (sign-in, profile, registration). */
export const USERNAME_MAX_LENGTH = 200;
/** Longest password accepted anywhere; longer is refused before it is hashed. */
export const PASSWORD_MAX_LENGTH = 1000;

/** A username as typed: not blank; outer white space is not part of it. */
export const Username = T.String({ title: 'Username', maxLength: USERNAME_MAX_LENGTH, pattern: NOT_BLANK });

/** POST /api/v2/auth/login (and /api/v1/auth/login). `remember` defaults to true (a 28-day cookie). */
export const LoginRequest = T.Object({
  username: Username,
  password: T.String({ title: 'Password', format: 'password', minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  remember: T.Optional(T.Boolean()),
});
export type LoginRequest = T.Static<typeof LoginRequest>;

/** DELETE /api/v2/auth/session/logout/:id — the public id (a UUID) of one of the user's sessions. */
export const SessionIdParams = T.Object({
  id: T.String({ pattern: '^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$' }),
});
