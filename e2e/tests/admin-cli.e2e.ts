import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { runAdminCli } from '../support/admin-cli';
import { repoRoot, startServer, type RunningServer } from '../support/server-process';
import { apiLogin, apiUserInfoCode } from '../support/session';

/**
 * The admin CLI as an operator runs it, against the production build: through the running server's
 * admin channel, and on the data folder itself when the server is down (PGlite is one process's).
 */
describe('admin CLI', () => {
  let dataDir: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-e2e-admin-'));
    server = await startServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const loginCode = (baseUrl: string, userName: string, password: string) =>
    apiLogin(baseUrl, userName, password).then(
      () => 1,
      (error: unknown) => (error instanceof AppError ? error.code : 0),
    );

  it('creates an account through the running server and prints only its uid', async () => {
    // scripts/admin.mjs is what `npm run admin` runs.
    const result = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'scripts', 'admin.mjs'), 'create-user', '--user-name', 'cli_op', '--email', 'cli-op@example.com', '--password', 'cli-pass-1', '--nickname', 'CLI Op', '--role', 'operator'],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^\d{8}\n$/);
    const session = await apiLogin(server!.baseUrl, 'cli_op', 'cli-pass-1');
    expect(session).toMatchObject({ uid: Number(result.stdout), nickname: 'CLI Op' });
  });

  it('blocks, unblocks and sets a password while the server runs', async () => {
    const uid = (await runAdminCli(dataDir, ['create-user', '--user-name', 'cli_player', '--email', 'cli-player@example.com', '--password', 'player-pass-1'])).stdout.trim();
    const session = await apiLogin(server!.baseUrl, 'cli_player', 'player-pass-1');

    const blocked = await runAdminCli(dataDir, ['block', '--uid', uid]);
    expect(blocked).toMatchObject({ code: 0, stdout: `${uid} (cli_player) is blocked\n` });
    expect(await loginCode(server!.baseUrl, 'cli_player', 'player-pass-1')).toBe(Errors.AccountBlocked);
    expect(await apiUserInfoCode(server!.baseUrl, session)).toBe(Errors.AccountBlocked);

    // The block ended the session for good (decision 0097): after the unblock the player signs in again.
    expect((await runAdminCli(dataDir, ['unblock', '--uid', uid])).code).toBe(0);
    expect(await apiUserInfoCode(server!.baseUrl, session)).toBe(Errors.LoggedOut);
    const fresh = await apiLogin(server!.baseUrl, 'cli_player', 'player-pass-1');
    expect(await apiUserInfoCode(server!.baseUrl, fresh)).toBe(1);

    expect((await runAdminCli(dataDir, ['set-password', '--uid', uid, '--password', 'player-pass-2'])).code).toBe(0);
    expect(await apiUserInfoCode(server!.baseUrl, fresh)).toBe(Errors.LoggedOut);
    expect(await loginCode(server!.baseUrl, 'cli_player', 'player-pass-1')).toBe(Errors.WrongPassword);
    expect(await loginCode(server!.baseUrl, 'cli_player', 'player-pass-2')).toBe(1);
  });

  it('explains a refused command and a wrong invocation', async () => {
    const weak = await runAdminCli(dataDir, ['create-user', '--user-name', 'cli_weak', '--email', 'weak@example.com', '--password', 'short']);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('passWord: The password needs at least 8 characters');
    const unknown = await runAdminCli(dataDir, ['block', '--uid', '99999999']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'User not registered (code 10008)\n' });
    const usage = await runAdminCli(dataDir, ['block']);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('block needs --uid');
    expect(usage.stderr).toContain('Usage: npm run admin');
  });

  it('opens the data folder itself when the server is down, and the server then sees the change', async () => {
    await server!.stop();
    server = undefined;
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const created = await runAdminCli(dataDir, ['create-user', '--user-name', 'cli_offline', '--email', 'offline@example.com', '--password', 'offline-pass-1']);
    expect(created.code, created.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    server = await startServer({ DATA_DIR: dataDir });
    expect((await apiLogin(server.baseUrl, 'cli_offline', 'offline-pass-1')).uid).toBe(Number(created.stdout));
    // Accounts made while the server ran are still there: one database, never two copies.
    expect((await apiLogin(server.baseUrl, 'cli_op', 'cli-pass-1')).nickname).toBe('CLI Op');
  });
});
