import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { UserRole } from '../db/schema';
import type { AuthenticatedUser, SessionsService } from '../modules/sessions/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser on routes that need a logged-in user. */
    user?: AuthenticatedUser;
  }
}

/**
 * preHandler for routes that need a logged-in user (headers `token` and `uid`, spec call 2);
 * with roles, the user must hold one of them (403 otherwise). The check sits on the route, never
 * in a path allow-list.
 */
export function requireUser(sessions: SessionsService, roles?: readonly UserRole[]) {
  return async function requireUserHook(request: FastifyRequest, _reply: FastifyReply) {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const user = await sessions.authenticate(header('token'), header('uid'));
    if (roles && !roles.includes(user.role)) throw new AppError(Errors.Forbidden);
    request.user = user;
  };
}

/**
 * preHandler for anonymous routes that answer more, or count differently, for a signed-in caller:
 * sets `request.user` when the `token` and `uid` headers name a live session, and lets the request
 * through anonymous otherwise (no header, or one that does not authenticate).
 */
export function identifyUser(sessions: SessionsService) {
  return async function identifyUserHook(request: FastifyRequest, _reply: FastifyReply) {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const token = header('token');
    if (!token) return;
    try {
      request.user = await sessions.authenticate(token, header('uid'));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  };
}

/** The user a requireUser preHandler authenticated; a programming error if used without it. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new Error('currentUser() on a route without requireUser');
  return request.user;
}
