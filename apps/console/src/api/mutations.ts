import { mutationOptions } from '@tanstack/react-query';
import type { BodyOf } from '@vsp/api-client/call-types';
import { consoleReviewBulkPath, consoleReviewClaimPath, consoleReviewMusicPath, consoleReviewOutfitPath, consoleUserBlockPath, consoleUserRevokeSessionsPath } from '@vsp/contract/endpoints/console';
import { consoleGiftPackLimitPath, consoleOrderRecheckPath, consoleOrderRefundPath } from '@vsp/contract/endpoints/console-operations';
import { consoleCampaignCodesPath, consoleCampaignCreatePath, consoleCampaignDisablePath, consoleCampaignUpdatePath } from '@vsp/contract/endpoints/gift-codes';
import { consoleLabelOverrideRemovePath, consoleLabelOverrideSetPath, consoleLabelPublishPath } from '@vsp/contract/endpoints/labels';
import {
  operatorInvitationAcceptPath,
  operatorInvitationCancelPath,
  operatorInvitePath,
  operatorResetFactorsPath,
  operatorRevokePath,
  operatorRolesPath,
  totpConfirmPath,
  totpStartPath,
  verifySecondFactorPath,
} from '@vsp/contract/endpoints/operators';
import { operatorPasskeyAddPath, operatorPasskeyChallengePath, operatorPasskeyOptionsPath } from '@vsp/contract/endpoints/passkeys';
import { consoleSwitchesPath } from '@vsp/contract/endpoints/recharge';
import { consoleSiteSettingsPath } from '@vsp/contract/endpoints/site-settings';
import { getUserInfoByTokenPath, loginPath, logoutPath } from '@vsp/contract/endpoints/user';
import type { ReviewKind } from '@vsp/contract/review-reasons';
import { api, saveSession, type OperatorSession } from './api';
import type { QueryGroup } from './queries';

/** A write of the signed-in console; once it succeeds, the groups it changes and the audit log refetch (queries.ts). */
function write<TData, TVariables = void>(name: string, invalidates: readonly QueryGroup[], mutationFn: (variables: TVariables) => Promise<TData>) {
  return mutationOptions<TData, Error, TVariables>({ mutationKey: [name], mutationFn, meta: { invalidates } });
}

/** A step of signing in or out: nothing a query shows changes (the signed-in console loads afterwards). */
function signInStep<TData, TVariables = void>(name: string, mutationFn: (variables: TVariables) => Promise<TData>) {
  return mutationOptions<TData, Error, TVariables>({ mutationKey: [name], mutationFn });
}

/** Not an operator: the login worked, the account may not use the console. */
export class NotOperator extends Error {}

/** Call 1 of the contract (login), then call 2 to confirm the account is an operator; a refused account keeps no session. */
async function login(body: BodyOf<typeof loginPath>): Promise<OperatorSession> {
  try {
    const user = await api.post(loginPath, { body });
    const session = { token: user.token, uid: user.uid, userName: user.userName };
    saveSession(session);
    const info = await api.get(getUserInfoByTokenPath);
    if (info.role !== 'operator') throw new NotOperator();
    return session;
  } catch (error) {
    saveSession(null);
    throw error;
  }
}

/** Makes a passkey on this device (the browser asks for its screen lock or security key) and enrols it. */
async function enrolPasskey() {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options } = await api.post(operatorPasskeyOptionsPath);
  const credential = await startRegistration({ optionsJSON: options as never });
  return api.post(operatorPasskeyAddPath, { body: { credential: credential as never } });
}

/** Signs this session's challenge with one of the operator's passkeys. */
async function verifyWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await api.post(operatorPasskeyChallengePath);
  const passkey = await startAuthentication({ optionsJSON: options as never });
  return api.post(verifySecondFactorPath, { body: { passkey: passkey as never } });
}

/**
 * Every write the console makes, named for what the operator does (decision 0163): its key is its
 * name, its function the POST of its operation, `invalidates` the query groups of queries.ts it
 * changes. A page runs one with `useMutation(mutations.refundOrder())`, spreading it to add what it
 * shows on success or failure; it never calls the client itself (lint).
 */
export const mutations = {
  // Signing in, the second factor (decision 0155) and an invitation's link (decision 0158).
  login: () => signInStep('login', login),
  /** A refused logout still ends the session here. */
  logout: () => signInStep('logout', () => api.post(logoutPath).catch(() => undefined)),
  acceptInvitation: () => signInStep('acceptInvitation', (body: BodyOf<typeof operatorInvitationAcceptPath>) => api.post(operatorInvitationAcceptPath, { body })),
  startTotp: () => signInStep('startTotp', () => api.post(totpStartPath)),
  confirmTotp: () => signInStep('confirmTotp', (body: BodyOf<typeof totpConfirmPath>) => api.post(totpConfirmPath, { body })),
  enrolPasskey: () => signInStep('enrolPasskey', enrolPasskey),
  /** A code or a recovery code: the sign-in's second factor, or a step-up. */
  verifySecondFactor: () => signInStep('verifySecondFactor', (body: BodyOf<typeof verifySecondFactorPath>) => api.post(verifySecondFactorPath, { body })),
  verifyWithPasskey: () => signInStep('verifyWithPasskey', verifyWithPasskey),

  // The review queue.
  /** Approves or rejects a song or an outfit (each kind has its own operation). */
  decideReview: () =>
    write('decideReview', ['review'], ({ kind, ...body }: { kind: ReviewKind } & BodyOf<typeof consoleReviewMusicPath>) =>
      api.post(kind === 'music' ? consoleReviewMusicPath : consoleReviewOutfitPath, { body }),
    ),
  /** Takes an item to review, or gives it back (`release`). */
  claimReview: () => write('claimReview', ['review'], (body: BodyOf<typeof consoleReviewClaimPath>) => api.post(consoleReviewClaimPath, { body })),
  bulkDecide: () => write('bulkDecide', ['review'], (body: BodyOf<typeof consoleReviewBulkPath>) => api.post(consoleReviewBulkPath, { body })),

  // Players.
  blockUser: () => write('blockUser', ['users'], (uid: number) => api.post(consoleUserBlockPath, { body: { uid, blocked: true } })),
  unblockUser: () => write('unblockUser', ['users'], (uid: number) => api.post(consoleUserBlockPath, { body: { uid, blocked: false } })),
  revokeSessions: () => write('revokeSessions', ['users'], (uid: number) => api.post(consoleUserRevokeSessionsPath, { body: { uid } })),

  // Orders: a paid answer or a refund changes the order, its timeline and the payer's wallet.
  recheckOrder: () => write('recheckOrder', ['orders', 'wallets'], (orderNo: string) => api.post(consoleOrderRecheckPath, { body: { orderNo } })),
  refundOrder: () => write('refundOrder', ['orders', 'wallets'], (orderNo: string) => api.post(consoleOrderRefundPath, { body: { orderNo } })),

  // Settings.
  saveSwitches: () => write('saveSwitches', ['switches'], (body: BodyOf<typeof consoleSwitchesPath>) => api.post(consoleSwitchesPath, { body })),
  saveSiteSettings: () =>
    write('saveSiteSettings', ['site-settings'], ({ storeLinks, supportEmails }: BodyOf<typeof consoleSiteSettingsPath>) =>
      api.post(consoleSiteSettingsPath, { body: { storeLinks, supportEmails } }),
    ),

  // Gift campaigns and the gift packs' purchase limits.
  createCampaign: () => write('createCampaign', ['campaigns'], (body: BodyOf<typeof consoleCampaignCreatePath>) => api.post(consoleCampaignCreatePath, { body })),
  updateCampaign: () => write('updateCampaign', ['campaigns'], (body: BodyOf<typeof consoleCampaignUpdatePath>) => api.post(consoleCampaignUpdatePath, { body })),
  generateCodes: () => write('generateCodes', ['campaigns'], (body: BodyOf<typeof consoleCampaignCodesPath>) => api.post(consoleCampaignCodesPath, { body })),
  disableCampaign: () => write('disableCampaign', ['campaigns'], (id: number) => api.post(consoleCampaignDisablePath, { body: { id } })),
  setPackLimit: () => write('setPackLimit', ['gift-packs'], (body: BodyOf<typeof consoleGiftPackLimitPath>) => api.post(consoleGiftPackLimitPath, { body })),

  // Labels: a draft per key and language, then a published version for the website.
  setLabel: () => write('setLabel', ['labels'], (body: BodyOf<typeof consoleLabelOverrideSetPath>) => api.post(consoleLabelOverrideSetPath, { body })),
  removeLabel: () => write('removeLabel', ['labels'], (body: BodyOf<typeof consoleLabelOverrideRemovePath>) => api.post(consoleLabelOverrideRemovePath, { body })),
  publishLabels: () => write('publishLabels', ['labels'], () => api.post(consoleLabelPublishPath)),

  // Operators (decision 0154) and their invitations (decision 0158).
  saveRoles: () => write('saveRoles', ['operators'], (body: BodyOf<typeof operatorRolesPath>) => api.post(operatorRolesPath, { body })),
  resetFactors: () => write('resetFactors', ['operators'], (uid: number) => api.post(operatorResetFactorsPath, { body: { uid } })),
  revokeOperator: () => write('revokeOperator', ['operators'], (uid: number) => api.post(operatorRevokePath, { body: { uid } })),
  inviteOperator: () => write('inviteOperator', ['operators'], (body: BodyOf<typeof operatorInvitePath>) => api.post(operatorInvitePath, { body })),
  cancelInvitation: () => write('cancelInvitation', ['operators'], (id: number) => api.post(operatorInvitationCancelPath, { body: { id } })),
};
