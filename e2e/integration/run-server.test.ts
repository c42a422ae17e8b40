import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const runServerModule = path.resolve(__dirname, '../../scripts/run-server.mjs');

/**
 * A stand-in for `npm start` (scripts/start.mjs) with a server that says when it is up and, on
 * SIGTERM, when it has drained, then exits with status 3.
 */
function startCommand() {
  const server = `process.stdout.write('up ' + process.pid + '\\n'); process.on('SIGTERM', () => { process.stdout.write('drained\\n'); setImmediate(() => process.exit(3)); }); setInterval(() => {}, 1000);`;
  const parent = `import(${JSON.stringify(runServerModule)}).then(({ runServer }) => runServer(['-e', ${JSON.stringify(server)}], { stdio: ['ignore', 'inherit', 'inherit'] }));`;
  const child = spawn(process.execPath, ['-e', parent], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(output);
        if (found) resolve(found);
        else if (child.exitCode !== null) reject(new Error(`ended without ${pattern}: ${output}`));
        else setImmediate(check);
      };
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, until, exited };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it('passes a stop asked of it alone on to the server, waits for it to drain, and ends with its status', async () => {
    const { child, until, exited } = startCommand();
    const serverPid = Number((await until(/up (\d+)/))[1]);
    child.kill('SIGTERM');
    await until(/drained/);
    expect(await exited).toBe(3);
    await expect.poll(() => alive(serverPid)).toBe(false);
  });

  it('waits for the server on Ctrl-C instead of leaving it behind', async () => {
    const { child, until, exited } = startCommand();
    const serverPid = Number((await until(/up (\d+)/))[1]);
    // Ctrl-C reaches every process of the terminal's group: here, each one in turn. Ending with the
    // server's status shows the command outlived the signal and waited.
    child.kill('SIGINT');
    process.kill(serverPid, 'SIGTERM');
    expect(await exited).toBe(3);
  });
});
