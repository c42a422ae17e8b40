import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { testClockPath } from './test-clock';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the test clock (decision 0135)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is refused outside NODE_ENV=test, so production can never enable it', () => {
    expect(() => loadConfig({ TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'development' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK|SECRET/);
    const secrets = { SIGN_SECRET_1004: 'a-real-secret-of-some-length', SIGN_SECRET_1000: 'another-real-secret-value', UPLOAD_SECRET: 'a-real-upload-secret-value', RECEIPT_SECRET: 'a-real-receipt-link-secret', DEVICE_SECRET: 'a-real-device-mark-secret' };
    expect(() => loadConfig({ ...secrets, TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'test' }).TEST_CLOCK).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).TEST_CLOCK).toBe(false);
  });

  it('has no route without the flag', async () => {
    t = await createTestApp();
    const answer = await t.app.inject({ method: 'POST', url: testClockPath, payload: { advanceMs: DAY_MS } });
    expect(answer.statusCode).toBe(404);
  });

  it('moves the business clock forward while signed requests keep the real one', async () => {
    t = await createTestApp({ env: { TEST_CLOCK: '1' } });
    const before = Date.now();
    const moved = await t.app.inject({ method: 'POST', url: testClockPath, payload: { advanceMs: 31 * DAY_MS } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offsetMs).toBe(31 * DAY_MS);
    expect(moved.json().now).toBeGreaterThanOrEqual(before + 31 * DAY_MS);
    // A session made now expires 30 days after the moved clock, not after the real one.
    const user = await t.app.accounts.createUser({ userName: 'clocky', email: 'clocky@example.com', password: 'clock-password-1' });
    const { session } = await t.app.sessions.create(user.uid);
    expect(session.expiresAt.getTime()).toBeGreaterThan(before + 60 * DAY_MS);
    // A client's signature, stamped with its own (real) clock, is still inside the replay window.
    const login = await t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload: t.sign({ userName: 'clocky', passWord: 'clock-password-1' }) });
    expect(login.json().status).toBe(1);

    expect((await t.app.inject({ method: 'POST', url: testClockPath, payload: { advanceMs: -1 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: testClockPath, payload: {} })).statusCode).toBe(400);
  });
});
