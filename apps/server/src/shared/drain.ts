/**
 * The listener's graceful drain behind a load balancer (decision 0122). From `start()` on, /healthz
 * answers 503 so the balancer's health checks take the process out of rotation; the listener closes
 * once the balancer has seen that answer often enough to have acted on it, and the requests already
 * in flight then finish (Fastify's close). Waiting for the checks, not for a time, is what keeps a
 * request the balancer sends before it noticed from meeting a closed port.
 */
export class Drain {
  #draining = false;
  #answered = 0;
  #waiters: { checks: number; resolve: (seen: boolean) => void }[] = [];

  get draining(): boolean {
    return this.#draining;
  }

  start(): void {
    this.#draining = true;
  }

  /** /healthz answered "draining" once more. */
  answeredDraining(): void {
    this.#answered += 1;
    this.#waiters = this.#waiters.filter((waiter) => {
      if (this.#answered < waiter.checks) return true;
      waiter.resolve(true);
      return false;
    });
  }

  /**
   * Resolves true once `checks` health checks were answered "draining", false when `maxMs` passed
   * first (no balancer is checking: the embedded shape, or a balancer that is gone).
   */
  untilSeen(checks: number, maxMs: number): Promise<boolean> {
    if (this.#answered >= checks) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { checks, resolve };
      this.#waiters.push(waiter);
      setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        resolve(false);
      }, maxMs).unref();
    });
  }
}
