import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { AdminChannelUnreachable, sendAdminCommand } from './admin-cli/admin-channel';
import { runAdminCommand, type AdminCommand, type AdminResult } from './admin-cli/admin-commands';
import { DataDirBusyError, DataDirLock } from './shared/data-dir-lock';
import { MemoryKeyValueStore } from './shared/key-value-store';

/** How long the CLI waits for a folder that is busy without a channel (a server starting, another CLI). */
const BUSY_WAIT_MS = 15_000;

/** The CLI's configuration names a server (PORT) that runs, but on another data folder or database. */
export class AdminServerElsewhereError extends Error {
  constructor(port: number, dataDir: string) {
    super(
      `A server answers on port ${port}, but it does not use the data folder ${dataDir}. ` +
        'Run the command with the DATA_DIR (or DATABASE_URL) of that server, or stop it first; nothing was changed.',
    );
    this.name = 'AdminServerElsewhereError';
  }
}

/** Whether anything answers HTTP on this machine's `port` (0: no port named). */
async function serverAnswers(port: number): Promise<boolean> {
  if (port === 0) return false;
  try {
    // Any HTTP answer means something serves there (a draining server answers 503).
    await (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the app on the database, never listening, and runs the command on its services. No timed
 * work starts (only the listener starts it); the website's build is read if present and not needed.
 */
async function runInThisProcess(config: Config, command: AdminCommand, pgliteDir?: string): Promise<AdminResult> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir });
  const store = new MemoryKeyValueStore();
  // Closing the app closes the database and the store; before there is an app, they close here.
  const app = await buildApp({ config, database, store, cacheKind: 'memory' }).catch(async (error: unknown) => {
    await store.close();
    await database.close();
    throw error;
  });
  try {
    await app.ready();
    return await runAdminCommand(app, command);
  } finally {
    await app.close();
  }
}

/**
 * Runs an admin command where it is safe (decision 0011): PostgreSQL serves many processes, so the
 * CLI connects itself; a PGlite folder is opened by one process only, so the CLI either takes the
 * folder's lock (server down) or hands the command to the server holding it (its admin channel).
 */
export async function runAdmin(config: Config, command: AdminCommand): Promise<{ result: AdminResult; via: 'database' | 'server' }> {
  if (config.DATABASE_URL) return { result: await runInThisProcess(config, command), via: 'database' };
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const lock = DataDirLock.tryAcquire(config.dataDir, 'admin-cli');
    if (lock instanceof DataDirLock) {
      // No server holds this folder. If the server the configuration names (PORT) runs all the
      // same, it runs on another folder: acting here would change data nobody serves (issue 31).
      if (await serverAnswers(config.PORT)) {
        lock.release();
        throw new AdminServerElsewhereError(config.PORT, config.dataDir);
      }
      try {
        return { result: await runInThisProcess(config, command, path.join(config.dataDir, 'db')), via: 'database' };
      } finally {
        lock.release();
      }
    }
    const channel = lock.heldBy?.owner === 'server' ? lock.heldBy.channel : undefined;
    if (channel) {
      try {
        return { result: await sendAdminCommand(channel, command), via: 'server' };
      } catch (error) {
        if (!(error instanceof AdminChannelUnreachable)) throw error;
      }
    }
    if (Date.now() >= deadline) throw new DataDirBusyError(config.dataDir, lock.heldBy);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
