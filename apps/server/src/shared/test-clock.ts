/**
 * The business clock of a test server (TEST_CLOCK, NODE_ENV=test only; decision 0135): the real
 * clock plus an offset that only ever grows, so a browser test can let 30 days pass in a second.
 * It moves what the modules reckon with (`ModuleContext.now`: expiry, grace periods, sweeps); the
 * replay window of request signing stays on the caller's clock, which nobody moves.
 */
export class TestClock {
  #offsetMs = 0;

  constructor(private readonly base: () => number = Date.now) {}

  readonly now = (): number => this.base() + this.#offsetMs;

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (never back: what was stamped stays in the past). */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`cannot advance the clock by ${ms} ms`);
    this.#offsetMs += ms;
  }
}
