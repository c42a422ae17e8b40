import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../test/test-app';
import { sendAdminCommand, startAdminChannel, type AdminChannel } from './admin-channel';
import { AdminUsageError, describeAdminError, parseAdminArgs, runAdminCommand } from './admin-commands';

describe('admin command line', () => {
  it('reads each command and its options', () => {
    expect(parseAdminArgs(['create-user', '--user-name', 'uma', '--email', 'uma@example.com', '--password', 'uma-pass-1'])).toEqual({
      command: 'create-user',
      userName: 'uma',
      email: 'uma@example.com',
      password: 'uma-pass-1',
    });
    expect(parseAdminArgs(['create-user', '--user-name=op', '--email=op@example.com', '--password=op-pass-1', '--nickname', 'Op', '--role', 'operator'])).toMatchObject({
      nickname: 'Op',
      role: 'operator',
    });
    expect(parseAdminArgs(['block', '--uid', '10000001'])).toEqual({ command: 'block', uid: 10_000_001 });
    expect(parseAdminArgs(['unblock', '--uid', '10000001'])).toEqual({ command: 'unblock', uid: 10_000_001 });
    expect(parseAdminArgs(['set-password', '--uid', '7', '--password', 'x-pass-123'])).toEqual({ command: 'set-password', uid: 7, password: 'x-pass-123' });
    expect(parseAdminArgs([])).toBe('help');
    expect(parseAdminArgs(['block', '--help'])).toBe('help');
  });

  it.each([
    [['launch'], /unknown command "launch"/],
    [['block'], /block needs --uid/],
    [['block', '--uid', 'abc'], /--uid must be an account ID/],
    [['block', '--uid', '5', '--email', 'x@example.com'], /block does not take --email/],
    [['create-user', '--user-name', 'v', '--email', 'v@example.com'], /create-user needs --password/],
    [['create-user', '--user-name', 'v', '--email', 'v@example.com', '--password', 'p', '--role', 'king'], /--role must be one of player, creator, operator/],
    [['block', '--uid', '5', 'extra'], /unexpected argument "extra"/],
    [['block', '--colour', 'red'], /colour/],
  ])('refuses %j with a usage message', (argv, message) => {
    expect(() => parseAdminArgs(argv)).toThrow(AdminUsageError);
    expect(() => parseAdminArgs(argv)).toThrow(message);
  });
});

describe('admin commands and the admin channel', () => {
  let t: TestApp;
  let channel: AdminChannel;
  beforeAll(async () => {
    t = await createTestApp();
    channel = await startAdminChannel((command) => runAdminCommand(t.app, command));
  });
  afterAll(async () => {
    await channel.close();
    await t.close();
  });

  const login = (userName: string, passWord: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload: t.sign({ userName, passWord }) });

  it('creates, blocks, unblocks and sets a password over the channel', async () => {
    const created = await sendAdminCommand(channel.address, {
      command: 'create-user',
      userName: 'vera',
      email: 'vera@example.com',
      password: 'vera-pass-1',
      role: 'creator',
    });
    expect(created).toMatchObject({ userName: 'vera', role: 'creator', blocked: false });
    const session = (await login('vera', 'vera-pass-1')).json().data;
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign(), headers: { token: session.token, uid: String(session.uid) } })).json();
    expect((await me()).status).toBe(1);

    expect(await sendAdminCommand(channel.address, { command: 'block', uid: created.uid })).toMatchObject({ blocked: true });
    expect((await login('vera', 'vera-pass-1')).json().errInfo.code).toBe(Errors.AccountBlocked);
    expect(await sendAdminCommand(channel.address, { command: 'unblock', uid: created.uid })).toMatchObject({ blocked: false });
    // The session from before the block stays ended.
    expect((await me()).errInfo.code).toBe(Errors.LoggedOut);

    await sendAdminCommand(channel.address, { command: 'set-password', uid: created.uid, password: 'vera-pass-2' });
    expect((await login('vera', 'vera-pass-1')).json().errInfo.code).toBe(Errors.WrongPassword);
    expect((await login('vera', 'vera-pass-2')).statusCode).toBe(200);
  });

  it('leaves an audit entry for each command, naming the admin CLI as the actor and never the password', async () => {
    const created = await sendAdminCommand(channel.address, { command: 'create-user', userName: 'audra', email: 'audra@example.com', password: 'audra-pass-1' });
    await sendAdminCommand(channel.address, { command: 'block', uid: created.uid });
    await sendAdminCommand(channel.address, { command: 'set-password', uid: created.uid, password: 'audra-pass-2' });
    const entries = (await t.app.auditLog.recent(10)).filter((e) => e.target === `user:${created.uid}`).reverse();
    expect(entries.map((e) => e.action)).toEqual(['user.create', 'user.block', 'user.set-password']);
    for (const entry of entries) expect(entry).toMatchObject({ actorUid: null, actorName: 'admin-cli' });
    expect(entries[0]).toMatchObject({ before: null, after: { userName: 'audra', role: 'player', blocked: false } });
    expect(entries[1]).toMatchObject({ before: { blocked: false }, after: { blocked: true } });
    expect(JSON.stringify(entries)).not.toContain('audra-pass');
  });

  it("relays the server's refusal as the same catalogue error, which the CLI prints in words", async () => {
    const refusal = await sendAdminCommand(channel.address, { command: 'create-user', userName: 'vera', email: 'x@example.com', password: 'short' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).fields).toEqual([{ field: 'passWord', rule: 'tooShort' }]);
    expect(describeAdminError(refusal)).toBe('Some of the information sent is not valid (code 40000)\n  passWord: The password needs at least 8 characters');
    const missing = await sendAdminCommand(channel.address, { command: 'block', uid: 99_999_999 }).catch((e: unknown) => e);
    expect(describeAdminError(missing)).toBe('User not registered (code 10008)');
  });

  it('refuses a caller without the secret', async () => {
    await expect(sendAdminCommand({ ...channel.address, secret: 'guessed' }, { command: 'block', uid: 1 })).rejects.toThrow(/admin secret/);
  });
});
