import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirectPath } from './login-redirect';

describe('login redirect', () => {
  it('returns to a path of this site, query and hash included', () => {
    expect(safeRedirectPath('/music?tab=2#list')).toBe('/music?tab=2#list');
    expect(safeRedirectPath(new URL(loginUrlFor('/creator-platform?x=1'), 'http://site.test').searchParams.get('redirect'))).toBe('/creator-platform?x=1');
  });

  it('never leaves the site or loops back to the login page', () => {
    for (const value of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login', '/login?redirect=/music']) {
      expect(safeRedirectPath(value)).toBe('/');
    }
  });
});
