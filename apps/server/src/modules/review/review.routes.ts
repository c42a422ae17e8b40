import type { ApiRoutes } from '../../plugins/signature';
import {
  ReviewBulkBody,
  ReviewBulkResponse,
  ReviewClaimBody,
  ReviewClaimResponse,
  ReviewDecisionBody,
  ReviewDecisionResponse,
  ReviewQueueQuery,
  ReviewQueueResponse,
  consoleReviewBulkPath,
  consoleReviewClaimPath,
  consoleReviewMusicPath,
  consoleReviewOutfitPath,
  consoleReviewQueuePath,
} from '@vsp/contract/endpoints/console';
import { currentUser } from '../../plugins/authenticate';
import { requestOrigin } from '../uploads';
import type { ReviewService } from './review.service';

/**
 * The console's review queue and decisions; operators only. The role check runs in preValidation
 * (after the signature, before the body is validated) so a non-operator learns nothing.
 */
export const reviewRoutes: ApiRoutes<{ review: ReviewService }> = async (app, { review: service }) => {
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
      { schema: { tags, summary: `Approve a ${kind}, or reject it with a category and an optional note`, body: ReviewDecisionBody, response: { 200: ReviewDecisionResponse } }, preValidation },
      async (request) => {
        const { id, decision, category, reason } = request.body;
        const review = kind === 'music' ? service.reviewMusic.bind(service) : service.reviewOutfit.bind(service);
        return review(currentUser(request).uid, id, decision, category, reason);
      },
    );
  }

  app.post(
    consoleReviewClaimPath,
    { schema: { tags, summary: 'Take a queue item to review (others see who has it until the claim ends), or give it back', body: ReviewClaimBody, response: { 200: ReviewClaimResponse } }, preValidation },
    async (request) => service.claim(currentUser(request).uid, request.body.kind, request.body.id, request.body.release ?? false),
  );

  app.post(
    consoleReviewBulkPath,
    { schema: { tags, summary: 'Approve or reject several queue items with one category and note', body: ReviewBulkBody, response: { 200: ReviewBulkResponse } }, preValidation },
    async (request) => {
      const { items, decision, category, reason } = request.body;
      return service.reviewBulk(currentUser(request).uid, items, decision, category, reason);
    },
  );
};
