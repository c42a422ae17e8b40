// Gift-code redemption under a race: 500 players redeem one shared code at once (cap 100, as in
// gift-race.e2e.ts) against the real API on 127.0.0.1 (in a process of its own, warmed up by plain
// reads first), measured beside a plain authenticated read (the wallet) on the same server,
// database and concurrency in the same run. PGlite by default;
// BENCH_DATABASE_URL runs it on PostgreSQL. Bounded in requests and time.
import { AppError } from '@vsp/contract/app-error';
import { giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { walletPath } from '@vsp/contract/endpoints/recharge';
import { benchClient, startBenchServer } from './bench-server-process';
import type { BenchResult } from './run';
import { percentile } from './stats';

const PLAYERS = 500;
const CAP = 100;
/** All of them at once: the 500-way race. */
const CONCURRENCY = PLAYERS;
const TIME_LIMIT_MS = 90_000;
/** Plain reads before the race. */
const WARMUP_REQUESTS = 2000;

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
  return { perSecond: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), outcomes };
}

export default async function redeemBench(): Promise<BenchResult> {
  const { server, stop } = await startBenchServer({ BENCH_PLAYERS: String(PLAYERS), BENCH_GIFT_CAP: String(CAP) });
  try {
    const outcome = (call: Promise<unknown>) => call.then(() => 'ok', (error: unknown) => (error instanceof AppError ? String(error.code) : 'failed'));
    const anonymous = benchClient(server, server.appUrl, false);
    const reader = benchClient(server);
    // Warm: the server's code compiled and its database connections open, as in a process that has
    // been serving for a while; the race then meets it as players would.
    await race(WARMUP_REQUESTS, () => outcome(reader.get(walletPath)));

    const subject = await race(PLAYERS, (i) => outcome(anonymous.post(giftRedeemPath, { body: { uid: server.uids[i]!, code: server.code! } })));
    if (subject.outcomes.get('ok') !== CAP) throw new Error(`cap broken: ${JSON.stringify([...subject.outcomes])}`);
    const anchor = await race(PLAYERS, () => outcome(reader.get(walletPath)));

    return {
      name: 'gift-code redemption race',
      subject: `${PLAYERS} players redeem one shared code (cap ${CAP}), ${CONCURRENCY} in flight, ${server.database}, server in its own process`,
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
    await stop();
  }
}
