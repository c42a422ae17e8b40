import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { OperatorsService } from './operators.service';

/** The operator's own sign-in (roles, second factor) and the administrators' Operators page. */
export const operatorsRoutes: ApiRoutes<ModuleOptions<{ operators: OperatorsService }>> = async (app, { services: { operators } }) => {
  const tags = ['console'];
  const headers = TokenHeaders;

  app.route({
    ...operationRoute(app, 'operatorMe', { tags, summary: "The signed-in operator: roles, factors, this session's second factor, what each operation needs", headers }),
    handler: async (request) => operators.me(currentUser(request)),
  });
  app.route({
    ...operationRoute(app, 'startTotp', { tags, summary: 'Start enrolling an authenticator app (a new secret)', headers }),
    handler: async (request) => operators.startTotp(currentUser(request)),
  });
  app.route({
    ...operationRoute(app, 'confirmTotp', { tags, summary: "Confirm the app with its first code; the first factor answers the recovery codes, once", headers }),
    handler: async (request) => operators.confirmTotp(currentUser(request), request.body.code),
  });
  app.route({
    ...operationRoute(app, 'verifySecondFactor', { tags, summary: "Verify this session's second factor (sign-in or step-up) with a code or a recovery code", headers }),
    handler: async (request) => operators.verify(currentUser(request), request.body),
  });
  app.route({
    ...operationRoute(app, 'operatorPasskeyOptions', { tags, summary: 'Options for enrolling a passkey as a second factor', headers }),
    handler: async (request) => ({ options: await operators.passkeyOptions(currentUser(request)) }),
  });
  app.route({
    ...operationRoute(app, 'addOperatorPasskey', { tags, summary: 'Enrol the passkey the browser made; the first factor answers the recovery codes, once', headers }),
    handler: async (request) => operators.addPasskey(currentUser(request), request.body.credential as never),
  });
  app.route({
    ...operationRoute(app, 'operatorPasskeyChallenge', { tags, summary: "Options for verifying this session with one of the operator's passkeys", headers }),
    handler: async (request) => ({ options: await operators.passkeyChallenge(currentUser(request)) }),
  });
  app.route({
    ...operationRoute(app, 'operators', { tags, summary: 'Every operator with roles, factors and last sign-in', headers }),
    handler: async () => ({ operators: await operators.list() }),
  });
  app.route({
    ...operationRoute(app, 'setOperatorRoles', { tags, summary: "Set an operator's roles", headers }),
    handler: async (request) => operators.setRoles(currentUser(request), request.body.uid, request.body.roles),
  });
  app.route({
    ...operationRoute(app, 'revokeOperator', { tags, summary: "Revoke an operator: no roles, every session ended at once", headers }),
    handler: async (request) => operators.revoke(currentUser(request), request.body.uid),
  });
  app.route({
    ...operationRoute(app, 'resetOperatorFactors', { tags, summary: "Reset a lost factor: the operator's factors and recovery codes go, they enrol again", headers }),
    handler: async (request) => operators.resetFactors(currentUser(request), request.body.uid),
  });
  app.route({
    ...operationRoute(app, 'operatorInvitations', { tags, summary: 'Invitations sent and still open (not accepted, cancelled or expired)', headers }),
    handler: async () => ({ invitations: await operators.invitations() }),
  });
  app.route({
    ...operationRoute(app, 'inviteOperator', { tags, summary: 'Invite an operator by e-mail: a one-time link, valid 72 hours, to an account with these roles', headers }),
    handler: async (request) => operators.invite(currentUser(request), request.body),
  });
  app.route({
    ...operationRoute(app, 'cancelOperatorInvitation', { tags, summary: 'Cancel an open invitation: its link stops working', headers }),
    handler: async (request) => operators.cancelInvitation(currentUser(request), request.body.id),
  });
  app.route({
    ...operationRoute(app, 'acceptOperatorInvitation', { tags, summary: "Accept an invitation from its link: an operator account with the invitation's address and roles (its second factor is enrolled at the first sign-in)" }),
    handler: async (request) => operators.acceptInvitation(request.body, request.clientAddress),
  });
};
