import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop turn once: the requests, timers and answers that arrived meanwhile are served
 * before the caller goes on. Long operator work calls it between its steps, each step kept short
 * (decision 0143). Awaiting a query is not enough: PGlite answers without giving the loop a turn.
 */
export function eventLoopTurn(): Promise<void> {
  return setImmediate();
}
