import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { databaseTargets, storeTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Brute-force limits through the real routes, on PGlite with the in-memory store and, when CI sets
 * DATABASE_URL and REDIS_URL, on PostgreSQL with Redis: the same behaviour on both.
 */
const shapes = databaseTargets().map((database, i) => ({ database, store: storeTargets()[i] ?? storeTargets()[0]! }));

describe.each(shapes)('brute-force limits on $database.name with $store.name', ({ database, store }) => {
  let t: TestApp;
  const WINDOW_MS = 60_000;

  beforeAll(async () => {
    t = await createTestApp({
      database: await database.open(),
      store: store.open(),
      limits: {
        loginPerAccount: { max: 3, windowMs: WINDOW_MS },
        loginPerAddress: { max: 8, windowMs: WINDOW_MS },
        resetRequestPerAccount: { max: 2, windowMs: WINDOW_MS },
        resetRequestPerAddress: { max: 100, windowMs: WINDOW_MS },
        resetUsePerAddress: { max: 3, windowMs: WINDOW_MS },
      },
    });
    await t.services.accounts.createUser({ userName: 'mona', email: 'mona@example.com', password: 'mona-password-1' });
    await t.services.accounts.createUser({ userName: 'nico', email: 'nico@example.com', password: 'nico-password-1' });
  });
  afterAll(() => t.close());

  const login = (userName: string, passWord: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', remoteAddress: address, payload: t.sign({ userName, passWord }) });

  it('stops guessing one account after its limit, whatever the address or the name used, and says when to retry', async () => {
    expect((await login('mona', 'guess-1', '10.0.0.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('MONA@example.com', 'guess-2', '10.0.0.2')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('mona', 'guess-3', '10.0.0.3')).json().errInfo.code).toBe(Errors.WrongPassword);
    const refused = await login('mona', 'mona-password-1', '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(refused.json().errInfo).toMatchObject({ code: Errors.TooManyAttempts, params: { seconds } });
    expect(refused.json().errInfo.message).toBe(`Too many attempts. Please try again in ${seconds} seconds`);
    // Another account is not affected.
    expect((await login('nico', 'nico-password-1', '10.0.0.5')).statusCode).toBe(200);
  });

  it('a successful login clears its account counter', async () => {
    expect((await login('nico', 'guess-1', '10.0.1.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('nico', 'guess-2', '10.0.1.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('nico', 'nico-password-1', '10.0.1.1')).statusCode).toBe(200);
    expect((await login('nico', 'guess-3', '10.0.1.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('nico', 'guess-4', '10.0.1.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('nico', 'nico-password-1', '10.0.1.1')).statusCode).toBe(200);
  });

  it('stops one address spraying many accounts, known or not', async () => {
    const address = '10.0.2.1';
    for (let i = 0; i < 8; i++) expect((await login(`sprayed-${i}`, 'guess', address)).json().errInfo.code).toBe(Errors.UserNotRegistered);
    expect((await login('sprayed-9', 'guess', address)).json().errInfo.code).toBe(Errors.TooManyAttempts);
    expect((await login('nico', 'nico-password-1', address)).json().errInfo.code).toBe(Errors.TooManyAttempts);
    expect((await login('nico', 'nico-password-1', '10.0.2.2')).statusCode).toBe(200);
  });

  it('does not count successful logins against an address (many players share one)', async () => {
    for (let i = 0; i < 10; i++) expect((await login('nico', 'nico-password-1', '10.0.5.1')).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login('burst-target', `guess-${i}`, `10.0.3.${i}`)));
    const codes = answers.map((a) => a.json().errInfo.code as number);
    expect(codes.filter((c) => c === Errors.UserNotRegistered)).toHaveLength(3);
    expect(codes.filter((c) => c === Errors.TooManyAttempts)).toHaveLength(7);
  });

  it('limits reset e-mails per address and using reset links per address', async () => {
    const request = (email: string) =>
      t.app.inject({ method: 'POST', url: '/v1/user/official/password/sendResetEmail', remoteAddress: '10.0.4.1', payload: t.sign({ email }) });
    expect((await request('mona@example.com')).statusCode).toBe(200);
    expect((await request('MONA@example.com')).statusCode).toBe(200);
    expect((await request('mona@example.com')).json().errInfo.code).toBe(Errors.TooManyAttempts);

    const check = (token: string) =>
      t.app.inject({ method: 'POST', url: '/v1/user/official/password/checkResetToken', remoteAddress: '10.0.4.2', payload: t.sign({ token }) });
    for (let i = 0; i < 3; i++) expect((await check(`made-up-${i}`)).json().errInfo.code).toBe(Errors.PasswordResetRequestNotFound);
    const refused = await check('made-up-4');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
