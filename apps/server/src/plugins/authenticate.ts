import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { operatorOperations } from '@vsp/contract/endpoints/api';
import { STEP_UP_WINDOW_MS, type OperatorAccess, type OperatorRole, type SecondFactor } from '@vsp/contract/operator-roles';
import type { UserRole } from '@vsp/contract/user-roles';

/** The signed-in caller of a request, as the sessions module answers for its token (decision 0155 for operators). */
export interface AuthenticatedUser {
  uid: number;
  role: UserRole;
  nickname: string;
  userName: string;
  /** The account's own address: answered to its owner only (call 2). */
  email: string;
  sessionId: number;
  /** An operator's roles (decision 0154); empty for players and creators. */
  operatorRoles: OperatorRole[];
  /** How this session proved its second factor, and when it last did (operators, decision 0155). */
  secondFactor: SecondFactor | null;
  secondFactorAt: number | null;
}

/** What this plugin needs of the sessions module, by shape: the module's routes use this plugin. */
export interface SessionAuthenticator {
  authenticate(token: string | undefined, uid: string | undefined): Promise<AuthenticatedUser>;
}

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
  async function authenticate(app, { sessions, now }: { sessions: SessionAuthenticator; now: () => number }) {
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.user = await sessions.authenticate(header(request, 'token'), header(request, 'uid'));
    });
    // Every operator route is a row of the operation table, whose access rule the guard enforces:
    // a route that names requireOperator without one fails the server's start (decision 0154).
    const operatorRoutes = new Map(operatorOperations.map((operation) => [`${operation.method} ${operation.path}`, operation.access]));
    const requireOperator: AuthHook = async (request) => {
      const user = await sessions.authenticate(header(request, 'token'), header(request, 'uid'));
      if (user.role !== 'operator') throw new AppError(Errors.Forbidden);
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const rule = operatorRoutes.get(`${method} ${request.routeOptions.url}`);
      if (!rule) throw new Error(`${method} ${request.routeOptions.url} guards operators but has no row in the operation table`);
      request.user = user;
      checkOperatorAccess(user, rule, now());
    };
    app.decorate('requireOperator', requireOperator);
    app.addHook('onRoute', (route) => {
      const hooks = [route.preValidation, route.preHandler].flat();
      if (!hooks.includes(requireOperator)) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const rule = operatorRoutes.get(`${method} ${route.url}`);
        if (!rule) throw new Error(`${method} ${route.url} guards operators but has no row with its access rule in the operation table`);
        const schema = (route.schema ??= {}) as { description?: string };
        schema.description = [schema.description, accessText(rule)].filter(Boolean).join('\n\n');
      }
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

/**
 * An operator may call an operation when one of their roles is among its roles, their session has
 * proved its second factor (unless the operation is part of proving it), and, for a step-up
 * operation, did so within the last 5 minutes. Throws the catalogue error that says which is missing.
 */
export function checkOperatorAccess(user: AuthenticatedUser, rule: OperatorAccess, now: number): void {
  if (!rule.roles.some((role) => user.operatorRoles.includes(role))) throw new AppError(Errors.OperatorRoleMissing);
  if (rule.beforeSecondFactor) return;
  if (!user.secondFactor || user.secondFactorAt === null) throw new AppError(Errors.SecondFactorRequired);
  if (rule.stepUp && now - user.secondFactorAt > STEP_UP_WINDOW_MS) throw new AppError(Errors.StepUpRequired);
}

/** The access rule as the OpenAPI document shows it on the operation. */
function accessText(rule: OperatorAccess): string {
  const parts = [`Operator roles: ${rule.roles.join(', ')}.`];
  parts.push(rule.beforeSecondFactor ? 'Callable before the session has verified its second factor.' : 'Needs a session that verified its second factor (40302 before).');
  if (rule.stepUp) parts.push('Step-up: the second factor verified within the last 5 minutes (40303 otherwise).');
  return parts.join(' ');
}
