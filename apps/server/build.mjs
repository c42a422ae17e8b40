// Bundles the server and the admin CLI, with the workspace packages (which ship TypeScript source)
// and the npm dependencies, into dist/server.js and dist/admin.js (decision 0171): a start loads
// one file instead of resolving and reading some two thousand modules in node_modules, which was
// about 40% of a start's CPU time. The packages below stay external and load from node_modules:
// each reads files that sit beside its own code (a WebAssembly engine, a native addon, data files,
// static assets, its own package.json) or starts worker threads from its own files.
import { build } from 'esbuild';

const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'geoip-country',
  'ioredis',
  'pg-native',
  'pino',
  'pino-pretty',
  'thread-stream',
];

await build({
  entryPoints: ['src/server.ts', 'src/admin.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Stack traces name the source file and line; the sources themselves are in the repository.
  sourcesContent: false,
  external,
  // CommonJS dependencies inside an ES module bundle still call require() and read __dirname.
  banner: {
    js: [
      "import { createRequire as __bundleCreateRequire } from 'node:module';",
      "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
      "import { dirname as __bundleDirname } from 'node:path';",
      'const require = __bundleCreateRequire(import.meta.url);',
      'const __filename = __bundleFileURLToPath(import.meta.url);',
      'const __dirname = __bundleDirname(__filename);',
    ].join(' '),
  },
  logLevel: 'warning',
});
