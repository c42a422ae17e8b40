// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (website, console and API on one port; PGlite, local disk storage and the demo world by default).
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { runServer } from './run-server.mjs';

buildIfStale(['web', 'console', 'server']);

runServer(['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], { cwd: root });
