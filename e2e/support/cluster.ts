import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from './ports';
import { repoRoot } from './server-process';
import { WAIT_CEILING_MS } from './waits';

/**
 * `npm run cluster` as the cluster tests drive it: the real supervisor (scripts/cluster.mjs) with
 * HAProxy in front of N production API processes, in a process group of its own so that teardown
 * can end every process it started (HAProxy, the API processes) even after a failed test.
 */

const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'];

/**
 * Whether HAProxy is installed. Missing in CI (CI=true) is a failure with the fix named; elsewhere
 * the cluster tests are skipped with the same message.
 */
export function haproxyOrSkip(): boolean {
  const found = HAPROXY_PATHS.some((p) => existsSync(p)) || spawnSync('sh', ['-c', 'command -v haproxy']).status === 0;
  if (found) return true;
  const message = 'HAProxy is missing: the cluster tests need it (apt-get install haproxy).';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message} Skipping them.`);
  return false;
}

export interface ClusterState {
  pid: number;
  url: string;
  port: number;
  haproxy: { pid: number | null };
  s3: { endpoint: string; bucket: string } | null;
  processes: { name: string; port: number; pid: number | null; node: string; restarts: number }[];
}

export interface RunningCluster {
  url: string;
  state(): ClusterState;
  output(): string;
  /** `npm run cluster -- --rolling-restart` against this cluster; answers its exit code and output. */
  rollingRestart(): Promise<{ code: number | null; output: string }>;
  stop(): Promise<void>;
}

/** Every cluster a test file started, ended in its teardown even when a test failed. */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

process.once('exit', () => {
  for (const child of running) killGroup(child);
});

/** How long a cluster may take to start: the first process migrates and seeds a fresh database. */
export const CLUSTER_START_MS = 180_000;

export async function startCluster(options: { processes?: number; env: Record<string, string> }): Promise<RunningCluster> {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-cluster-'));
  const [port, ...processPorts] = await freePorts(1 + (options.processes ?? 3));
  let output = '';
  const args = ['scripts/cluster.mjs', '--processes', String(options.processes ?? 3), '--port', String(port), '--host', '127.0.0.1', '--state-dir', stateDir];
  const supervisor = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', CLUSTER_PROCESS_PORTS: processPorts.join(','), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(supervisor);
  supervisor.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  supervisor.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const statePath = path.join(stateDir, 'cluster.json');
  const state = (): ClusterState => JSON.parse(readFileSync(statePath, 'utf8')) as ClusterState;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (supervisor.exitCode === null && supervisor.signalCode === null) {
      const exited = new Promise((resolve) => supervisor.once('exit', resolve));
      supervisor.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    }
    // Whatever is left of the group (a process that did not stop in time) ends here.
    killGroup(supervisor);
    running.delete(supervisor);
    rmSync(stateDir, { recursive: true, force: true });
  };

  // Ready when the supervisor has written its control socket and the balancer answers.
  const deadline = Date.now() + CLUSTER_START_MS;
  for (;;) {
    if (supervisor.exitCode !== null) {
      await stop();
      throw new Error(`the cluster exited while starting:\n${output}`);
    }
    const ready = existsSync(path.join(stateDir, 'control.sock')) && existsSync(statePath) && (await fetch(`${url}/healthz`).then((r) => r.ok, () => false));
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the cluster did not start within ${CLUSTER_START_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    state,
    output: () => output,
    rollingRestart() {
      return new Promise((resolve) => {
        const client = spawn(process.execPath, ['scripts/cluster.mjs', '--rolling-restart', '--state-dir', stateDir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
        let said = '';
        client.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
        client.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
        client.once('exit', (code) => resolve({ code, output: said }));
      });
    },
    stop,
  };
}

/** Process names (HAProxy's server names) that answered, from the X-Api-Process header. */
export function processOf(headers: Headers | Record<string, string>): string {
  const value = headers instanceof Headers ? headers.get('x-api-process') : headers['x-api-process'];
  return value ?? '';
}

/**
 * Polls until `check` holds (a state, never a fixed time); fails with `what` after `timeoutMs`.
 * A probe that throws (a connection the balancer closed while a process or a database is down)
 * has not reached the state yet: it is tried again, and its error is reported at the ceiling.
 */
export async function until<T>(what: string, probe: () => Promise<T>, check: (value: T) => boolean, timeoutMs = WAIT_CEILING_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (check(value)) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? `${error.name}: ${error.message}` : error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms (last ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
