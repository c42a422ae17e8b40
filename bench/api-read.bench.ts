// An authenticated read through the whole stack: `getUserInfoByToken` signed like a real client
// (packages/api-client), so each request passes the signature check, the replay guard, the session
// lookup and a database read, on one API process. Anchor: a bare Fastify route answering the same
// JSON as a constant, in the same child process, loaded by the same client in the same run. The
// two alternate in phases; the ratio is the median of the rounds' ratios. Bounded in requests and
// time; 127.0.0.1 only.
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { benchClient, startBenchServer } from './bench-server-process';
import type { BenchResult } from './run';
import { median, percentile } from './stats';

const CONCURRENCY = 16;
const ROUNDS = 5;
const PHASE_MS = 3000;
const WARMUP_MS = 2000;
const MAX_REQUESTS_PER_PHASE = 60_000;


interface Phase {
  perSecond: number;
  latencies: number[];
  failures: number;
}

/** Keeps CONCURRENCY requests in flight for `ms` (at most MAX_REQUESTS_PER_PHASE); answers throughput and latencies. */
async function load(ms: number, send: () => Promise<unknown>): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline && sent < MAX_REQUESTS_PER_PHASE) {
        sent++;
        const t0 = performance.now();
        try {
          await send();
          latencies.push(performance.now() - t0);
        } catch {
          failures++;
        }
      }
    }),
  );
  return { perSecond: latencies.length / ((performance.now() - started) / 1000), latencies, failures };
}

export default async function apiReadBench(): Promise<BenchResult> {
  const { server, stop } = await startBenchServer();
  try {
    const real = benchClient(server);
    const bare = benchClient(server, server.bareUrl);
    const subjectCall = () => real.get(getUserInfoByTokenPath);
    const anchorCall = () => bare.get(getUserInfoByTokenPath);

    await load(WARMUP_MS, subjectCall);
    await load(WARMUP_MS, anchorCall);
    const subject: Phase[] = [];
    const anchor: Phase[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first so neither always follows the other's garbage.
      if (round % 2 === 0) {
        subject.push(await load(PHASE_MS, subjectCall));
        anchor.push(await load(PHASE_MS, anchorCall));
      } else {
        anchor.push(await load(PHASE_MS, anchorCall));
        subject.push(await load(PHASE_MS, subjectCall));
      }
    }
    const failures = [...subject, ...anchor].reduce((sum, phase) => sum + phase.failures, 0);
    if (failures > 0) throw new Error(`${failures} requests failed`);
    const ratios = subject.map((phase, i) => phase.perSecond / anchor[i]!.perSecond);
    const subjectLatencies = subject.flatMap((phase) => phase.latencies);
    const anchorLatencies = anchor.flatMap((phase) => phase.latencies);
    return {
      name: 'authenticated read (getUserInfoByToken)',
      subject: `signed getUserInfoByToken through the full stack (signature, replay guard, session, ${server.database}), one process, ${CONCURRENCY} in flight`,
      anchor: 'bare Fastify route answering the same JSON as a constant, same process, client and concurrency',
      ratio: median(ratios),
      target: '>= 0.6',
      details: {
        'reads/s (median of rounds)': Math.round(median(subject.map((phase) => phase.perSecond))),
        'read p50 ms': percentile(subjectLatencies, 0.5).toFixed(2),
        'read p99 ms': percentile(subjectLatencies, 0.99).toFixed(2),
        'anchor req/s (median of rounds)': Math.round(median(anchor.map((phase) => phase.perSecond))),
        'anchor p50 ms': percentile(anchorLatencies, 0.5).toFixed(2),
        'anchor p99 ms': percentile(anchorLatencies, 0.99).toFixed(2),
        rounds: `${ROUNDS} x ${PHASE_MS} ms each side, alternating, after ${WARMUP_MS} ms warm-up; ratio = median of the rounds' ratios (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`,
        requests: `${subjectLatencies.length} subject, ${anchorLatencies.length} anchor`,
      },
    };
  } finally {
    await stop();
  }
}
