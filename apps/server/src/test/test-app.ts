import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { computeSign, type Params } from '@vsp/contract/signing';
import { buildApp } from '../app';
import type { AppDeps } from '../platform';
import { loadConfig, type Config } from '../config';
import type { Database, DatabaseHandle } from '../db/database';
import { MemoryKeyValueStore, type KeyValueStore } from '../shared/key-value-store';
import { databaseTargets } from './databases';

export interface TestApp {
  /** The app; a module's services are its decorations (`t.app.gifts`, decision 0173). */
  app: FastifyInstance;
  config: Config;
  /** The app's database, for a test that writes what no operation can (a malformed stored value, say). */
  db: Database;
  /** A fresh folder of this app (DATA_DIR): the mail outbox lands in dataDir/outbox. */
  dataDir: string;
  /** Signs params as a client would: appId, timestamp, a fresh random and the sign. */
  sign(params?: Params, options?: { appId?: number; timestamp?: number; random?: string }): Record<string, string>;
  /**
   * A request's `random` (6 digits, 4 for the credential call) never given before in this process:
   * the server refuses a sign it has seen (40900), and a test's requests often share their time and
   * body, so a random drawn by chance would repeat in about one run in ten.
   */
  nextRandom(digits?: 4 | 6): string;
  /**
   * A new account of `role` and a session of it, as the `token` and `uid` headers (and the uid as a
   * number, `n`). An operator's session has passed its second factor, as after the console's
   * sign-in (decision 0155); its roles are all of them unless the account says otherwise.
   */
  signedIn(userName: string, role?: 'operator' | 'player'): Promise<{ token: string; uid: string; n: number }>;
  close(): Promise<void>;
}

let counter = 0;
const nextRandom = (digits: 4 | 6 = 6) => {
  counter = (counter + 1) % 10 ** digits;
  return String(counter).padStart(digits, '0');
};

/** The real app through inject, on a fresh database (PGlite unless a handle is given). */
export async function createTestApp(
  options: { database?: DatabaseHandle; store?: KeyValueStore; env?: Record<string, string> } & Pick<AppDeps, 'now' | 'limits' | 'mailer' | 'drain'> = {},
): Promise<TestApp> {
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vsp-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', CONSOLE_DIST: '/nonexistent', DATA_DIR: dataDir, ...options.env });
  const database = options.database ?? (await databaseTargets()[0]!.open());
  const store = options.store ?? new MemoryKeyValueStore();
  const extras = { now: options.now, limits: options.limits, mailer: options.mailer, drain: options.drain };
  const app = await buildApp({ config, database, store, cacheKind: 'memory', ...extras });
  await app.ready();
  const clock = options.now ?? Date.now;

  return {
    app,
    config,
    db: database.db,
    dataDir,
    nextRandom,
    sign(params = {}, signOptions = {}) {
      const appId = signOptions.appId ?? 1004;
      const base: Params = {
        ...params,
        appId,
        timestamp: signOptions.timestamp ?? clock(),
        random: signOptions.random ?? nextRandom(appId === 1000 ? 4 : 6),
      };
      const sign = computeSign(base, config.signSecrets.get(appId) ?? 'unknown-secret');
      return Object.fromEntries(Object.entries({ ...base, sign }).map(([k, v]) => [k, String(v)]));
    },
    async signedIn(userName, role = 'player') {
      const user = await app.accounts.createUser({ userName, email: `${userName}@example.com`, password: 'long-password-9', role });
      const { token } = await app.sessions.create(user.uid, '', role === 'operator' ? { secondFactor: 'totp' } : {});
      return { token, uid: String(user.uid), n: user.uid };
    },
    async close() {
      await app.close();
      if (!options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
