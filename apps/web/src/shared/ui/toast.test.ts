import { describe, expect, it } from 'vitest';
import { toastLifetime } from './toast';

describe('toast lifetime', () => {
  it('shows a short message for 3 s and a long one long enough to read, at most 10 s', () => {
    expect(toastLifetime('Login successful')).toBe(3000);
    // The notice of a sign-in that cancelled a deletion (77 characters) stays almost 5 s.
    const notice = 'Welcome back. Signing in cancelled the deletion of your account, so it stays.';
    expect(toastLifetime(notice)).toBeGreaterThanOrEqual(4800);
    expect(toastLifetime('x'.repeat(2000))).toBe(10_000);
  });
});
