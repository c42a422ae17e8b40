// The scale-out shape under load: `npm run cluster` (HAProxy in front of the production build) with
// one API process and then with three, on the same PostgreSQL database and Redis, 127.0.0.1 only.
// Two loads, each bounded in requests and time: the authenticated read getUserInfoByToken (each
// request signed afresh, as the replay guard requires) and a home-page load (`/`). Reports requests
// per second, p50 and p99 for each shape and the ratio three processes / one process, beside the
// number of cores the machine offers (on two cores, three processes and HAProxy and the load
// generator share them: the ratio says how much of a core each added process finds).
import os from 'node:os';
import autocannon from 'autocannon';
import { createApiClient, type ApiSession } from '@vsp/api-client/api-client';
import { getUserInfoByTokenPath } from '@vsp/contract/endpoints/user';
import { createFreshPostgres } from '../apps/server/src/test/databases';
import { startCluster, type RunningCluster } from '../e2e/support/cluster';
import { apiLogin } from '../e2e/support/session';
import type { BenchResult } from './run';

/** Enough that each run lasts seconds on a fast machine. */
const READS = 16_000;
const PAGES = 8000;
const CONNECTIONS = 20;
const TIME_LIMIT_MS = 60_000;
const SECRET_1004 = process.env.SIGN_SECRET_1004 ?? 'dev-only-sign-secret-1004';

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
}

/** `count` distinct signed requests for the session read, made by the one API client (not sent). */
async function signedReads(baseUrl: string, session: ApiSession, count: number) {
  const requests = new Map<string, { path: string; headers: Record<string, string> }>();
  const capture: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    requests.set(url.search, { path: `${url.pathname}${url.search}`, headers: { ...(init?.headers as Record<string, string>) } });
    return new Response(JSON.stringify({ status: 1, data: {} }), { headers: { 'content-type': 'application/json' } });
  };
  const client = createApiClient({ baseUrl, signing: { secretFor: () => SECRET_1004 }, session: () => session, fetch: capture });
  while (requests.size < count) await client.get(getUserInfoByTokenPath);
  return [...requests.values()];
}

/** One bounded autocannon run; any error or non-2xx answer fails the benchmark. */
async function load(url: string, amount: number, requests?: { path: string; headers: Record<string, string> }[]): Promise<Measured> {
  let next = 0;
  const options: autocannon.Options = {
    url,
    amount,
    connections: CONNECTIONS,
    timeout: 20,
    headers: { 'accept-encoding': 'br, gzip' },
    ...(requests ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...requests[next++ % requests.length]! }) }] } : {}),
  };
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => {
      clearTimeout(stop);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(done);
    });
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
    const stop = setTimeout(() => instance.stop(), TIME_LIMIT_MS);
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  // From the start to the last answer: autocannon itself ends a run (and its `duration`) only on its
  // next one-second sample tick, so its own figures read every run as whole seconds.
  const seconds = (lastAnswer - started) / 1000;
  return { perSecond: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99 };
}

async function measure(cluster: RunningCluster) {
  const session = await apiLogin(cluster.url, 'demo');
  // A short warm-up on both paths (JIT, connection pools, page cache), then the measured runs.
  await load(`${cluster.url}/`, 300);
  await load(cluster.url, 300, await signedReads(cluster.url, session, 300));
  const reads = await load(cluster.url, READS, await signedReads(cluster.url, session, READS));
  const pages = await load(`${cluster.url}/`, PAGES);
  return { reads, pages };
}

export default async function clusterBench(): Promise<BenchResult[]> {
  const database = await createFreshPostgres(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const env = { DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const shapes: Record<number, Awaited<ReturnType<typeof measure>>> = {};
  try {
    for (const processes of [1, 3]) {
      const cluster = await startCluster({ processes, env });
      try {
        if (!cluster.url.startsWith('http://127.0.0.1:')) throw new Error(`benchmark must target 127.0.0.1, got ${cluster.url}`);
        shapes[processes] = await measure(cluster);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await database.drop();
  }
  const cores = os.availableParallelism();
  const one = shapes[1]!;
  const three = shapes[3]!;
  const figures = (m: Measured) => `${Math.round(m.perSecond)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`;
  return [
    {
      name: 'cluster: authenticated read getUserInfoByToken through HAProxy',
      subject: `3 API processes (${READS} signed requests, ${CONNECTIONS} connections)`,
      anchor: '1 API process, same database, Redis and load, same run',
      ratio: three.reads.perSecond / one.reads.perSecond,
      target: `> 1 where there are spare cores (this machine: ${cores})`,
      details: { cores, '3 processes': figures(three.reads), '1 process': figures(one.reads) },
    },
    {
      name: 'cluster: home page (/) through HAProxy',
      subject: `3 API processes (${PAGES} requests, ${CONNECTIONS} connections, brotli)`,
      anchor: '1 API process, same run',
      ratio: three.pages.perSecond / one.pages.perSecond,
      target: `> 1 where there are spare cores (this machine: ${cores})`,
      details: { cores, '3 processes': figures(three.pages), '1 process': figures(one.pages) },
    },
  ];
}
