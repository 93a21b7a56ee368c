import { normalizeUsername, usernameKey } from '../src/domain/username';

describe('usernameKey (issue 14 §1)', () => {
  it('makes case and compatibility forms the same name', () => {
    const same = [
      'demo.super',
      'Demo.Super',
      'DEMO.SUPER',
      ' demo.super ',
      'ｄｅｍｏ.ｓｕｐｅｒ',
      'ＤＥＭＯ．ＳＵＰＥＲ',
    ];
    for (const name of same) expect(usernameKey(name)).toBe('demo.super');
    // Ligatures and superscripts fold too (NFKC); letters with accents stay distinct names.
    expect(usernameKey('ﬁeld')).toBe('field');
    expect(usernameKey('user²')).toBe('user2');
    expect(usernameKey('Åse')).not.toBe(usernameKey('Ase'));
    expect(usernameKey('A\u030Ase')).toBe(usernameKey('Åse'));
  });

  it('stores the NFKC form, keeping the case the user chose', () => {
    expect(normalizeUsername('  Ｄｅｍｏ.User ')).toBe('Demo.User');
  });
});
