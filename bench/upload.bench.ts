// Uploads through the local storage driver, measured against plain HTTP in the same run:
// 1. throughput of a 20 MB upload (the website's engine: credential, start, signed parts, complete)
//    as a ratio of one plain HTTP PUT of the same bytes to a minimal Node sink; both servers run in
//    their own process on 127.0.0.1 and both write the bytes to disk (target >= 0.7);
// 2. the API process's peak RSS growth while a 1 GiB upload passes through it (target <= 64 MB).
// Everything stays on 127.0.0.1, in temporary folders removed at the end, bounded in count and time.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@vsp/api-client/api-client';
import { loginPath } from '@vsp/contract/endpoints/user';
import { freePort } from '../e2e/support/ports';
import type { UploadSource } from '../apps/web/src/shared/upload/file-fingerprint';
import { fetchTransport } from '../apps/web/src/shared/upload/part-transport';
import { createUploadEngine } from '../apps/web/src/shared/upload/upload-engine';
import { createUploadServer } from '../apps/web/src/shared/upload/upload-server';
import type { BenchResult } from './run';
import { median } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRETS: Record<number, string> = { 1004: 'dev-only-sign-secret-1004', 1000: 'dev-only-sign-secret-1000' };
const MB = 1024 * 1024;
const SMALL_BYTES = 20 * MB;
const LARGE_BYTES = 1024 * MB;
const RUNS = 5;

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} never answered:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function spawnLogged(args: string[], env: NodeJS.ProcessEnv) {
  let output = '';
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

/** The API server from source, local driver, fresh data folder. */
async function startApi(dataDir: string) {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', STORAGE_DRIVER: 'local' };
  const { child, output } = spawnLogged(['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/healthz`, child, output);
  return { child, baseUrl };
}

/** The anchor: a minimal Node HTTP server that streams each PUT body to a file. */
async function startSink(dir: string) {
  const port = await freePort();
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); let n = 0;
    http.createServer((req, res) => {
      if (req.method !== 'PUT') { res.end('ok'); return; }
      const out = fs.createWriteStream(${JSON.stringify(dir)} + '/sink-' + (n++));
      req.pipe(out).on('finish', () => res.end());
    }).listen(${port}, '127.0.0.1');`;
  const { child, output } = spawnLogged(['-e', script], process.env);
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, child, output);
  return { child, url };
}


function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

export default async function uploadBench(): Promise<BenchResult[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vsp-upload-bench-'));
  const processes: ChildProcess[] = [];
  try {
    const api = await startApi(path.join(work, 'data'));
    processes.push(api.child);
    const sink = await startSink(work);
    processes.push(sink.child);
    const client = (session: { token: string; uid: number } | null = null) => createApiClient({ baseUrl: api.baseUrl, signing: { secretFor: (appId) => SECRETS[appId] }, session: () => session });
    const session = await client().post(loginPath, { body: { userName: 'demo', passWord: 'demo12345' } });
    // One engine for the run, as the website keeps one per page: the credential is fetched once
    // (in the warm-up) and refreshed hourly, not per file.
    const engine = createUploadEngine({
      server: createUploadServer(client(session)),
      transport: fetchTransport,
    });

    const bytes = randomBytes(SMALL_BYTES);
    let run = 0;
    const subjectOnce = async () => {
      const file = new File([bytes], `bench-${run++}.bin`, { lastModified: Date.now() + run });
      const started = performance.now();
      await engine.upload({ uid: `bench-${run}`, file, fileType: 'music' });
      return performance.now() - started;
    };
    const anchorOnce = async () => {
      const started = performance.now();
      const response = await fetch(sink.url, { method: 'PUT', body: new Blob([bytes]) });
      await response.arrayBuffer();
      return performance.now() - started;
    };
    await subjectOnce();
    await anchorOnce();
    const subjectMs: number[] = [];
    const anchorMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      subjectMs.push(await subjectOnce());
      anchorMs.push(await anchorOnce());
    }
    const subject = median(subjectMs);
    const anchor = median(anchorMs);

    // 1 GiB from a sparse file on disk: the client never holds it in memory either.
    const bigPath = path.join(work, 'big.bin');
    writeFileSync(bigPath, '');
    truncateSync(bigPath, LARGE_BYTES);
    const blob = await openAsBlob(bigPath);
    const big: UploadSource = { name: 'big.bin', size: blob.size, lastModified: Date.now(), type: '', slice: (start, end) => blob.slice(start, end) };
    const pid = api.child.pid!;
    const baseline = rssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    // Outfit uploads may reach 1 GiB; music stops at 20 MB.
    const bigStarted = performance.now();
    try {
      await engine.upload({ uid: 'bench-big', file: big, fileType: 'outfit' });
    } finally {
      clearInterval(sampler);
    }
    const bigSeconds = (performance.now() - bigStarted) / 1000;
    peak = Math.max(peak, rssBytes(pid));
    const growthMb = (peak - baseline) / MB;

    return [
      {
        name: 'upload throughput (local driver)',
        subject: '20 MB through the upload engine: fingerprint, start (with the first part URLs), 1 024 000-byte parts 4 at a time, complete',
        anchor: 'one plain HTTP PUT of the same 20 MB to a minimal Node sink that writes it to disk',
        ratio: anchor / subject,
        target: '>= 0.7',
        details: {
          'subject median ms': subject.toFixed(1),
          'anchor median ms': anchor.toFixed(1),
          'subject MB/s': (SMALL_BYTES / MB / (subject / 1000)).toFixed(1),
          'anchor MB/s': (SMALL_BYTES / MB / (anchor / 1000)).toFixed(1),
          runs: RUNS,
        },
      },
      {
        name: 'API memory during a 1 GiB upload (local driver)',
        subject: 'peak RSS growth of the API process while 1 GiB passes through it, in MB',
        anchor: 'the 64 MB budget',
        ratio: growthMb / 64,
        target: '<= 1 (growth at most 64 MB; lower is better)',
        details: {
          'baseline RSS MB': (baseline / MB).toFixed(1),
          'peak RSS MB': (peak / MB).toFixed(1),
          'growth MB': growthMb.toFixed(1),
          'upload seconds': bigSeconds.toFixed(1),
          'upload MB/s': (LARGE_BYTES / MB / bigSeconds).toFixed(1),
        },
      },
    ];
  } finally {
    for (const child of processes) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(work, { recursive: true, force: true });
  }
}
