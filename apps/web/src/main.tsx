/**
 * The website's entry. In the production build the page imports it only once a prerendered page
 * has painted (the inline module of `vsp-entry-after-paint`, vite.config.ts; decision 0124).
 * Evaluating the app's chunks is one task; the app starts in the next, so neither blocks the page
 * for long.
 */
import { start } from './app/start';

setTimeout(() => void start(), 0);
