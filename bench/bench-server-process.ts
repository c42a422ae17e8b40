// Starts bench/bench-server.ts in a child process (the same Node and loader as this one) and stops it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@vsp/api-client/api-client';
import type { BenchServer } from './bench-server';

export type { BenchServer } from './bench-server';

export async function startBenchServer(env: Record<string, string> = {}): Promise<{ server: BenchServer; stop: () => Promise<void> }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-server.ts');
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it started`)));
  });
  const server = JSON.parse(line) as BenchServer;
  for (const url of [server.appUrl, server.bareUrl]) {
    if (!url.startsWith('http://127.0.0.1:')) throw new Error(`benchmark must target 127.0.0.1, got ${url}`);
  }
  return {
    server,
    stop: async () => {
      child.stdin.end();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The one signed client of a benchmark: as the server's first account, or without a session. */
export function benchClient(server: BenchServer, baseUrl = server.appUrl, signedIn = true) {
  return createApiClient({ baseUrl, signing: { secretFor: () => server.secret }, session: () => (signedIn ? { token: server.token, uid: server.uid } : null) });
}
