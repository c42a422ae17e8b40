import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The build variant (production, development, stable, stable-me) is chosen by BUILD_VARIANT at
 * build time; it decides the recharge path swap and the regional redirect.
 */
const variant = process.env.BUILD_VARIANT ?? 'production';

/** Names the variant in the built index.html, so the server knows which paths are pages (404 for the rest). */
const variantMeta: Plugin = {
  name: 'vsp-build-variant-meta',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'vsp-build-variant', content: variant }, injectTo: 'head' }],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), variantMeta],
  // The prerender bundle (src/prerender) carries its libraries: the API server runs it again for
  // published labels (decision 0106) without resolving the website's dependencies.
  ssr: { noExternal: true },
  define: { __BUILD_VARIANT__: JSON.stringify(variant) },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // Which CSS and chunks each page needs, for the prerendered pages' <head>.
    manifest: !isSsrBuild,
    // The contract's schema builders run at module top level; the site only uses the paths beside
    // them, so the calls are declared pure and the schemas (and TypeBox) drop out of the bundle.
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ['Type', 'signed', 'Ok', 'literals', 'Nullable'],
        propertyReadSideEffects: false,
        moduleSideEffects: (id: string) => !/[/\\]node_modules[/\\]typebox[/\\]/.test(id),
      },
    },
  },
  server: { proxy: { '/v1': 'http://localhost:8080', '/v2': 'http://localhost:8080', '/language': 'http://localhost:8080' } },
}));
