import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { AuthenticatedUser, SessionsService } from '../modules/sessions/sessions.service';

/** A route hook (preValidation or preHandler) that authenticates the caller or answers an error. */
export type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller behind the `token` and `uid` headers, once requireUser, requireOperator or identifyUser ran. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** Route hook: a logged-in user (headers `token` and `uid`, spec call 2), or 401. */
    requireUser: AuthHook;
    /** Route hook: a logged-in operator, or 401 / 403. */
    requireOperator: AuthHook;
    /** Route hook: sets `request.user` when the headers name a live session, lets anonymous callers through. */
    identifyUser: AuthHook;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Authentication, registered once: the hooks a route names in its own options. Which check a route
 * runs sits on the route, never in a path allow-list; preValidation when a caller without the right
 * must learn nothing about the body, preHandler when validation answers first.
 */
export default fp(
  async function authenticate(app, { sessions }: { sessions: SessionsService }) {
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.user = await sessions.authenticate(header(request, 'token'), header(request, 'uid'));
    });
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      const user = await sessions.authenticate(header(request, 'token'), header(request, 'uid'));
      if (user.role !== 'operator') throw new AppError(Errors.Forbidden);
      request.user = user;
    });
    app.decorate('identifyUser', async (request: FastifyRequest) => {
      const token = header(request, 'token');
      if (!token) return;
      try {
        request.user = await sessions.authenticate(token, header(request, 'uid'));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    });
  },
  { name: 'authenticate' },
);

/** The user a requireUser or requireOperator hook authenticated; a programming error if used without it. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new Error('currentUser() on a route without requireUser');
  return request.user;
}
