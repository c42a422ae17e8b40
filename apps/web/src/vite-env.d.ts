/// <reference types="vite/client" />
/** Replaced at build time by vite.config.ts: production, development, stable or stable-me. */
declare const __BUILD_VARIANT__: 'production' | 'development' | 'stable' | 'stable-me';
