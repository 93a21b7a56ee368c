import { newPasswordProblems, PASSWORD_MIN_LENGTH } from '../src';

describe('newPasswordProblems (spec §7)', () => {
  test('blank, then too short, then a confirmation that differs; nothing when all holds', () => {
    expect(newPasswordProblems('', '')).toEqual({ password: 'required' });
    expect(newPasswordProblems('a'.repeat(PASSWORD_MIN_LENGTH - 1), 'x')).toEqual({ password: 'tooShort' });
    expect(newPasswordProblems('a'.repeat(PASSWORD_MIN_LENGTH), 'b')).toEqual({ confirm: 'mismatch' });
    expect(newPasswordProblems('a'.repeat(PASSWORD_MIN_LENGTH), 'a'.repeat(PASSWORD_MIN_LENGTH))).toEqual({});
  });
});
