// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (website, console and API on one port; PGlite, local disk storage and the demo world by default).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['web', 'console', 'server']);

const server = spawnSync(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
