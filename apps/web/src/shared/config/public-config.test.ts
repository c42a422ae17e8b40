import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@vsp/contract/public-config';
import { storeLinksFor } from './public-config';

describe('store links per site variant', () => {
  const config = {
    storeLinks: { standard: { ios: 'ios-standard', android: 'android-standard' }, regional: { ios: 'ios-regional', android: 'android-regional' } },
  } as PublicConfig;

  it('gives the regional build its own app identifier and every other build the standard one', () => {
    expect(storeLinksFor('stable-me', config)).toEqual({ ios: 'ios-regional', android: 'android-regional' });
    for (const variant of ['production', 'development', 'stable'] as const) expect(storeLinksFor(variant, config).ios).toBe('ios-standard');
  });
});
