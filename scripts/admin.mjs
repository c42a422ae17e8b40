// `npm run admin -- <command> [options]`: builds the server bundle if it is stale, then runs the
// admin CLI (apps/server/src/admin.ts) with the same environment as the server. stdout carries only
// the command's answer (create-user prints the new uid), so scripts can capture it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['server'], { log: (line) => console.error(line) });

const admin = spawnSync(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/admin.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(admin.status ?? 1);
