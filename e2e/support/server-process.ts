import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');

/**
 * How long a server may take to become healthy: a fresh database is migrated and seeded first, and
 * on a busy 2-core machine that took 70 s. Hooks that start servers allow this per server.
 */
export const SERVER_START_MS = 240_000;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The browser suite's global setup starts one server on an empty folder and keeps what it left (a
 * migrated, seeded database and the seeded objects) in the folder this variable names; every fresh
 * folder after it (one no server has used yet) starts as a copy, the state a first start leaves, in
 * a fraction of the time.
 */
export const DATA_TEMPLATE_ENV = 'VSP_E2E_DATA_TEMPLATE';

/** Starts the production build of the real server on a free port with a fresh data folder. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first`);
  // A fixed PORT lets a test restart the server where an open page expects it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vsp-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  // Only a folder no server has used yet (a test restarting on its own folder keeps its data).
  if (template && existsSync(template) && !existsSync(path.join(dataDir, 'db'))) cpSync(template, dataDir, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Never leave a half-started server behind (it would hold its port and a core).
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
