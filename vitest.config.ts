import { defineConfig } from 'vitest/config';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 60_000,
          // Hooks start servers (e2e/support/server-process.ts: SERVER_START_MS each).
          hookTimeout: 300_000,
          // expect.poll waits for a state; its default (one second) is a fixed time on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['e2e/cluster/**/*.cluster.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 90_000,
          // Hooks start a cluster (a fresh database migrated and seeded, then N processes).
          hookTimeout: 240_000,
          expect: { poll: { timeout: 15_000 } },
          // One cluster at a time: each runs several processes on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
