import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import path from 'node:path';
import { databaseTargets, storeTargets } from '../../test/databases';
import { readOutbox } from '../../test/outbox';
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
        loginPerAccountAndClient: { max: 3, windowMs: WINDOW_MS },
        loginPerAccount: { max: 6, windowMs: WINDOW_MS },
        loginPerAddress: { max: 8, windowMs: WINDOW_MS },
        resetRequestPerAccountAndClient: { max: 2, windowMs: WINDOW_MS },
        resetRequestPerAccount: { max: 4, windowMs: WINDOW_MS },
        resetRequestPerAddress: { max: 100, windowMs: WINDOW_MS },
        resetUsePerAddress: { max: 3, windowMs: WINDOW_MS },
      },
    });
    await t.app.accounts.createUser({ userName: 'mona', email: 'mona@example.com', password: 'mona-password-1' });
    await t.app.accounts.createUser({ userName: 'nico', email: 'nico@example.com', password: 'nico-password-1' });
  });
  afterAll(() => t.close());

  const login = (userName: string, passWord: string, address: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', remoteAddress: address, payload: t.sign({ userName, passWord }) });

  it('stops guessing one account from one client after its limit, whatever the name used, and says when to retry', async () => {
    expect((await login('mona', 'guess-1', '10.0.0.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('MONA@example.com', 'guess-2', '10.0.0.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('mona', 'guess-3', '10.0.0.1')).json().errInfo.code).toBe(Errors.WrongPassword);
    const refused = await login('mona', 'mona-password-1', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(refused.json().errInfo).toMatchObject({ code: Errors.TooManyAttempts, params: { seconds } });
    expect(refused.json().errInfo.message).toBe(`Too many attempts. Please try again in ${seconds} seconds`);
    // The owner elsewhere is not held back by a stranger's guesses (issue 28), nor is another account.
    expect((await login('mona', 'mona-password-1', '10.0.0.4')).statusCode).toBe(200);
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

  it('counts a burst of parallel guesses from many addresses exactly against the account', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login('burst-target', `guess-${i}`, `10.0.3.${i}`)));
    const codes = answers.map((a) => a.json().errInfo.code as number);
    expect(codes.filter((c) => c === Errors.UserNotRegistered)).toHaveLength(6);
    expect(codes.filter((c) => c === Errors.TooManyAttempts)).toHaveLength(4);
  });

  describe('strangers lock nobody out (issue 28)', () => {
    const cookieOf = (response: { headers: Record<string, unknown> }) => {
      const header = response.headers['set-cookie'];
      const first = (Array.isArray(header) ? header[0] : header) as string | undefined;
      return first?.split(';')[0];
    };
    const loginFrom = (userName: string, passWord: string, address: string, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', remoteAddress: address, payload: t.sign({ userName, passWord }), ...(cookie ? { headers: { cookie } } : {}) });

    it("lets the owner's browser in with the right password while strangers everywhere have used up the account's attempts", async () => {
      await t.app.accounts.createUser({ userName: 'olga', email: 'olga@example.com', password: 'olga-password-1' });
      // The owner signed in once on this browser: it keeps a mark, HttpOnly, for the sign-in calls only.
      const first = await loginFrom('olga', 'olga-password-1', '10.1.0.1');
      expect(first.statusCode).toBe(200);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/^vsp_device_\d+=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(setCookie).toMatch(/Path=\/v1\/user\/official/);
      const mark = cookieOf(first)!;
      // Strangers from six addresses use up the account-wide attempts.
      for (let i = 0; i < 6; i++) expect((await loginFrom('olga', `guess-${i}`, `10.1.1.${i}`)).json().errInfo.code).toBe(Errors.WrongPassword);
      expect((await loginFrom('olga', 'olga-password-1', '10.1.2.1')).json().errInfo.code).toBe(Errors.TooManyAttempts);
      // The owner's browser, even behind a stranger's address, gets in.
      expect((await loginFrom('olga', 'olga-password-1', '10.1.1.0', mark)).statusCode).toBe(200);
      // A forged or another account's mark is no mark.
      const forged = mark.replace(/=.*/, '=x.y.z');
      expect((await loginFrom('olga', 'olga-password-1', '10.1.2.2', forged)).json().errInfo.code).toBe(Errors.TooManyAttempts);
      const nicoMark = cookieOf(await loginFrom('nico', 'nico-password-1', '10.1.3.1'))!;
      const borrowed = `${mark.split('=')[0]}=${nicoMark.split('=').slice(1).join('=')}`;
      expect((await loginFrom('olga', 'olga-password-1', '10.1.2.3', borrowed)).json().errInfo.code).toBe(Errors.TooManyAttempts);
      // A guesser holding a stolen mark still gets only the mark's own few attempts.
      for (let i = 0; i < 3; i++) expect((await loginFrom('olga', `guess-m${i}`, '10.1.4.1', mark)).json().errInfo.code).toBe(Errors.WrongPassword);
      expect((await loginFrom('olga', 'olga-password-1', '10.1.4.1', mark)).json().errInfo.code).toBe(Errors.TooManyAttempts);
    });

    it('lifts the account-wide limits with a completed password reset, and strangers cannot use up the reset mails', async () => {
      const { uid } = await t.app.accounts.createUser({ userName: 'pia', email: 'pia@example.com', password: 'pia-password-1' });
      for (let i = 0; i < 6; i++) await loginFrom('pia', `guess-${i}`, `10.2.1.${i}`);
      expect((await loginFrom('pia', 'pia-password-1', '10.2.2.1')).json().errInfo.code).toBe(Errors.TooManyAttempts);
      const requestReset = (address: string, cookie?: string) =>
        t.app.inject({ method: 'POST', url: '/v1/user/official/password/sendResetEmail', remoteAddress: address, payload: t.sign({ email: 'pia@example.com' }), ...(cookie ? { headers: { cookie } } : {}) });
      // The owner asks for a link first; then strangers' requests count per address, then per
      // account across addresses.
      expect((await requestReset('10.2.0.1')).statusCode).toBe(200);
      expect((await requestReset('10.2.3.1')).statusCode).toBe(200);
      expect((await requestReset('10.2.3.1')).statusCode).toBe(200);
      expect((await requestReset('10.2.3.1')).json().errInfo.code).toBe(Errors.TooManyAttempts);
      expect((await requestReset('10.2.3.2')).statusCode).toBe(200);
      expect((await requestReset('10.2.3.3')).json().errInfo.code).toBe(Errors.TooManyAttempts);
      // The owner completes the reset with the link of the first mail.
      const [mail] = readOutbox(path.join(t.dataDir, 'outbox')).filter((m) => m.to === 'pia@example.com');
      const token = /token=([^\s&]+)/.exec(mail!.text)![1]!;
      const reset = await t.app.inject({ method: 'POST', url: '/v1/user/official/password/reset', remoteAddress: '10.2.4.1', payload: t.sign({ token: decodeURIComponent(token), passWord: 'pia-new-password-2' }) });
      expect(reset.json()).toMatchObject({ status: 1 });
      // The reset marked this browser, and lifted the account-wide counters for everyone.
      expect(String(reset.headers['set-cookie'])).toMatch(new RegExp(`^vsp_device_${uid}=`));
      expect((await loginFrom('pia', 'pia-new-password-2', '10.2.5.1')).statusCode).toBe(200);
      expect((await requestReset('10.2.5.2')).statusCode).toBe(200);
    });
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
