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
      UPLOAD_SECRET: 'a-real-upload-secret-value',
      SEED_DEMO: 'true',
    });
    expect(config.SEED_DEMO).toBe(false);
  });

  it('refuses the development upload secret in production', () => {
    const env = { NODE_ENV: 'production', SIGN_SECRET_1004: 'a-real-secret-of-some-length', SIGN_SECRET_1000: 'another-real-secret-value' };
    expect(() => loadConfig(env)).toThrow(/UPLOAD_SECRET/);
  });

  it('stores on local disk by default and needs a bucket and keys for S3', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'songs', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    expect(config.S3_REGION).toBe('us-east-1');
  });
});
