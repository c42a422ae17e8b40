import { describe, expect, it } from 'vitest';
import { checkEmail, checkNewAccount, checkNickname, checkPassword, checkUserName } from './account-rules';

describe('account rules', () => {
  it('user names: 3 to 20 letters, digits, dot, underscore or hyphen, starting with a letter or digit', () => {
    expect(checkUserName('demo')).toBeUndefined();
    expect(checkUserName('a.b_c-9')).toBeUndefined();
    expect(checkUserName('  ')).toBe('required');
    expect(checkUserName('ab')).toBe('tooShort');
    expect(checkUserName('a'.repeat(21))).toBe('tooLong');
    expect(checkUserName('_hidden')).toBe('pattern');
    expect(checkUserName('me@example.com')).toBe('pattern');
    expect(checkUserName('with space')).toBe('pattern');
  });

  it('e-mails: one @ and a dotted domain, at most 254 characters', () => {
    expect(checkEmail('kid@example.co.uk')).toBeUndefined();
    expect(checkEmail('')).toBe('required');
    expect(checkEmail('no-at.example.com')).toBe('pattern');
    expect(checkEmail('a@b')).toBe('pattern');
    expect(checkEmail(`${'a'.repeat(250)}@b.co`)).toBe('tooLong');
  });

  it('nicknames: optional, never blank, at most 20 characters counted as people see them', () => {
    expect(checkNickname(undefined)).toBeUndefined();
    expect(checkNickname('星星🌟')).toBeUndefined();
    expect(checkNickname('🌟'.repeat(20))).toBeUndefined();
    expect(checkNickname('🌟'.repeat(21))).toBe('tooLong');
    expect(checkNickname('   ')).toBe('required');
    expect(checkNickname('bad\u0007bell')).toBe('pattern');
    // Nothing that shows one name as another or hides characters (issue 28); emoji sequences stay.
    for (const hidden of ['\u202eyalP omeD', 'Demo\u200bPlayer', 'a\u2066b\u2069', 'x\u200ey', 'x\ufeffy', 'x\u2028y', 'x\u0085y', 'x\u00adx']) {
      expect(checkNickname(hidden), JSON.stringify(hidden)).toBe('pattern');
    }
    expect(checkNickname('Family \u{1F468}\u200d\u{1F469}\u200d\u{1F467}')).toBeUndefined();
    expect(checkNickname('وائل ☀️')).toBeUndefined();
  });

  it('passwords: 8 to 128 characters of at least two kinds, never a well-known one', () => {
    expect(checkPassword('demo12345')).toBeUndefined();
    expect(checkPassword('correct horse')).toBeUndefined();
    expect(checkPassword('密码密码密码12')).toBeUndefined();
    expect(checkPassword('')).toBe('required');
    expect(checkPassword('ab1')).toBe('tooShort');
    expect(checkPassword(`a1${'x'.repeat(127)}`)).toBe('tooLong');
    expect(checkPassword('abcdefghij')).toBe('weak');
    expect(checkPassword('1234567890')).toBe('weak');
    expect(checkPassword('Password123')).toBe('weak');
  });

  it('lists every broken rule of a new account in form order', () => {
    expect(checkNewAccount({ userName: 'ok_name', email: 'ok@example.com', passWord: 'fine-pass-1' })).toEqual([]);
    expect(checkNewAccount({})).toEqual([
      { field: 'userName', rule: 'required' },
      { field: 'email', rule: 'required' },
      { field: 'passWord', rule: 'required' },
    ]);
  });
});
