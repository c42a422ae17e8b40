/**
 * The website's entry. In the production build the page imports it only once a prerendered page
 * has painted (the inline module of `vsp-entry-after-paint`, vite.config.ts; decision 0124), so it
 * starts the app at once; the app's chunks are fetched side by side by this dynamic import.
 * Evaluating them is one task; the app starts in the next, so neither blocks the page for long.
 */
const { start } = await import('./app/start');
await new Promise((resolve) => setTimeout(resolve, 0));
void start();

export {};
