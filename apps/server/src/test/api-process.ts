/**
 * A second API process for tests that need two (modules/parental/parental-race.test.ts): the real
 * app on the PostgreSQL database of DATABASE_URL, configured as the test app is (the same signing
 * and sandbox secrets), listening on a free loopback port that it prints as `listening <port>`. It
 * ends when its standard input closes (the test went away) or on SIGTERM.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { MemoryKeyValueStore } from '../shared/key-value-store';

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  CONSOLE_DIST: '/nonexistent',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vsp-api-process-')),
  SANDBOX_CONFIRM_DELAY_MS: '0',
  RECHARGE_LIMIT_PER_ADDRESS: '100000',
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 10 });
const app = await buildApp({ config, database, store: new MemoryKeyValueStore(), cacheKind: 'memory' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);

async function stop() {
  // Closing the app closes its database too.
  await app.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.stdin.once('end', () => void stop());
process.stdin.resume();
