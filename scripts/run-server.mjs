// Runs a server process for `npm start` and stays its parent until it ends, with its status.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * Starts `args` with this Node and ends this process when the server does, with its status.
 * A stop asked of this process alone (a process manager's SIGTERM or SIGHUP) is passed on, so the
 * server drains and exits instead of being left running, holding its port, without a parent.
 * Ctrl-C in a terminal reaches both processes already, so SIGINT is not passed on (a second signal
 * makes the server exit at once instead of draining); this process just waits for the server.
 */
export function runServer(args, options = {}) {
  const server = spawn(process.execPath, args, { stdio: 'inherit', ...options });
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  process.on('SIGINT', () => undefined);
  server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return server;
}
