import { describe, expect, it } from 'vitest';
import { isSitePath, sitePaths } from './site-paths';

describe('site paths per build variant', () => {
  it('knows the two top-up pages of each build, and no third', () => {
    expect(isSitePath('/recharge', 'production')).toBe(true);
    expect(isSitePath('/oldRecharge', 'production')).toBe(true);
    expect(isSitePath('/newRecharge', 'production')).toBe(false);
    for (const variant of ['development', 'stable', 'stable-me'] as const) {
      expect(isSitePath('/newRecharge', variant)).toBe(true);
      expect(isSitePath('/recharge', variant)).toBe(true);
      expect(isSitePath('/oldRecharge', variant)).toBe(false);
    }
  });

  it('knows every page of spec section 2, with or without a trailing slash, and nothing else', () => {
    for (const path of Object.values(sitePaths)) expect(isSitePath(path)).toBe(true);
    expect(isSitePath('/exchange/')).toBe(true);
    expect(isSitePath('/no/such/page')).toBe(false);
    expect(isSitePath('/recharge/extra')).toBe(false);
  });
});
