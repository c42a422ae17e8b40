import type { FastifyRequest } from 'fastify';

/** One per-route limit: at most `max` requests per `windowMs` for each subject `key` answers. */
export interface RouteLimit {
  /** Names the counter, e.g. `recharge:order:address`. */
  name: string;
  max: number;
  windowMs: number;
  /**
   * Whose allowance a request spends: the client address, the signed-in account, the account a
   * request is about. `undefined` skips this limit for the request (e.g. no session).
   */
  key: (request: FastifyRequest) => string | undefined;
}
