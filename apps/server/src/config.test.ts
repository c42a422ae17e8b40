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
      UPLOAD_SECRET: 'a-real-upload-secret-value', RECEIPT_SECRET: 'a-real-receipt-link-secret', DEVICE_SECRET: 'a-real-device-mark-secret',
      SEED_DEMO: 'true',
    });
    expect(config.SEED_DEMO).toBe(false);
  });

  it('validates the site shell settings and keeps the company line off by default', () => {
    const config = loadConfig({});
    expect(config.SHOW_COMPANY_INFO).toBe(false);
    expect(config.ANALYTICS_TRACE_SAMPLE_RATE).toBe(1);
    expect(loadConfig({ SHOW_COMPANY_INFO: 'yes', ANALYTICS_TRACE_SAMPLE_RATE: '0.25' })).toMatchObject({ SHOW_COMPANY_INFO: true, ANALYTICS_TRACE_SAMPLE_RATE: 0.25 });
    expect(() => loadConfig({ SUPPORT_CONTACT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_CONTACT_EMAIL/);
    expect(() => loadConfig({ STORE_URL_IOS: 'itms://x' })).toThrow(/STORE_URL_IOS/);
    expect(() => loadConfig({ ANALYTICS_TRACE_SAMPLE_RATE: '2' })).toThrow(/ANALYTICS_TRACE_SAMPLE_RATE/);
  });

  it('keeps the sandbox payment gateway out of production unless asked, and then wants a real secret', () => {
    const secrets = { NODE_ENV: 'production', SIGN_SECRET_1004: 'a-real-secret-of-some-length', SIGN_SECRET_1000: 'another-real-secret-value', UPLOAD_SECRET: 'a-real-upload-secret-value', RECEIPT_SECRET: 'a-real-receipt-link-secret', DEVICE_SECRET: 'a-real-device-mark-secret' };
    expect(loadConfig({}).SANDBOX_PAYMENTS).toBe(true);
    expect(loadConfig(secrets).SANDBOX_PAYMENTS).toBe(false);
    expect(() => loadConfig({ ...secrets, SANDBOX_PAYMENTS: 'true' })).toThrow(/SANDBOX_SECRET/);
    expect(loadConfig({ ...secrets, SANDBOX_PAYMENTS: 'true', SANDBOX_SECRET: 'a-real-sandbox-secret' }).SANDBOX_PAYMENTS).toBe(true);
    expect(loadConfig({ SANDBOX_RETRY_SCHEDULE: '5,60' }).sandboxRetryScheduleMs).toEqual([5000, 60_000]);
    expect(() => loadConfig({ SANDBOX_RETRY_SCHEDULE: 'soon' })).toThrow(/SANDBOX_RETRY_SCHEDULE/);
  });

  it('refuses the development receipt-link secret in production', () => {
    const env = { NODE_ENV: 'production', SIGN_SECRET_1004: 'a-real-secret-of-some-length', SIGN_SECRET_1000: 'another-real-secret-value', UPLOAD_SECRET: 'a-real-upload-secret-value' };
    expect(() => loadConfig(env)).toThrow(/RECEIPT_SECRET/);
  });

  it('refuses the development device-mark secret in production', () => {
    const env = { NODE_ENV: 'production', SIGN_SECRET_1004: 'a-real-secret-of-some-length', SIGN_SECRET_1000: 'another-real-secret-value', UPLOAD_SECRET: 'a-real-upload-secret-value', RECEIPT_SECRET: 'a-real-receipt-link-secret' };
    expect(() => loadConfig(env)).toThrow(/DEVICE_SECRET/);
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
