import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

/**
 * A PostgreSQL and a Redis of the cluster fault tests' own, on free ports, so that stopping and
 * restarting them never touches the machine's shared servers that other tests use. Each is a child
 * of the test process; teardown (and process exit) kills them.
 */

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function untilReady(what: string, child: ChildProcess, probe: () => Promise<boolean>, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (!(await probe())) {
    if (child.exitCode !== null) throw new Error(`${what} exited while starting:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not start within 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id of a system user (initdb and postgres refuse to run as root). */
function idOf(flag: '-u' | '-g', user: string): number {
  const answer = spawnSync('id', [flag, user], { encoding: 'utf8' });
  if (answer.status !== 0) throw new Error(`no system user ${user}: install PostgreSQL (apt-get install postgresql)`);
  return Number(answer.stdout.trim());
}

export interface PrivatePostgres {
  url: string;
  /** Stops the server (fast shutdown), waits until it is gone, starts it again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  // initdb and postgres refuse root: as root, run them as the postgres user (what runuser -u postgres does).
  const owner = os.userInfo().uid === 0 ? { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') } : undefined;
  const asPostgres = owner ?? {};
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vsp-private-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const init = spawnSync(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { cwd: dir, encoding: 'utf8', ...asPostgres });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    // Durability is not what these tests check: no fsync keeps the machine's disks quiet.
    server = spawn(
      path.join(PG_BIN, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], ...asPostgres },
    );
    children.add(server);
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const probe = async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    await untilReady('the private PostgreSQL', server, probe, () => output);
  };

  const stop = async () => {
    if (!server) return;
    const gone = exited(server);
    server.kill('SIGINT'); // fast shutdown: open sessions are ended, as in a restart
    await gone;
    children.delete(server);
  };

  await start();
  return {
    url,
    stop,
    start,
    async close() {
      if (server) {
        server.kill('SIGKILL');
        await exited(server);
        children.delete(server);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vsp-private-redis-'));
  let server: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(server);
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await untilReady('the private Redis', server, () => redisPing(port), () => output);
  };
  const stop = async () => {
    if (!server) return;
    const gone = exited(server);
    server.kill('SIGTERM');
    await gone;
    children.delete(server);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      if (server) {
        server.kill('SIGKILL');
        await exited(server);
        children.delete(server);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
