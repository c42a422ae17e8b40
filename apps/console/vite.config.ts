import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The console is its own bundle under /console, never loaded by the public website. */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true },
});
