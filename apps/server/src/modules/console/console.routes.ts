import type { ApiRoutes } from '../../plugins/signature';
import {
  AuditQuery,
  AuditResponse,
  ReviewDecisionBody,
  ReviewDecisionResponse,
  ReviewQueueQuery,
  ReviewQueueResponse,
  UserBlockBody,
  UserResponse,
  UserRevokeSessionsBody,
  UserSearchQuery,
  UserSearchResponse,
  consoleAuditPath,
  consoleCampaignCreatePath,
  consoleSwitchesPath,
  consoleReviewMusicPath,
  consoleReviewOutfitPath,
  consoleReviewQueuePath,
  consoleUserBlockPath,
  consoleUserRevokeSessionsPath,
  consoleUserSearchPath,
} from '@vsp/contract/endpoints/console';
import { CampaignResponse, CreateCampaignBody } from '@vsp/contract/endpoints/gift-codes';
import { RechargeStatusResponse, RechargeSwitchesBody } from '@vsp/contract/endpoints/recharge';
import { currentUser } from '../../plugins/authenticate';
import { requestOrigin } from '../uploads';
import type { ConsoleService } from './console.service';

/**
 * The operator console's signed calls; every route is for operators only. The role check runs in
 * preValidation (after the signature, before the body is validated) so a non-operator learns nothing.
 */
export const consoleRoutes: ApiRoutes<{ console: ConsoleService }> = async (
  app,
  { console: service },
) => {
  const preValidation = app.requireOperator;
  const tags = ['console'];

  app.get(
    consoleReviewQueuePath,
    { schema: { tags, summary: 'Pending music and outfits, oldest first', querystring: ReviewQueueQuery, response: { 200: ReviewQueueResponse } }, preValidation },
    async (request) => service.reviewQueue(requestOrigin(request)),
  );

  for (const [path, kind] of [
    [consoleReviewMusicPath, 'music'],
    [consoleReviewOutfitPath, 'outfit'],
  ] as const) {
    app.post(
      path,
      { schema: { tags, summary: `Approve a ${kind}, or reject it with a reason`, body: ReviewDecisionBody, response: { 200: ReviewDecisionResponse } }, preValidation },
      async (request) => {
        const { id, decision, reason } = request.body;
        const review = kind === 'music' ? service.reviewMusic.bind(service) : service.reviewOutfit.bind(service);
        return review(currentUser(request).uid, id, decision, reason);
      },
    );
  }

  app.get(
    consoleUserSearchPath,
    { schema: { tags, summary: 'Find a user by account ID, user name or e-mail', querystring: UserSearchQuery, response: { 200: UserSearchResponse } }, preValidation },
    async (request) => ({ users: await service.searchUsers(request.query.q) }),
  );

  app.post(
    consoleUserBlockPath,
    { schema: { tags, summary: "Block (next call answers 10064) or unblock a user", body: UserBlockBody, response: { 200: UserResponse } }, preValidation },
    async (request) => service.setBlocked(currentUser(request).uid, request.body.uid, request.body.blocked),
  );

  app.post(
    consoleUserRevokeSessionsPath,
    { schema: { tags, summary: "End every session of a user", body: UserRevokeSessionsBody, response: { 200: UserResponse } }, preValidation },
    async (request) => service.revokeSessions(currentUser(request).uid, request.body.uid),
  );

  app.get(
    consoleAuditPath,
    { schema: { tags, summary: 'The newest audit entries', querystring: AuditQuery, response: { 200: AuditResponse } }, preValidation },
    async (request) => ({ entries: await service.recentAudit(request.query.limit ?? 50) }),
  );

  app.post(
    consoleSwitchesPath,
    { schema: { tags, summary: 'Top-up maintenance, its window and the iOS notice (audited)', body: RechargeSwitchesBody, response: { 200: RechargeStatusResponse } }, preValidation },
    async (request) => {
      const { paused, window, clearWindow, iosNotice } = request.body;
      return service.setSwitches(currentUser(request).uid, { paused, window, clearWindow, iosNotice });
    },
  );

  app.post(
    consoleCampaignCreatePath,
    { schema: { tags, summary: 'Create a gift campaign: one shared code or N unique codes (audited)', body: CreateCampaignBody, response: { 200: CampaignResponse } }, preValidation },
    async (request) => service.createCampaign(currentUser(request).uid, request.body),
  );
};
