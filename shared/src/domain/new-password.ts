/**
 * The rules of spec §7 for a new password that a person types twice: present, at least
 * PASSWORD_MIN_LENGTH characters, and the confirmation identical. One place for every form that
 * sets a password (the reset page of the shell, the profile's password page); the server checks
 * the length again (checkNewPassword). Each form translates the problems with its own keys.
 */
import { PASSWORD_MIN_LENGTH } from '../api/user';

export interface NewPasswordProblems {
  password?: 'required' | 'tooShort';
  confirm?: 'mismatch';
}

/** What is wrong with a new password and its confirmation; empty when nothing is. */
export function newPasswordProblems(password: string, confirm: string): NewPasswordProblems {
  if (!password) return { password: 'required' };
  if (password.length < PASSWORD_MIN_LENGTH) return { password: 'tooShort' };
  return confirm === password ? {} : { confirm: 'mismatch' };
}
