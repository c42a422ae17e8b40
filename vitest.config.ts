import { defineConfig } from 'vitest/config';
import { TEST_CEILING_MS, WAIT_CEILING_MS } from './e2e/support/waits.ts';

/**
 * Four projects: `unit` (contract, labels, server modules through inject, web logic), `e2e` (a
 * real Chromium against the production build served by the real server), `smoke` (that build on
 * the Node running Vitest) and `cluster` (the same build as `npm run cluster` runs it: HAProxy in
 * front of several API processes, with faults).
 */

/**
 * Every project waits for states, never for times (decision 0138): tests, hooks and `expect.poll`
 * (whose own default, one second, is a fixed time on a busy machine) wait up to the ceilings.
 */
const common = {
  environment: 'node',
  setupFiles: ['./vitest.setup.ts'],
  testTimeout: TEST_CEILING_MS,
  hookTimeout: TEST_CEILING_MS,
  expect: { poll: { timeout: WAIT_CEILING_MS } },
} as const;
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          env: { PORT_GROUP: '3' },
          include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.ts', 'apps/**/src/**/*.test.tsx', 'e2e/integration/**/*.test.ts'],
          ...common,
          // Vitest's default on two cores is one worker; the server tests wait on PGlite, PostgreSQL
          // and Redis as much as they compute, so two keep both cores busy (decision 0111).
          maxWorkers: 2,
          // Files in a worker share loaded modules (PGlite's compiled engine and the migrated image
          // among them): 2.5 times faster. So no test may rely on module state being fresh; each
          // builds what it needs (createTestApp, a new store) and a mock stays in its own file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          env: { PORT_GROUP: '0' },
          include: ['e2e/**/*.e2e.ts'],
          ...common,
          globalSetup: ['./e2e/support/global-setup.ts'],
          // Three files at a time, each worker with a server of its own (global-setup.ts): a browser
          // test waits on timers, the network and the browser about half the time; three keep both
          // cores busy (measured: 2 workers 307 s, 3 workers 270 s, 4 workers 279 s; decision 0147).
          maxWorkers: 3,
          // Files in a worker share loaded modules (Playwright's client, the support code): each file
          // launches its own browser and opens its own contexts, so no state passes between files.
          isolate: false,
        },
      },
      {
        test: {
          // The production build on the Node that runs Vitest: CI runs it on Node 20 (decision 0138).
          name: 'smoke',
          env: { PORT_GROUP: '1' },
          include: ['e2e/smoke/**/*.smoke.ts'],
          ...common,
        },
      },
      {
        test: {
          name: 'cluster',
          env: { PORT_GROUP: '2' },
          include: ['e2e/cluster/**/*.cluster.ts'],
          ...common,
          // Two clusters side by side (32 s against 46 s one at a time): each worker takes its
          // processes' ports from a band of its own (e2e/support/ports.ts). Picking any free port
          // once handed one cluster's port to the other's process (decision 0147).
          maxWorkers: 2,
        },
      },
    ],
  },
});
