// Long operator work and the event loop (decision 0143): an operator creates a gift campaign of
// 100,000 single-use codes through the console's API while a prober asks /healthz one request after
// another; the longest /healthz wait is the longest the API process kept everyone else waiting. The
// anchor is the same prober on the same server for as long, with nothing else running. Five runs,
// each a creation then its anchor; medians. The API in a process of its own (bench-server.ts) on
// 127.0.0.1; PGlite in a fresh data folder on disk (as `npm start` keeps it), or a fresh database on
// the PostgreSQL server of BENCH_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiClient } from '@vsp/api-client/api-client';
import { consoleCampaignCreatePath } from '@vsp/contract/endpoints/gift-codes';
import { GIFT_CODES_PER_REQUEST_MAX } from '@vsp/contract/integers';
import { healthPath } from '@vsp/contract/endpoints/system';
import { createFreshPostgres, type FreshPostgresDatabase } from '../apps/server/src/test/databases';
import { startBenchServer } from './bench-server-process';
import type { BenchResult } from './run';
import { median, percentile } from './stats';

const RUNS = 5;
/** The creation answers well within this on a loaded machine; the server's own limit is 130 s. */
const CREATION_TIMEOUT_MS = 120_000;

interface Probes {
  /** /healthz answers, each its wait in ms. */
  waits: number[];
  ms: number;
}

/** Asks /healthz one request after another until `done` says stop; answers each wait. */
async function probe(url: string, done: () => boolean): Promise<Probes> {
  const waits: number[] = [];
  const started = performance.now();
  while (!done()) {
    const t0 = performance.now();
    const answer = await fetch(url);
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`/healthz answered ${answer.status}`);
    waits.push(performance.now() - t0);
  }
  return { waits, ms: performance.now() - started };
}

const longest = (p: Probes) => Math.max(...p.waits);
const p99 = (p: Probes) => percentile(p.waits, 0.99);
const list = (values: number[]) => `[${values.map((v) => v.toFixed(1)).join(', ')}]`;

export default async function bulkCodesBench(): Promise<BenchResult> {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const fresh: FreshPostgresDatabase | undefined = postgresUrl ? await createFreshPostgres(postgresUrl) : undefined;
  const pgliteDir = fresh ? undefined : mkdtempSync(path.join(os.tmpdir(), 'vsp-bench-pglite-'));
  const { server, stop } = await startBenchServer({ BENCH_OPERATOR: '1', ...(fresh ? { BENCH_DATABASE_URL: fresh.url } : { BENCH_PGLITE_DIR: pgliteDir! }) });
  try {
    const operator = createApiClient({
      baseUrl: server.appUrl,
      signing: { secretFor: () => server.secret },
      session: () => ({ token: server.token, uid: server.uid }),
      timeoutMs: CREATION_TIMEOUT_MS,
    });
    const health = `${server.appUrl}${healthPath}`;
    let campaigns = 0;
    const create = (uniqueCount: number) =>
      operator.post(consoleCampaignCreatePath, {
        body: {
          name: `bench ${++campaigns}`,
          contents: [{ asset: 'diamonds', quantity: 1 }],
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          totalCap: uniqueCount,
          uniqueCount,
        },
      }) as Promise<{ codes: number }>;

    // Warm: the routes compiled and the statements seen once, as in a process serving for a while.
    let warmed = 0;
    await probe(health, () => ++warmed > 200);
    await create(2000);

    const subjects: Probes[] = [];
    const anchors: Probes[] = [];
    const creations: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      let created = false;
      const creation = create(GIFT_CODES_PER_REQUEST_MAX).finally(() => (created = true));
      const subject = await probe(health, () => created);
      const made = await creation;
      if (made.codes !== GIFT_CODES_PER_REQUEST_MAX) throw new Error(`campaign made with ${made.codes} codes`);
      creations.push(performance.now() - t0);
      subjects.push(subject);
      const until = performance.now() + subject.ms;
      anchors.push(await probe(health, () => performance.now() >= until));
    }

    const subjectLongest = median(subjects.map(longest));
    const anchorLongest = median(anchors.map(longest));
    return {
      name: 'event loop while a campaign of 100,000 codes is created',
      subject: `longest /healthz wait while an operator creates a campaign of ${GIFT_CODES_PER_REQUEST_MAX} single-use codes through the API, ${fresh ? 'PostgreSQL' : 'PGlite on disk'}, server in its own process; median of ${RUNS} runs`,
      anchor: 'longest /healthz wait on the same server for as long, nothing else running',
      ratio: subjectLongest / anchorLongest,
      target: 'subject <= 50 ms (lower is better: the ratio is how much longer the creation makes anyone wait)',
      details: {
        'subject longest wait ms (median)': subjectLongest.toFixed(1),
        'subject longest wait ms (runs)': list(subjects.map(longest)),
        'subject p99 wait ms (median)': median(subjects.map(p99)).toFixed(1),
        'subject /healthz answers per creation (median)': median(subjects.map((s) => s.waits.length)),
        'anchor longest wait ms (median)': anchorLongest.toFixed(1),
        'anchor longest wait ms (runs)': list(anchors.map(longest)),
        'anchor p99 wait ms (median)': median(anchors.map(p99)).toFixed(1),
        'creation s (median)': (median(creations) / 1000).toFixed(2),
        'creation s (runs)': list(creations.map((ms) => ms / 1000)),
      },
    };
  } finally {
    await stop();
    await fresh?.drop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}
