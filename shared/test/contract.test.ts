import {
  ENDPOINTS,
  fieldProblem,
  formErrors,
  formProblems,
  LoginRequest,
  NewPassword,
  pathFor,
  RegistrationForm,
  validationMessage,
  MESSAGES,
  type BodyOf,
  type QueryOf,
} from '../src';

describe('form rules read from the contract', () => {
  it('gives the spec texts for blank sign-in fields (outer spaces do not count, except in passwords)', () => {
    expect(formErrors(LoginRequest, { username: '  ', password: '' })).toEqual({
      username: 'Username should not be blank',
      password: 'Password should not be blank',
    });
    expect(formErrors(LoginRequest, { username: ' demo ', password: '   ' })).toEqual({});
    expect(formErrors(LoginRequest, { username: 'x'.repeat(201), password: 'p' })).toEqual({
      username: 'Username can have at most 200 characters',
    });
  });

  it('lets a form word the problems itself', () => {
    const errors = formErrors(LoginRequest, { username: '', password: 'p' }, (field, problem) => `${field}:${problem.rule}`);
    expect(errors).toEqual({ username: 'username:required' });
  });

  it('checks a new password by its minimum, with the spec text', () => {
    expect(fieldProblem(NewPassword, 'abc', true)).toEqual({ rule: 'minLength', limit: 6 });
    expect(fieldProblem(NewPassword, 'abcdef', true)).toBeNull();
    expect(formErrors(RegistrationForm, { password: 'abc' }).password).toBe(MESSAGES.passwordTooShort);
  });

  it('checks registration: required, e-mail address, lengths; phone is optional', () => {
    const problems = formProblems(RegistrationForm, {
      name: '',
      email: 'not-an-address',
      phone: '',
      username: 'u',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(problems).toEqual({ name: { rule: 'required' }, email: { rule: 'email' } });
    expect(formErrors(RegistrationForm, { email: 'a@b' }).email).toBe('Enter valid Email');
    expect(formProblems(RegistrationForm, { phone: '1'.repeat(51) }).phone).toEqual({ rule: 'maxLength', limit: 50 });
  });

  it('turns a validator error of a named field into the same text, and leaves others alone', () => {
    expect(validationMessage(LoginRequest, { keyword: 'pattern', instancePath: '/username', params: {} })).toBe(
      'Username should not be blank',
    );
    expect(validationMessage(LoginRequest, { keyword: 'minLength', instancePath: '/password', params: { limit: 1 } })).toBe(
      'Password should not be blank',
    );
    expect(validationMessage(LoginRequest, { keyword: 'maxLength', instancePath: '/username', params: { limit: 200 } })).toBeUndefined();
    expect(validationMessage(LoginRequest, { keyword: 'type', instancePath: '/remember', params: {} })).toBeUndefined();
  });
});

describe('the endpoint table', () => {
  it('fills a path’s segments, URI-encoded', () => {
    expect(pathFor(ENDPOINTS.session)).toBe('/api/v3/user/session');
    expect(pathFor(ENDPOINTS.dashboard, { id: 1001 })).toBe('/api/v3/user/dashboard/1001');
    expect(pathFor(ENDPOINTS.updateMarker, { id: 1, n: 2, markerId: 3 })).toBe(
      '/api/v2/device/legacy/devices/1/channel/2/markers/3',
    );
    expect(pathFor(ENDPOINTS.verifyResetToken, { token: 'a/b c' })).toBe('/api/v3/user/verifyChangePasswordToken/a%2Fb%20c');
    expect(() => pathFor(ENDPOINTS.dashboard, {} as { id: number })).toThrow(/:id/);
  });

  it('names each method and path once', () => {
    const keys = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of Object.values(ENDPOINTS)) expect(e.path).toMatch(/^\/api(\/|$)/);
  });

  it('types bodies and queries from the schemas', () => {
    const body: BodyOf<typeof ENDPOINTS.login> = { username: 'u', password: 'p' };
    const query: QueryOf<typeof ENDPOINTS.devices> = { use_context: true };
    expect([body.username, query.use_context]).toEqual(['u', true]);
  });
});
