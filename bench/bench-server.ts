// The server side of the load benchmarks (api-read, redeem), in a process of its own so the load
// (signing, HTTP client) runs on the other core: the full platform app (signature check, replay
// guard, session lookup, database) and a bare Fastify answering constant JSON, both on 127.0.0.1.
// BENCH_PLAYERS accounts are made (one session for the first, an operator when BENCH_OPERATOR is
// set); BENCH_GIFT_CAP, when set, makes a shared gift code with that cap. PGlite keeps its data in
// memory, or in BENCH_PGLITE_DIR as `npm start` does in DATA_DIR. It prints what the client needs on
// one JSON line and closes when its stdin ends.
import { OPERATOR_ROLES } from '@vsp/contract/operator-roles';
import Fastify from 'fastify';
import { createApiClient } from '@vsp/api-client/api-client';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { users } from '../apps/server/src/modules/accounts/users.schema';
import { MemoryKeyValueStore } from '../apps/server/src/shared/key-value-store';

/** What a benchmark reads from the server's first line. */
export interface BenchServer {
  appUrl: string;
  bareUrl: string;
  /** The first account's session. */
  token: string;
  uid: number;
  /** Every account made, the first included. */
  uids: number[];
  /** The shared gift code, when BENCH_GIFT_CAP was set. */
  code: string | null;
  secret: string;
  database: string;
}

const players = Math.max(1, Number(process.env.BENCH_PLAYERS ?? 1));
const giftCap = process.env.BENCH_GIFT_CAP ? Number(process.env.BENCH_GIFT_CAP) : null;
const firstRole = process.env.BENCH_OPERATOR ? ('operator' as const) : ('player' as const);

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  WEB_DIST: '/nonexistent',
  CONSOLE_DIST: '/nonexistent',
  // The race is the subject, not the guessing limits.
  GIFT_LIMIT_PER_ACCOUNT: '100000',
  GIFT_LIMIT_PER_ADDRESS: '100000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: process.env.BENCH_PGLITE_DIR });
const app = await buildApp({ config, database, store: new MemoryKeyValueStore(), cacheKind: 'memory' });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const tag = Date.now().toString(36);
const rows = await database.db
  .insert(users)
  .values(Array.from({ length: players }, (_, i) => ({ userName: `bench${tag}${i}`, email: `bench${tag}${i}@example.com`, nickname: `Bench ${i}`, passwordHash: 'not-a-login', role: i === 0 ? firstRole : ('player' as const), operatorRoles: i === 0 && firstRole === 'operator' ? [...OPERATOR_ROLES] : [] })))
  .returning({ uid: users.uid });
const uid = rows[0]!.uid;
// An operator's session counts as having verified its second factor (decision 0155; players ignore it).
const { token } = await app.sessions.create(uid, 'bench', { secondFactor: 'totp' });

let code: string | null = null;
if (giftCap !== null) {
  code = `BENCH-${tag}`;
  await app.gifts.createCampaign({
    name: 'bench',
    contents: [{ asset: 'diamonds', quantity: 1 }],
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    totalCap: giftCap,
    sharedCode: code,
  });
}

// The anchor answers what the real route answers for this session, as a constant.
const client = createApiClient({ baseUrl: appUrl, signing: { secretFor: () => config.SIGN_SECRET_1004 }, session: () => ({ token, uid }) });
const answer = JSON.stringify({ status: 1, data: await client.get(getUserInfoByTokenPath) });
const bare = Fastify({ logger: false });
bare.get(getUserInfoByTokenPath, async (_request, reply) => reply.type('application/json').send(answer));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const ready: BenchServer = { appUrl, bareUrl, token, uid, uids: rows.map((r) => r.uid), code, secret: config.SIGN_SECRET_1004, database: database.kind };
process.stdout.write(`${JSON.stringify(ready)}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all([app.close(), bare.close()]).finally(() => process.exit(0));
});
