// `npm run cluster [-- --processes N] [-- --port P]`: the scale-out shape on one machine (decision
// 0122). HAProxy (Debian's package) on one port in front of N API processes (the production build)
// on PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and an S3-compatible store (S3_* variables, or
// s3rver started here when none are given). HAProxy checks /healthz; a process drains on SIGTERM.
//
// `npm run cluster -- --rolling-restart` asks the running supervisor, through its control socket,
// to replace the processes one by one (drain in HAProxy, wait until nothing is in flight, stop,
// start, wait until HAProxy's checks see it up, back in rotation) and prints its progress.
//
// The supervisor writes DIR/cluster.json (its pid, the ports and the pids of HAProxy and of each
// API process) and listens on DIR/control.sock; DIR is --state-dir, CLUSTER_STATE_DIR or
// ./data/cluster. CLUSTER_NODE picks the node binary of each process: one path, or a comma list
// that process i takes entry i of (cycling); by default this node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale, root } from './build-if-stale.mjs';

const HAPROXY_CANDIDATES = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].filter(Boolean);
/** HAProxy's checks: every 500 ms, down after 2 failures, up after 2 successes. */
const CHECK = { interMs: 500, fall: 2, rise: 2 };
/** A draining process waits for one check more than the fall count, so HAProxy has acted on it. */
const DRAIN_HEALTH_CHECKS = CHECK.fall + 1;
/** A first start migrates and seeds; on a busy 2-core machine give it this long. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

const { values: flags } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
    'state-dir': { type: 'string', default: process.env.CLUSTER_STATE_DIR ?? path.join(root, 'data', 'cluster') },
    'rolling-restart': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
  strict: true,
});

const stateDir = path.resolve(flags['state-dir']);
const statePath = path.join(stateDir, 'cluster.json');
const controlPath = path.join(stateDir, 'control.sock');
const runtimePath = path.join(stateDir, 'haproxy.sock');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`[cluster] ${line}`);

if (flags['rolling-restart']) {
  process.exit(await requestRollingRestart());
}

// ---------------------------------------------------------------- rolling restart (the client side)

/** Connects to the running supervisor, asks for a rolling restart and prints its progress lines. */
function requestRollingRestart() {
  return new Promise((resolve) => {
    if (!existsSync(controlPath)) {
      console.error(`No cluster is running with state in ${stateDir} (no control.sock): start one with npm run cluster.`);
      resolve(1);
      return;
    }
    const socket = connect(controlPath);
    let buffer = '';
    let outcome = 1;
    socket.on('connect', () => socket.write('rolling-restart\n'));
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        console.log(line);
        if (line.startsWith('done')) outcome = 0;
      }
    });
    socket.on('error', (error) => {
      console.error(`Cannot reach the cluster's control socket ${controlPath}: ${error.message}`);
      resolve(1);
    });
    socket.on('close', () => resolve(outcome));
  });
}

// ---------------------------------------------------------------- the supervisor

function findHaproxy() {
  for (const candidate of HAPROXY_CANDIDATES) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Answers a free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One command on HAProxy's runtime API (the stats socket); answers its whole reply. */
function runtime(command) {
  return new Promise((resolve, reject) => {
    const socket = connect(runtimePath);
    let reply = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
  });
}

/** `show stat` of the API backend: per server, its status (UP, DOWN, DRAIN, ...) and requests in flight. */
async function backendStats() {
  const csv = await runtime('show stat');
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  const stats = new Map();
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[at('pxname')] !== 'api' || cells[at('svname')] === 'BACKEND') continue;
    stats.set(cells[at('svname')], { status: cells[at('status')], inFlight: Number(cells[at('scur')]) });
  }
  return stats;
}

/** Polls a condition on HAProxy's view (each poll one runtime call) until it holds. */
async function untilStats(name, holds, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = (await backendStats()).get(name);
    if (stats && holds(stats)) return stats;
    if (Date.now() > deadline) throw new Error(`${name}: ${what} did not happen within ${timeoutMs} ms (HAProxy says ${JSON.stringify(stats)})`);
    await sleep(100);
  }
}

async function main() {
  const haproxy = findHaproxy();
  if (!haproxy) {
    console.error('HAProxy is missing: install it with `apt-get install haproxy` (Debian) and run npm run cluster again.');
    process.exit(1);
  }
  const count = Number(flags.processes);
  if (!Number.isInteger(count) || count < 1 || count > 32) {
    console.error(`--processes must be a whole number from 1 to 32 (got ${flags.processes})`);
    process.exit(64);
  }
  const port = Number(flags.port);
  mkdirSync(stateDir, { recursive: true });
  if (existsSync(controlPath)) {
    const running = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : undefined;
    if (running && isAlive(running.pid)) {
      console.error(`A cluster (pid ${running.pid}) already runs with state in ${stateDir}.`);
      process.exit(1);
    }
    rmSync(controlPath, { force: true });
  }
  if (!flags['no-build']) buildIfStale(['web', 'console', 'server']);

  const nodes = (process.env.CLUSTER_NODE ?? process.execPath).split(',').map((entry) => entry.trim()).filter(Boolean);
  const publicUrl = process.env.PUBLIC_URL ?? `http://${flags.host === '0.0.0.0' ? 'localhost' : flags.host}:${port}`;
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  // The S3-compatible store: the S3_* variables, else s3rver in this process (objects in DIR/s3).
  let s3;
  const s3Given = Object.keys(process.env).some((key) => key.startsWith('S3_') && process.env[key]);
  if (!s3Given) {
    const { tsImport } = await import('tsx/esm/api');
    const { startS3TestServer } = await tsImport('../apps/server/src/test/s3-test-server.ts', import.meta.url);
    mkdirSync(path.join(stateDir, 's3'), { recursive: true });
    s3 = await startS3TestServer({ directory: path.join(stateDir, 's3'), browserCors: true });
  }
  const s3Env = s3 ? s3.env : { STORAGE_DRIVER: process.env.STORAGE_DRIVER ?? 's3' };

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_URL: publicUrl,
    // HAProxy adds X-Forwarded-For; the processes trust it from 127.0.0.1 only, so limits see the client.
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    // The sandbox gateway's notifications go through the load balancer and land on any process.
    SANDBOX_NOTIFY_URL: process.env.SANDBOX_NOTIFY_URL ?? `http://127.0.0.1:${port}/v1/payment/notify/sandbox`,
    DRAIN_HEALTH_CHECKS: String(DRAIN_HEALTH_CHECKS),
    DATA_DIR: process.env.DATA_DIR ?? path.join(stateDir, 'data'),
    ...s3Env,
  };

  /** @type {{ name: string, port: number, node: string, child?: import('node:child_process').ChildProcess, stopping?: boolean, restarts: number }[]} */
  const slots = [];
  // CLUSTER_PROCESS_PORTS: the processes' ports chosen by the caller (the cluster tests take them
  // from a band of their own, e2e/support/ports.ts); otherwise free ones.
  const givenPorts = (process.env.CLUSTER_PROCESS_PORTS ?? '').split(',').filter(Boolean).map(Number);
  for (let i = 0; i < count; i += 1) slots.push({ name: `p${i + 1}`, port: givenPorts[i] ?? (await freePort()), node: nodes[i % nodes.length], restarts: 0 });

  let haproxyChild;
  let shuttingDown = false;
  let busy = Promise.resolve();

  // Written whole and then renamed into place: a reader never sees a half-written file.
  const writeState = () => {
    writeFileSync(
      `${statePath}.part`,
      JSON.stringify(
        {
          pid: process.pid,
          url: `http://127.0.0.1:${port}`,
          port,
          controlSocket: controlPath,
          runtimeSocket: runtimePath,
          haproxy: { pid: haproxyChild?.pid ?? null },
          s3: s3 ? { endpoint: s3.endpoint, bucket: s3.bucket } : null,
          processes: slots.map((slot) => ({ name: slot.name, port: slot.port, pid: slot.child?.pid ?? null, node: slot.node, restarts: slot.restarts })),
        },
        null,
        2,
      ),
    );
    renameSync(`${statePath}.part`, statePath);
  };

  function pipeLines(stream, prefix) {
    let rest = '';
    stream.on('data', (chunk) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) console.log(`${prefix} ${line}`);
    });
  }

  /** Starts the slot's process and resolves once its own /healthz answers 200. */
  async function startProcess(slot) {
    const child = spawn(slot.node, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
      cwd: root,
      env: { ...env, PORT: String(slot.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    slot.child = child;
    slot.stopping = false;
    pipeLines(child.stdout, `[${slot.name}]`);
    pipeLines(child.stderr, `[${slot.name}]`);
    child.once('exit', (code, signal) => onExit(slot, child, code, signal));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${slot.name} exited while starting (${child.exitCode ?? child.signalCode})`);
      const healthy = await fetch(`http://127.0.0.1:${slot.port}/healthz`).then((r) => r.ok, () => false);
      if (healthy) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${slot.name} did not become healthy within ${START_TIMEOUT_MS} ms`);
      }
      await sleep(150);
    }
    writeState();
    return child;
  }

  /** SIGTERM: the process drains (503 on /healthz until HAProxy's checks saw it, then in-flight requests end). */
  async function stopProcess(slot) {
    const child = slot.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    slot.stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const inTime = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!inTime) {
      log(`${slot.name} (pid ${child.pid}) did not stop within ${STOP_TIMEOUT_MS} ms; killing it`);
      child.kill('SIGKILL');
      await exited;
    }
  }

  /** A process that dies on its own (a crash, kill -9) is started again; HAProxy's checks bring it back. */
  function onExit(slot, child, code, signal) {
    if (shuttingDown || slot.stopping || slot.child !== child) return;
    log(`${slot.name} (pid ${child.pid}) exited (${signal ?? code}); starting it again`);
    slot.restarts += 1;
    busy = busy.then(() =>
      startProcess(slot).then(
        (fresh) => log(`${slot.name} is back (pid ${fresh.pid})`),
        (error) => log(`${slot.name} could not start again: ${error.message}`),
      ),
    );
  }

  function haproxyConfig() {
    return [
      'global',
      `  stats socket ${runtimePath} mode 600 level admin`,
      '  maxconn 4096',
      '',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 135s',
      '  timeout server 135s',
      '  timeout http-keep-alive 10s',
      '  timeout check 2s',
      // A refused connection (a process stopped or killed) is retried on another process; a
      // request that reached a process is never sent twice.
      '  retries 3',
      '  option redispatch 1',
      '',
      'frontend web',
      `  bind ${flags.host}:${port}`,
      '  option forwardfor',
      '  default_backend api',
      '',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /healthz',
      '  http-check expect status 200',
      // Which process answered: clients and tests see the spread over processes.
      '  http-response set-header X-Api-Process %s',
      `  default-server check inter ${CHECK.interMs} fall ${CHECK.fall} rise ${CHECK.rise}`,
      ...slots.map((slot) => `  server ${slot.name} 127.0.0.1:${slot.port}`),
      '',
    ].join('\n');
  }

  async function startHaproxy() {
    const configPath = path.join(stateDir, 'haproxy.cfg');
    writeFileSync(configPath, haproxyConfig());
    const check = spawnSync(haproxy, ['-c', '-q', '-f', configPath], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
    rmSync(runtimePath, { force: true });
    haproxyChild = spawn(haproxy, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(haproxyChild.stdout, '[haproxy]');
    pipeLines(haproxyChild.stderr, '[haproxy]');
    haproxyChild.once('exit', (code, signal) => {
      if (shuttingDown) return;
      log(`haproxy exited (${signal ?? code}); stopping the cluster`);
      void shutdown(1);
    });
    const deadline = Date.now() + 30_000;
    while (!existsSync(runtimePath)) {
      if (Date.now() > deadline || haproxyChild.exitCode !== null) throw new Error('haproxy did not open its runtime socket');
      await sleep(50);
    }
    for (const slot of slots) await untilStats(slot.name, (s) => s.status === 'UP', 'the first health checks');
  }

  /** Replaces each process in turn; `say` gets each progress line. Refuses nothing in flight. */
  async function rollingRestart(say) {
    for (const slot of slots) {
      const old = slot.child;
      await runtime(`set server api/${slot.name} state drain`);
      say(`${slot.name}: draining in HAProxy (no new requests), pid ${old?.pid}`);
      const { inFlight } = await untilStats(slot.name, (s) => s.inFlight === 0, 'the end of its requests in flight');
      say(`${slot.name}: ${inFlight} requests in flight; stopping pid ${old?.pid}`);
      await stopProcess(slot);
      const fresh = await startProcess(slot);
      say(`${slot.name}: started pid ${fresh.pid} (${slot.node}); waiting for HAProxy's checks`);
      // In the drain state HAProxy keeps checking: DRAIN means the checks see the process up.
      await untilStats(slot.name, (s) => s.status === 'DRAIN', 'HAProxy seeing the new process up');
      await runtime(`set server api/${slot.name} state ready`);
      await untilStats(slot.name, (s) => s.status === 'UP', 'the return to rotation');
      say(`${slot.name}: back in rotation`);
    }
  }

  async function shutdown(code) {
    if (shuttingDown) return;
    shuttingDown = true;
    log('stopping: draining every process');
    control.close();
    await Promise.all(slots.map((slot) => stopProcess(slot).catch(() => undefined)));
    if (haproxyChild && haproxyChild.exitCode === null) {
      const exited = new Promise((resolve) => haproxyChild.once('exit', resolve));
      haproxyChild.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (haproxyChild.exitCode === null) haproxyChild.kill('SIGKILL');
    }
    await s3?.close().catch(() => undefined);
    rmSync(controlPath, { force: true });
    rmSync(runtimePath, { force: true });
    rmSync(statePath, { force: true });
    log('stopped');
    process.exit(code);
  }

  const control = createServer((socket) => {
    let buffer = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      if (!buffer.includes('\n')) return;
      const command = buffer.trim();
      buffer = '';
      if (command !== 'rolling-restart') {
        socket.end(`failed: unknown command ${JSON.stringify(command)}\n`);
        return;
      }
      const say = (line) => {
        log(`rolling restart: ${line}`);
        if (!socket.destroyed) socket.write(`${line}\n`);
      };
      const started = Date.now();
      busy = busy.then(() =>
        rollingRestart(say).then(
          () => socket.end(`done: ${slots.length} processes replaced in ${((Date.now() - started) / 1000).toFixed(1)} s\n`),
          (error) => socket.end(`failed: ${error.message}\n`),
        ),
      );
    });
  });

  process.once('SIGTERM', () => void shutdown(0));
  process.once('SIGINT', () => void shutdown(0));

  try {
    // The first process alone migrates the database and seeds it; the others then start together.
    log(`starting ${count} API processes (${slots[0].name} first: it migrates and seeds)`);
    await startProcess(slots[0]);
    await Promise.all(slots.slice(1).map((slot) => startProcess(slot)));
    await startHaproxy();
    rmSync(controlPath, { force: true });
    await new Promise((resolve) => control.listen(controlPath, resolve));
    writeState();
  } catch (error) {
    console.error(`[cluster] could not start: ${error.message}`);
    await shutdown(1);
    return;
  }

  console.log(
    [
      '',
      `  Cluster   http://${flags.host === '0.0.0.0' ? 'localhost' : flags.host}:${port}  (HAProxy, ${count} API processes)`,
      ...slots.map((slot) => `    ${slot.name}  127.0.0.1:${slot.port}  pid ${slot.child.pid}  ${slot.node}`),
      `  Data      PostgreSQL ${redact(databaseUrl)}`,
      `  Limits    Redis ${redact(redisUrl)}`,
      `  Objects   ${s3 ? `s3rver ${s3.endpoint} (folder ${path.join(stateDir, 's3')})` : `S3 ${process.env.S3_ENDPOINT ?? '(AWS)'}`}`,
      `  State     ${statePath}`,
      '  Rolling restart: npm run cluster -- --rolling-restart    Stop: Ctrl-C (or SIGTERM)',
      '',
    ].join('\n'),
  );
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

await main();
