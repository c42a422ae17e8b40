/**
 * Tests wait for states, never for times (decision 0138). These are the ceilings of those waits: as
 * long as a loaded machine may need, far beyond what a healthy run comes near. A wait that would go
 * on forever still fails at its ceiling, naming the state it waited for. `vitest.config.ts` applies
 * them to every test, hook and `expect.poll`; `useBrowser` to every Playwright action; and lint
 * forbids a shorter `timeout` literal in a test file.
 */
export const TEST_CEILING_MS = 600_000;
export const WAIT_CEILING_MS = 120_000;
