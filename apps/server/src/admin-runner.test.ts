import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from './admin-runner';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { startAdminChannel } from './admin-cli/admin-channel';
import { DataDirLock, lockFilePath } from './shared/data-dir-lock';

/** Where `npm run admin` runs a command: in its own process on a free PGlite folder, else through the server. */
describe('admin runner on a PGlite data folder', () => {
  let dir: string;
  let config: Config;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vsp-admin-'));
    // PORT 0 names no server: these tests are about the folder (a server on 8080 is another test's).
    config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a free folder itself, holding its lock only while the command runs', async () => {
    const { result, via } = await runAdmin(config, { command: 'create-user', userName: 'wyn', email: 'wyn@example.com', password: 'wyn-pass-1' });
    expect(via).toBe('database');
    expect(result.uid).toBeGreaterThanOrEqual(10_000_001);
    // The lock is free again: another opener can take it.
    const lock = DataDirLock.tryAcquire(dir, 'server');
    expect(lock).toBeInstanceOf(DataDirLock);
    (lock as DataDirLock).release();

    const blocked = await runAdmin(config, { command: 'block', uid: result.uid });
    expect(blocked.result.blocked).toBe(true);
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    try {
      expect((await new AccountsRepository(database.db).findByUid(result.uid))?.blocked).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('sends the command to the live holder of the folder over its channel instead of opening it', async () => {
    const seen: unknown[] = [];
    const channel = await startAdminChannel(async (command) => {
      seen.push(command);
      return { uid: 42, userName: 'from-server', role: 'player', blocked: true };
    });
    // The holder: a live process that is not this one (the test runner), announcing the channel.
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid: process.ppid, owner: 'server', startedAt: new Date().toISOString(), channel: channel.address }));
    try {
      const { result, via } = await runAdmin(config, { command: 'block', uid: 42 });
      expect(via).toBe('server');
      expect(result.userName).toBe('from-server');
      expect(seen).toEqual([{ command: 'block', uid: 42 }]);
    } finally {
      rmSync(lockFilePath(dir));
      await channel.close();
    }
  });

  it('refuses, changing nothing, when the server its PORT names runs on another folder (issue 31)', async () => {
    // A server on the named port that does not hold this folder (it runs on another one).
    const elsewhere = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((listening) => elsewhere.listen(0, '127.0.0.1', listening));
    const port = (elsewhere.address() as AddressInfo).port;
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'vsp-admin-elsewhere-'));
    try {
      const named = loadConfig({ DATA_DIR: fresh, LOG_LEVEL: 'silent', PORT: String(port) });
      await expect(runAdmin(named, { command: 'create-user', userName: 'ghost', email: 'ghost@example.com', password: 'ghost-pass-1' })).rejects.toThrow(
        new RegExp(`A server answers on port ${port}, but it does not use the data folder`),
      );
      // Nothing was created there, and the folder's lock is free.
      expect(existsSync(path.join(fresh, 'db'))).toBe(false);
      const lock = DataDirLock.tryAcquire(fresh, 'server');
      expect(lock).toBeInstanceOf(DataDirLock);
      (lock as DataDirLock).release();
    } finally {
      await new Promise((closed) => elsewhere.close(closed));
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
