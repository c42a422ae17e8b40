// The server side of bench/api-read.bench.ts, in a process of its own so the load (signing, HTTP
// client) runs on the other core: the full platform app (signature check, replay guard, session
// lookup, database) and a bare Fastify answering constant JSON, both on 127.0.0.1. It prints their
// addresses and a session on one JSON line and closes when its stdin ends.
import Fastify from 'fastify';
import { createApiClient } from '@vsp/api-client/api-client';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { users } from '../apps/server/src/db/schema';
import { MemoryKeyValueStore } from '../apps/server/src/shared/key-value-store';

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  WEB_DIST: '/nonexistent',
  CONSOLE_DIST: '/nonexistent',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
const app = await buildApp({ config, database, store: new MemoryKeyValueStore(), cacheKind: 'memory' });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const tag = Date.now().toString(36);
const [row] = await database.db
  .insert(users)
  .values({ userName: `read${tag}`, email: `read${tag}@example.com`, nickname: 'Bench reader', passwordHash: 'not-a-login' })
  .returning({ uid: users.uid });
const { token } = await app.services.sessions.create(row!.uid, 'bench');

// The anchor answers what the real route answers for this session, as a constant.
const client = createApiClient({ baseUrl: appUrl, signing: { secretFor: () => config.SIGN_SECRET_1004 }, session: () => ({ token, uid: row!.uid }) });
const answer = JSON.stringify({ status: 1, data: await client.get(getUserInfoByTokenPath) });
const bare = Fastify({ logger: false });
bare.get(getUserInfoByTokenPath, async (_request, reply) => reply.type('application/json').send(answer));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

process.stdout.write(`${JSON.stringify({ appUrl, bareUrl, token, uid: row!.uid, secret: config.SIGN_SECRET_1004, database: database.kind })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all([app.close(), bare.close()]).finally(() => process.exit(0));
});
