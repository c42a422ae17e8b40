import { defineConfig } from 'vitest/config';
import { TEST_CEILING_MS, WAIT_CEILING_MS } from './e2e/support/waits.ts';

/**
 * Three projects: `unit` (contract, labels, server modules through inject, web logic), `e2e` (a
 * real Chromium against the production build served by the real server) and `cluster` (the same
 * build as `npm run cluster` runs it: HAProxy in front of several API processes, with faults).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.ts', 'apps/**/src/**/*.test.tsx', 'e2e/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: TEST_CEILING_MS,
          hookTimeout: TEST_CEILING_MS,
          expect: { poll: { timeout: WAIT_CEILING_MS } },
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
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: TEST_CEILING_MS,
          hookTimeout: TEST_CEILING_MS,
          // expect.poll waits for a state; its default (one second) is a fixed time on a busy machine.
          expect: { poll: { timeout: WAIT_CEILING_MS } },
          // Two files at a time, each worker with a server of its own (global-setup.ts): the suite
          // waits on timers, the network and the browser about half the time (decision 0138).
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The production build on the Node that runs Vitest: CI runs it on Node 20 (decision 0138).
          name: 'smoke',
          include: ['e2e/smoke/**/*.smoke.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: TEST_CEILING_MS,
          hookTimeout: TEST_CEILING_MS,
          expect: { poll: { timeout: WAIT_CEILING_MS } },
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['e2e/cluster/**/*.cluster.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: TEST_CEILING_MS,
          // Hooks start a cluster (a fresh database migrated and seeded, then N processes).
          hookTimeout: TEST_CEILING_MS,
          expect: { poll: { timeout: WAIT_CEILING_MS } },
          // One cluster at a time: each runs several processes on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
