/** Registration's rules, shared by both forms and the server (contract/registration.ts). */
import {
  isRedirectPath,
  MESSAGES,
  RegisterBody,
  registrationBody,
  registrationProblems,
  validationMessage,
  type RegistrationValues,
} from '../src';

const values = (over: Partial<RegistrationValues> = {}): RegistrationValues => ({
  name: 'Anna Svensson',
  email: 'anna@example.se',
  phone: '',
  username: '',
  password: 'secret1',
  confirmPassword: 'secret1',
  ...over,
});

describe('registration', () => {
  it('the schema’s rules and the confirmation; phone and username optional', () => {
    expect(registrationProblems(values())).toEqual({});
    expect(
      registrationProblems(values({ name: ' ', email: 'x@y', password: 'abc', confirmPassword: 'abc' })),
    ).toEqual({
      name: { rule: 'required' },
      email: { rule: 'email' },
      password: { rule: 'minLength', limit: 6 },
    });
    expect(registrationProblems(values({ confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: { rule: 'mismatch' },
    });
    expect(registrationProblems(values({ username: '  ' }))).toEqual({});
  });

  it('the request: texts trimmed, passwords as typed, empty optional fields left out, only safe pages', () => {
    expect(
      registrationBody(
        values({
          name: ' Anna ',
          phone: ' ',
          username: ' anna.s ',
          password: ' pw pw ',
          confirmPassword: ' pw pw ',
        }),
        {
          language: 'sv',
          redirect: '/onboarding?tag=abc',
        },
      ),
    ).toEqual({
      name: 'Anna',
      email: 'anna@example.se',
      username: 'anna.s',
      password: ' pw pw ',
      confirmPassword: ' pw pw ',
      language: 'sv',
      redirect: '/onboarding?tag=abc',
    });
    expect(registrationBody(values(), { language: 'fr', redirect: '//evil.example' })).not.toHaveProperty(
      'redirect',
    );
    expect(registrationBody(values(), { language: 'fr' })).not.toHaveProperty('language');
  });

  it('redirects: paths of this site only', () => {
    for (const ok of ['/', '/dashboard/default', '/onboarding?tag=a-1&step=account', '/sso'])
      expect(isRedirectPath(ok)).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '/a b', '', 'x'])
      expect(isRedirectPath(bad)).toBe(false);
  });

  it('the server’s validator says the spec’s texts', () => {
    expect(
      validationMessage(RegisterBody, {
        keyword: 'minLength',
        instancePath: '/password',
        params: { limit: 6 },
      }),
    ).toBe(MESSAGES.passwordTooShort);
    expect(validationMessage(RegisterBody, { keyword: 'pattern', instancePath: '/name', params: {} })).toBe(
      'Name should not be blank',
    );
    expect(
      validationMessage(RegisterBody, {
        keyword: 'format',
        instancePath: '/email',
        params: { format: 'email' },
      }),
    ).toBe('Enter valid Email');
  });
});
