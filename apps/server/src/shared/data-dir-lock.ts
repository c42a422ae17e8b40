import { mkdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes opening one data folder corrupt it. Whoever
 * opens the embedded database (the server, or the admin CLI while the server is down) first holds
 * this lock file in the data folder. The server also writes where its local admin channel listens,
 * so the CLI sends its command there instead of opening the folder. See decision 0011.
 */

export const LOCK_FILE_NAME = 'db.lock';

export interface AdminChannelAddress {
  port: number;
  /** Bearer secret of the channel; the lock file is readable by its owner only. */
  secret: string;
}

export interface LockHolder {
  pid: number;
  owner: 'server' | 'admin-cli';
  startedAt: string;
  channel?: AdminChannelAddress;
}

/** A lock file still being written by its creator counts as held for this long. */
const FRESH_FILE_MS = 5_000;

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE_NAME);
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid === 'number' && (value.owner === 'server' || value.owner === 'admin-cli') && typeof value.startedAt === 'string') {
      return value as LockHolder;
    }
  } catch {
    /* half-written or foreign content */
  }
  return undefined;
}

type Reading = { state: 'free' } | { state: 'held'; holder: LockHolder | undefined } | { state: 'stale'; text: string };

function readLockFile(file: string): Reading {
  let text: string;
  let ageMs: number;
  try {
    text = readFileSync(file, 'utf8');
    ageMs = Date.now() - statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'free' };
    throw error;
  }
  const holder = parseHolder(text);
  if (!holder) return ageMs < FRESH_FILE_MS ? { state: 'held', holder: undefined } : { state: 'stale', text };
  // Our own pid in the file is a previous life of this process id (a container restarted as pid 1).
  if (holder.pid === process.pid || !isProcessAlive(holder.pid)) return { state: 'stale', text };
  return { state: 'held', holder };
}

/** The live holder of a data folder, if any. */
export function readLockHolder(dataDir: string): LockHolder | undefined {
  const reading = readLockFile(lockFilePath(dataDir));
  return reading.state === 'held' ? reading.holder : undefined;
}

/**
 * Removes a stale lock file, unless another process is doing the same or the file changed since it
 * was read (then someone took the folder meanwhile). A directory serialises the breakers: mkdir is
 * atomic everywhere.
 */
function breakStaleLock(file: string, staleText: string) {
  const breaker = `${file}.break`;
  try {
    mkdirSync(breaker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(breaker).mtimeMs > FRESH_FILE_MS) rmdirSync(breaker);
    } catch {
      /* another breaker finished meanwhile */
    }
    return;
  }
  try {
    if (readFileSync(file, 'utf8') === staleText) unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    rmdirSync(breaker);
  }
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${holder ? `process ${holder.pid} (${holder.owner})` : 'another process'}. ` +
        `Stop it first, or delete ${lockFilePath(dataDir)} if no such process runs.`,
    );
    this.name = 'DataDirBusyError';
  }
}

export class DataDirLock {
  private constructor(
    readonly dataDir: string,
    private holder: LockHolder,
  ) {}

  /** Takes the folder if it is free (or its lock is stale); otherwise answers who holds it. */
  static tryAcquire(dataDir: string, owner: LockHolder['owner']): DataDirLock | { heldBy: LockHolder | undefined } {
    mkdirSync(dataDir, { recursive: true });
    const file = lockFilePath(dataDir);
    const holder: LockHolder = { pid: process.pid, owner, startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        writeFileSync(file, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
        return new DataDirLock(dataDir, holder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const reading = readLockFile(file);
      if (reading.state === 'held') return { heldBy: reading.holder };
      if (reading.state === 'stale') breakStaleLock(file, reading.text);
    }
    return { heldBy: undefined };
  }

  /** Takes the folder, waiting up to waitMs for a holder that is about to finish (a CLI command). */
  static async acquire(dataDir: string, owner: LockHolder['owner'], options: { waitMs: number }): Promise<DataDirLock> {
    const deadline = Date.now() + options.waitMs;
    for (;;) {
      const result = DataDirLock.tryAcquire(dataDir, owner);
      if (result instanceof DataDirLock) return result;
      if (Date.now() >= deadline) throw new DataDirBusyError(dataDir, result.heldBy);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Publishes where the admin channel listens (replaces the file in one step). */
  announceChannel(channel: AdminChannelAddress) {
    this.holder = { ...this.holder, channel };
    const file = lockFilePath(this.dataDir);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.holder), { mode: 0o600 });
    renameSync(temporary, file);
  }

  /** Gives the folder back; leaves a lock that is no longer ours alone. */
  release() {
    const file = lockFilePath(this.dataDir);
    try {
      const current = parseHolder(readFileSync(file, 'utf8'));
      if (current?.pid === this.holder.pid && current.startedAt === this.holder.startedAt) unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
}
