// Builds the workspaces whose output is missing or older than their sources (or the shared packages).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export const TARGETS = {
  web: { workspace: '@vsp/web', outputs: ['apps/web/dist/index.html', 'apps/web/dist/prerender/en/index.html'], sources: ['apps/web'] },
  console: { workspace: '@vsp/console', output: 'apps/console/dist/index.html', sources: ['apps/console'] },
  server: { workspace: '@vsp/server', outputs: ['apps/server/dist/server.js', 'apps/server/dist/admin.js'], sources: ['apps/server'] },
};

/** Builds each named target that is stale; exits the process when a build fails. */
export function buildIfStale(names, { log = console.log } = {}) {
  const shared = newestMtime(path.join(root, 'packages'));
  for (const name of names) {
    const target = TARGETS[name];
    const outputs = (target.outputs ?? [target.output]).map((o) => path.join(root, o));
    const sourceTime = Math.max(shared, ...target.sources.map((s) => newestMtime(path.join(root, s))));
    if (outputs.every((o) => existsSync(o) && statSync(o).mtimeMs >= sourceTime)) continue;
    log(`building ${target.workspace} ...`);
    // The build's own output goes to stderr so that stdout stays the command's answer.
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
