// Bundles the server and the admin CLI with the workspace packages (which ship TypeScript source)
// into dist/server.js and dist/admin.js;
// every npm dependency stays external and loads from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/admin.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vsp/') ? undefined : { external: true }));
      },
    },
  ],
  logLevel: 'warning',
});
