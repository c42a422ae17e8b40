import type { ApiRoutes } from '../../plugins/signature';
import {
  OperatorInvitationAcceptBody,
  OperatorInvitationAcceptResponse,
  OperatorInvitationCancelBody,
  OperatorInvitationResponse,
  OperatorInvitationsQuery,
  OperatorInvitationsResponse,
  OperatorInviteBody,
  OperatorMeQuery,
  OperatorMeResponse,
  OperatorResetFactorsBody,
  OperatorResponse,
  OperatorRevokeBody,
  OperatorRolesBody,
  OperatorsQuery,
  OperatorsResponse,
  TotpConfirmBody,
  TotpConfirmResponse,
  TotpStartBody,
  TotpStartResponse,
  VerifySecondFactorBody,
  VerifySecondFactorResponse,
  operatorInvitationAcceptPath,
  operatorInvitationCancelPath,
  operatorInvitationsPath,
  operatorInvitePath,
  operatorMePath,
  operatorResetFactorsPath,
  operatorRevokePath,
  operatorRolesPath,
  operatorsPath,
  totpConfirmPath,
  totpStartPath,
  verifySecondFactorPath,
} from '@vsp/contract/endpoints/operators';
import {
  OperatorPasskeyAddBody,
  OperatorPasskeyAddResponse,
  OperatorPasskeyChallengeBody,
  OperatorPasskeyOptionsBody,
  PasskeyOptionsResponse,
  operatorPasskeyAddPath,
  operatorPasskeyChallengePath,
  operatorPasskeyOptionsPath,
} from '@vsp/contract/endpoints/passkeys';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import type { OperatorsService } from './operators.service';

/** The operator's own sign-in (roles, second factor) and the administrators' Operators page. */
export const operatorsRoutes: ApiRoutes<{ operators: OperatorsService }> = async (app, { operators }) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];
  const headers = TokenHeaders;

  app.get(
    operatorMePath,
    { schema: { tags, summary: "The signed-in operator: roles, factors, this session's second factor, what each operation needs", headers, querystring: OperatorMeQuery, response: { 200: OperatorMeResponse } }, preValidation },
    async (request) => operators.me(currentUser(request)),
  );
  app.post(
    totpStartPath,
    { schema: { tags, summary: 'Start enrolling an authenticator app (a new secret)', headers, body: TotpStartBody, response: { 200: TotpStartResponse } }, preValidation },
    async (request) => operators.startTotp(currentUser(request)),
  );
  app.post(
    totpConfirmPath,
    { schema: { tags, summary: "Confirm the app with its first code; the first factor answers the recovery codes, once", headers, body: TotpConfirmBody, response: { 200: TotpConfirmResponse } }, preValidation },
    async (request) => operators.confirmTotp(currentUser(request), request.body.code),
  );
  app.post(
    verifySecondFactorPath,
    { schema: { tags, summary: "Verify this session's second factor (sign-in or step-up) with a code or a recovery code", headers, body: VerifySecondFactorBody, response: { 200: VerifySecondFactorResponse } }, preValidation },
    async (request) => operators.verify(currentUser(request), request.body as Parameters<OperatorsService['verify']>[1]),
  );
  app.post(
    operatorPasskeyOptionsPath,
    { schema: { tags, summary: 'Options for enrolling a passkey as a second factor', headers, body: OperatorPasskeyOptionsBody, response: { 200: PasskeyOptionsResponse } }, preValidation },
    async (request) => ({ options: await operators.passkeyOptions(currentUser(request)) }),
  );
  app.post(
    operatorPasskeyAddPath,
    { schema: { tags, summary: 'Enrol the passkey the browser made; the first factor answers the recovery codes, once', headers, body: OperatorPasskeyAddBody, response: { 200: OperatorPasskeyAddResponse } }, preValidation },
    async (request) => operators.addPasskey(currentUser(request), request.body.credential as never),
  );
  app.post(
    operatorPasskeyChallengePath,
    { schema: { tags, summary: "Options for verifying this session with one of the operator's passkeys", headers, body: OperatorPasskeyChallengeBody, response: { 200: PasskeyOptionsResponse } }, preValidation },
    async (request) => ({ options: await operators.passkeyChallenge(currentUser(request)) }),
  );
  app.get(
    operatorsPath,
    { schema: { tags, summary: 'Every operator with roles, factors and last sign-in', headers, querystring: OperatorsQuery, response: { 200: OperatorsResponse } }, preValidation },
    async () => ({ operators: await operators.list() }),
  );
  app.post(
    operatorRolesPath,
    { schema: { tags, summary: "Set an operator's roles", headers, body: OperatorRolesBody, response: { 200: OperatorResponse } }, preValidation },
    async (request) => operators.setRoles(currentUser(request), request.body.uid, request.body.roles),
  );
  app.post(
    operatorRevokePath,
    { schema: { tags, summary: "Revoke an operator: no roles, every session ended at once", headers, body: OperatorRevokeBody, response: { 200: OperatorResponse } }, preValidation },
    async (request) => operators.revoke(currentUser(request), request.body.uid),
  );
  app.post(
    operatorResetFactorsPath,
    { schema: { tags, summary: "Reset a lost factor: the operator's factors and recovery codes go, they enrol again", headers, body: OperatorResetFactorsBody, response: { 200: OperatorResponse } }, preValidation },
    async (request) => operators.resetFactors(currentUser(request), request.body.uid),
  );
  app.get(
    operatorInvitationsPath,
    { schema: { tags, summary: 'Invitations sent and still open (not accepted, cancelled or expired)', headers, querystring: OperatorInvitationsQuery, response: { 200: OperatorInvitationsResponse } }, preValidation },
    async () => ({ invitations: await operators.invitations() }),
  );
  app.post(
    operatorInvitePath,
    { schema: { tags, summary: 'Invite an operator by e-mail: a one-time link, valid 72 hours, to an account with these roles', headers, body: OperatorInviteBody, response: { 200: OperatorInvitationResponse } }, preValidation },
    async (request) => operators.invite(currentUser(request), request.body),
  );
  app.post(
    operatorInvitationCancelPath,
    { schema: { tags, summary: 'Cancel an open invitation: its link stops working', headers, body: OperatorInvitationCancelBody, response: { 200: OperatorInvitationResponse } }, preValidation },
    async (request) => operators.cancelInvitation(currentUser(request), request.body.id),
  );
  app.post(
    operatorInvitationAcceptPath,
    {
      schema: {
        tags,
        summary: "Accept an invitation from its link: an operator account with the invitation's address and roles (its second factor is enrolled at the first sign-in)",
        body: OperatorInvitationAcceptBody,
        response: { 200: OperatorInvitationAcceptResponse },
      },
    },
    async (request) => operators.acceptInvitation(request.body, request.clientAddress),
  );
};
