import { mkdirSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp, buildServices } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoWorld } from './modules/seed/seed-demo';
import { openKeyValueStore } from './shared/key-value-store';

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
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'db'),
  });
  const store = openKeyValueStore(config.REDIS_URL);
  const app = await buildApp({ config, database, store, cacheKind: config.REDIS_URL ? 'redis' : 'memory' });

  const seeded = config.SEED_DEMO ? await seedDemoWorld(buildServices({ database, config })) : false;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const shownUrl = config.PORT === 8080 || !config.PUBLIC_URL ? config.publicUrl : address;
  const lines = [
    '',
    `  Website   ${shownUrl}`,
    `  Console   ${shownUrl}/console`,
    `  API docs  ${shownUrl}/docs`,
    `  Data      ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`}`,
  ];
  if (config.SEED_DEMO) {
    lines.push(
      `  Demo log-ins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.userName} (${a.role})`).join(', ')}`,
    );
    if (seeded) lines.push('  Seeded the demo world on this first start.');
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
