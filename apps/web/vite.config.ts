import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The build variant (production, development, stable, stable-me) is chosen by BUILD_VARIANT at
 * build time; it decides the recharge path swap and the regional redirect.
 */
const variant = process.env.BUILD_VARIANT ?? 'production';

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_VARIANT__: JSON.stringify(variant) },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/v1': 'http://localhost:8080', '/v2': 'http://localhost:8080', '/language': 'http://localhost:8080' } },
});
