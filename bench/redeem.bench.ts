// Gift-code redemption under a race: 500 players redeem one shared code at once (cap 100, as in
// gift-race.e2e.ts) against the real API on 127.0.0.1, measured beside a plain authenticated read
// (the wallet) on the same server, database and concurrency in the same run. PGlite by default;
// BENCH_DATABASE_URL runs it on PostgreSQL. Bounded in requests and time.
import { createApiClient } from '@vsp/api-client/api-client';
import { AppError } from '@vsp/contract/app-error';
import { giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { walletPath } from '@vsp/contract/endpoints/recharge';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { users } from '../apps/server/src/db/schema';
import { MemoryKeyValueStore } from '../apps/server/src/shared/key-value-store';
import type { BenchResult } from './run';

const PLAYERS = 500;
const CAP = 100;
/** All of them at once: the 500-way race. */
const CONCURRENCY = PLAYERS;
const TIME_LIMIT_MS = 90_000;

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  outcomes: Map<string, number>;
}

/** Fires `count` requests with at most CONCURRENCY in flight; answers throughput and latency percentiles. */
async function race(count: number, send: (i: number) => Promise<string>): Promise<Run> {
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  let next = 0;
  const deadline = Date.now() + TIME_LIMIT_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count && Date.now() < deadline) {
        const i = next++;
        const t0 = performance.now();
        const outcome = await send(i);
        latencies.push(performance.now() - t0);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), outcomes };
}

export default async function redeemBench(): Promise<BenchResult> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    WEB_DIST: '/nonexistent',
    CONSOLE_DIST: '/nonexistent',
    GIFT_LIMIT_PER_ACCOUNT: '100000',
    GIFT_LIMIT_PER_ADDRESS: '100000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  const app = await buildApp({ config, database, store: new MemoryKeyValueStore(), cacheKind: 'memory' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  if (!address.startsWith('http://127.0.0.1:')) throw new Error(`benchmark must target 127.0.0.1, got ${address}`);
  try {
    const tag = Date.now().toString(36);
    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: PLAYERS }, (_, i) => ({ userName: `bench${tag}${i}`, email: `bench${tag}${i}@example.com`, nickname: `Bench ${i}`, passwordHash: 'not-a-login' })))
      .returning({ uid: users.uid });
    const code = `BENCH-${tag}`;
    await app.services.gifts.createCampaign({
      name: 'bench',
      contents: [{ asset: 'diamonds', quantity: 1 }],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      totalCap: CAP,
      sharedCode: code,
    });
    const session = await app.services.sessions.create(rows[0]!.uid, 'bench');

    const client = (player: { token: string; uid: number } | null) => createApiClient({ baseUrl: address, signing: { secretFor: () => config.SIGN_SECRET_1004 }, session: () => player });
    const outcome = (call: Promise<unknown>) => call.then(() => 'ok', (error: unknown) => (error instanceof AppError ? String(error.code) : 'failed'));

    const anonymous = client(null);
    const subject = await race(PLAYERS, (i) => outcome(anonymous.post(giftRedeemPath, { body: { uid: rows[i]!.uid, code } })));
    if (subject.outcomes.get('ok') !== CAP) throw new Error(`cap broken: ${JSON.stringify([...subject.outcomes])}`);

    const reader = client({ token: session.token, uid: rows[0]!.uid });
    const anchor = await race(PLAYERS, () => outcome(reader.get(walletPath)));

    return {
      name: 'gift-code redemption race',
      subject: `${PLAYERS} players redeem one shared code (cap ${CAP}), ${CONCURRENCY} in flight, ${database.kind}`,
      anchor: 'authenticated wallet read on the same server, same concurrency',
      ratio: subject.perSecond / anchor.perSecond,
      target: '>= 0.3 (a redemption is a short transaction, not a bottleneck); redemption p99 <= 1000 ms on PostgreSQL',
      details: {
        'redemptions/s': Math.round(subject.perSecond),
        'redemption p50 ms': subject.p50.toFixed(1),
        'redemption p99 ms': subject.p99.toFixed(1),
        outcomes: JSON.stringify(Object.fromEntries(subject.outcomes)),
        'reads/s': Math.round(anchor.perSecond),
        'read p50 ms': anchor.p50.toFixed(1),
        'read p99 ms': anchor.p99.toFixed(1),
      },
    };
  } finally {
    await app.close();
  }
}
