import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, DataDirLock, lockFilePath, readLockHolder } from './data-dir-lock';

/** A pid that surely belongs to no running process: a child that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('data folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vsp-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const writeHolder = (pid: number, owner = 'server') =>
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid, owner, startedAt: new Date().toISOString() }));

  it('takes a free folder once: a second taker learns who holds it', () => {
    const lock = DataDirLock.tryAcquire(dir, 'server');
    expect(lock).toBeInstanceOf(DataDirLock);
    expect(statSync(lockFilePath(dir)).mode & 0o777).toBe(0o600);
    // Another process would see this one as the holder; in-process we see our own pid as stale,
    // so check the file's content instead.
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: process.pid, owner: 'server' });
    (lock as DataDirLock).release();
    expect(() => statSync(lockFilePath(dir))).toThrow();
  });

  it('refuses a folder held by a live process and names it', async () => {
    writeHolder(process.ppid);
    const result = DataDirLock.tryAcquire(dir, 'admin-cli');
    expect(result).toEqual({ heldBy: expect.objectContaining({ pid: process.ppid, owner: 'server' }) });
    expect(readLockHolder(dir)?.pid).toBe(process.ppid);
    await expect(DataDirLock.acquire(dir, 'server', { waitMs: 300 })).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(DataDirLock.acquire(dir, 'server', { waitMs: 0 })).rejects.toThrow(new RegExp(`process ${process.ppid} \\(server\\)`));
  });

  it('takes over the lock of a process that is gone, or of a previous life of this pid', () => {
    writeHolder(deadPid());
    expect(readLockHolder(dir)).toBeUndefined();
    const lock = DataDirLock.tryAcquire(dir, 'server');
    expect(lock).toBeInstanceOf(DataDirLock);
    (lock as DataDirLock).release();

    writeHolder(process.pid);
    expect(DataDirLock.tryAcquire(dir, 'admin-cli')).toBeInstanceOf(DataDirLock);
  });

  it('treats a half-written lock file as held while it is fresh, and as stale once old', () => {
    writeFileSync(lockFilePath(dir), '');
    expect(DataDirLock.tryAcquire(dir, 'admin-cli')).toEqual({ heldBy: undefined });
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFilePath(dir), old, old);
    expect(DataDirLock.tryAcquire(dir, 'admin-cli')).toBeInstanceOf(DataDirLock);
  });

  it('publishes the admin channel in one step and never releases a lock that is not its own', () => {
    const lock = DataDirLock.tryAcquire(dir, 'server') as DataDirLock;
    lock.announceChannel({ port: 4321, secret: 's3cret' });
    expect(JSON.parse(readFileSync(lockFilePath(dir), 'utf8'))).toMatchObject({ pid: process.pid, channel: { port: 4321, secret: 's3cret' } });
    expect(statSync(lockFilePath(dir)).mode & 0o777).toBe(0o600);
    writeHolder(process.ppid);
    lock.release();
    expect(readLockHolder(dir)?.pid).toBe(process.ppid);
  });
});
