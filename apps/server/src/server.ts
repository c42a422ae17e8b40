import { mkdirSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { startAdminChannel, type AdminChannel } from './admin-cli/admin-channel';
import { runAdminCommand } from './admin-cli/admin-commands';
import { DataDirBusyError, DataDirLock } from './shared/data-dir-lock';
import { Drain } from './shared/drain';
import { DEMO_ACCOUNTS, DEMO_GIFT_CODE, DEMO_PASSWORD, DEMO_TOTP_SECRET, seedDemoWorld } from './seed/seed-demo';
import { openKeyValueStore } from './shared/key-value-store';
import { startScheduledJobs } from './shared/scheduled-jobs';

/** A CLI command holding the PGlite folder finishes within seconds; wait that long before giving up. */
const DATA_DIR_WAIT_MS = 30_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  mkdirSync(config.dataDir, { recursive: true });
  // PGlite is single-process: hold the data folder for the life of this process (decision 0011).
  const lock = config.DATABASE_URL ? undefined : await DataDirLock.acquire(config.dataDir, 'server', { waitMs: DATA_DIR_WAIT_MS });
  process.once('exit', () => lock?.release());

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'db'),
  });
  const store = openKeyValueStore(config.REDIS_URL);
  const drain = new Drain();
  const app = await buildApp({ config, database, store, cacheKind: config.REDIS_URL ? 'redis' : 'memory', drain });

  // Ready: every module has decorated the app with its services, which the seed and the channel use.
  await app.ready();
  const seeded = config.SEED_DEMO ? await seedDemoWorld(app) : false;

  // With PGlite, `npm run admin` reaches the database through this process (127.0.0.1 only).
  let adminChannel: AdminChannel | undefined;
  if (lock) {
    adminChannel = await startAdminChannel((command) => runAdminCommand(app, command));
    lock.announceChannel(adminChannel.address);
  }

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  app.payments.setListenOrigin(address);
  // Timed work (the top-up reconcile, the sandbox gateway's deliveries) runs now, which finishes what
  // a crash left open, and then once per tick across every process on the database (decision 0121).
  const jobs = startScheduledJobs(database, app.jobs, { log: app.log });

  closeWithGrace({ delay: 10_000 + config.DRAIN_MAX_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    // Behind a load balancer, stay open until its health checks have taken this process out: what
    // it sends until then is served, and what is in flight when the listener closes finishes.
    if (!err && config.DRAIN_HEALTH_CHECKS > 0) {
      drain.start();
      const seen = await drain.untilSeen(config.DRAIN_HEALTH_CHECKS, config.DRAIN_MAX_MS);
      app.log.info({ seen }, seen ? 'drained: the load balancer saw the drain' : 'drained: no health check came in time');
    }
    await adminChannel?.close();
    await jobs.stop();
    await app.close();
    lock?.release();
  });
  const shownUrl = config.PORT === 8080 || !config.PUBLIC_URL ? config.publicUrl : address;
  const lines = [
    '',
    `  Website   ${shownUrl}`,
    `  Console   ${shownUrl}/console`,
    `  API docs  ${shownUrl}/docs`,
    `  Data      ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`}`,
    `  Mail      ${config.SMTP_URL ? 'SMTP' : `.eml files in ${path.join(config.dataDir, 'outbox')}`}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(
      `  Demo log-ins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.userName} (${a.role})`).join(', ')}`,
      `  Demo operator's authenticator-app key (second factor): ${DEMO_TOTP_SECRET}`,
      `  Demo gift code: ${DEMO_GIFT_CODE} (on ${shownUrl}/exchange, for any account ID, e.g. 10000001)`,
    );
    if (seeded) lines.push('  Seeded the demo world on this first start.');
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});
