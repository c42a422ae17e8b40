import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import type { DatabaseHandle } from '../../db/database';
import { passwordResets } from './password-resets.schema';
import { databaseTargets } from '../../test/databases';
import { latestResetLink, readOutbox } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The forgotten-password flow end to end: request, the .eml in the outbox, its link, the new password. */
describe.each(databaseTargets())('password reset through the outbox on $name', (target) => {
  let t: TestApp;
  let handle: DatabaseHandle;
  let clock = Date.now();

  beforeAll(async () => {
    handle = await target.open();
    // Many requests for one address in this file: the per-account limit is tested in auth-limits.test.ts.
    t = await createTestApp({ database: handle, now: () => clock, limits: { resetRequestPerAccount: { max: 100, windowMs: 60_000 }, resetRequestPerAccountAndClient: { max: 100, windowMs: 60_000 } } });
    await t.app.accounts.createUser({ userName: 'pia', email: 'Pia@Example.com', password: 'old-password-1', nickname: 'Pia' });
  });
  afterAll(() => t.close());

  const outbox = () => path.join(t.dataDir, 'outbox');
  const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/v1/user/official${url}`, headers, payload: t.sign(body) });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const login = (passWord: string) => post('/loginByEmailOrUserName', { userName: 'pia', passWord });

  it('mails a link for a known address and answers the same for an unknown one', async () => {
    const known = await post('/password/sendResetEmail', { email: ' pia@example.COM ' });
    expect(known.json()).toEqual({ status: 1, data: { sent: true, validMinutes: 60 } });
    const messages = readOutbox(outbox());
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to.toLowerCase()).toContain('pia@example.com');
    expect(messages[0]!.subject).toBe('Reset your Avatar Party password');
    expect(messages[0]!.text).toContain('Hello Pia,');
    expect(latestResetLink(outbox(), 'Pia@Example.com')).toMatch(new RegExp(`^${t.config.publicUrl}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));

    const unknown = await post('/password/sendResetEmail', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(known.json());
    expect(readOutbox(outbox())).toHaveLength(1);
  });

  it('writes the mail in the language of the request, right to left for Arabic', async () => {
    await post('/password/sendResetEmail', { email: 'pia@example.com', lang: 'ar' });
    const message = readOutbox(outbox()).at(-1)!;
    expect(message.text).toContain('dir="rtl"');
    expect(message.text).toContain('lang="ar"');
  });

  it('sets a new password with the link: old password and old sessions stop working, the link is used up', async () => {
    const session = (await login('old-password-1')).json().data as { token: string; uid: number };
    await post('/password/sendResetEmail', { email: 'pia@example.com' });
    const token = tokenOf(latestResetLink(outbox(), 'Pia@Example.com')!);

    const check = await post('/password/checkResetToken', { token });
    expect(check.statusCode).toBe(200);
    expect(Date.parse(check.json().data.expiresAt)).toBeGreaterThan(clock);

    expect((await post('/password/reset', { token, passWord: '' })).json().errInfo.code).toBe(Errors.PasswordEmpty);
    const weak = await post('/password/reset', { token, passWord: 'lettersonly' });
    expect(weak.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'passWord', rule: 'weak' }] });

    const reset = await post('/password/reset', { token, passWord: 'new-password-2' });
    expect(reset.json()).toEqual({ status: 1, data: { reset: true } });
    expect((await login('new-password-2')).statusCode).toBe(200);
    expect((await login('old-password-1')).json().errInfo.code).toBe(Errors.WrongPassword);
    const info = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign(), headers: { token: session.token, uid: String(session.uid) } });
    expect(info.json().errInfo.code).toBe(Errors.LoggedOut);

    expect((await post('/password/reset', { token, passWord: 'another-password-3' })).json().errInfo.code).toBe(Errors.PasswordResetLinkUsed);
    expect((await post('/password/checkResetToken', { token })).json().errInfo.code).toBe(Errors.PasswordResetLinkUsed);
  });

  it('a successful reset uses up the older links of the account too', async () => {
    await post('/password/sendResetEmail', { email: 'pia@example.com' });
    const first = tokenOf(latestResetLink(outbox(), 'Pia@Example.com')!);
    await post('/password/sendResetEmail', { email: 'pia@example.com' });
    const second = tokenOf(latestResetLink(outbox(), 'Pia@Example.com')!);
    expect(second).not.toBe(first);
    expect((await post('/password/reset', { token: second, passWord: 'new-password-4' })).statusCode).toBe(200);
    expect((await post('/password/reset', { token: first, passWord: 'new-password-5' })).json().errInfo.code).toBe(Errors.PasswordResetLinkUsed);
  });

  it('answers 10019 for an unknown link and 10020 once the hour has passed', async () => {
    expect((await post('/password/reset', { token: 'no-such-token', passWord: 'new-password-6' })).json().errInfo.code).toBe(Errors.PasswordResetRequestNotFound);
    await post('/password/sendResetEmail', { email: 'pia@example.com' });
    const token = tokenOf(latestResetLink(outbox(), 'Pia@Example.com')!);
    clock += 60 * 60 * 1000 + 1;
    const expired = await post('/password/reset', { token, passWord: 'new-password-6' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errInfo.code).toBe(Errors.PasswordResetLinkExpired);
    expect((await post('/password/checkResetToken', { token })).json().errInfo.code).toBe(Errors.PasswordResetLinkExpired);
  });

  it('never stores a raw session token or reset token: the database holds hashes only', async () => {
    const session = (await login('new-password-4')).json().data as { token: string };
    await post('/password/sendResetEmail', { email: 'pia@example.com' });
    const resetToken = tokenOf(latestResetLink(outbox(), 'Pia@Example.com')!);
    // PGlite answers { rows }, node-postgres a result with rows too; both through drizzle's execute.
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const names = rowsOf(
      await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    ).map((row) => String(row.table_name));
    expect(names).toEqual(expect.arrayContaining(['sessions', 'password_resets', 'users']));
    for (const table_name of names) {
      const dump = JSON.stringify(rowsOf(await handle.db.execute(sql`select * from ${sql.identifier(table_name)}`)));
      expect(dump, table_name).not.toContain(session.token);
      expect(dump, table_name).not.toContain(resetToken);
    }
  });
});

describe('password reset when the mail cannot be sent', () => {
  let t: TestApp;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await databaseTargets()[0]!.open();
    t = await createTestApp({ database: handle, mailer: { kind: 'smtp', send: () => Promise.reject(new Error('mail server down')), close: () => undefined } });
    await t.app.accounts.createUser({ userName: 'quinn', email: 'quinn@example.com', password: 'quinn-password-1' });
  });
  afterAll(() => t.close());

  it('answers 10010 and leaves no working link behind', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/user/official/password/sendResetEmail', payload: t.sign({ email: 'quinn@example.com' }) });
    expect(response.statusCode).toBe(502);
    expect(response.json().errInfo.code).toBe(Errors.EmailNotSent);
    expect(await handle.db.select().from(passwordResets)).toEqual([]);
  });
});
