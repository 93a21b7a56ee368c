/**
 * The rules of spec §7 for a new password that a person types twice: present, at least
 * PASSWORD_MIN_LENGTH characters (the contract's NewPassword, which the server checks too), and
 * the confirmation identical. One place for every form that sets a password (the reset page of
 * the shell, the profile's password page); each form translates the problems with its own keys.
 */
import { fieldProblem } from '../contract/form';
import { NewPassword } from '../contract/user';

export interface NewPasswordProblems {
  password?: 'required' | 'tooShort';
  confirm?: 'mismatch';
}

/** What is wrong with a new password and its confirmation; empty when nothing is. */
export function newPasswordProblems(password: string, confirm: string): NewPasswordProblems {
  const problem = fieldProblem(NewPassword, password, true);
  if (problem?.rule === 'required') return { password: 'required' };
  if (problem?.rule === 'minLength') return { password: 'tooShort' };
  return confirm === password ? {} : { confirm: 'mismatch' };
}
