import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for the embedded shape', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'perhaps' })).toThrow(/SEED_DEMO/);
  });

  it('refuses development secrets in production and never seeds there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGN_SECRET_1004/);
    const config = loadConfig({
      NODE_ENV: 'production',
      SIGN_SECRET_1004: 'a-real-secret-of-some-length',
      SIGN_SECRET_1000: 'another-real-secret-value',
      SEED_DEMO: 'true',
    });
    expect(config.SEED_DEMO).toBe(false);
  });
});
