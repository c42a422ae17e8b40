// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (website, console and API on one port; PGlite, local disk storage and the demo world by default).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const shared = Math.max(newestMtime(path.join(root, 'packages')));
const targets = [
  { workspace: '@vsp/web', output: 'apps/web/dist/index.html', sources: ['apps/web'] },
  { workspace: '@vsp/console', output: 'apps/console/dist/index.html', sources: ['apps/console'] },
  { workspace: '@vsp/server', output: 'apps/server/dist/server.js', sources: ['apps/server'] },
];

for (const target of targets) {
  const output = path.join(root, target.output);
  const sourceTime = Math.max(shared, ...target.sources.map((s) => newestMtime(path.join(root, s))));
  if (existsSync(output) && statSync(output).mtimeMs >= sourceTime) continue;
  console.log(`building ${target.workspace} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
