import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './server-process';

const adminEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'admin.js');

/** Runs the built admin CLI (what `npm run admin` runs) on a data folder; answers its exit code and output. */
export function runAdminCli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [adminEntry, ...args], {
      cwd: repoRoot,
      // PORT 0 names no server: the CLI finds the folder's server by its lock, and a server on this
      // machine's 8080 (a developer's `npm start`) is not the one the test means.
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
