import type { ApiRoutes } from '../../plugins/signature';
import {
  ReviewDecisionBody,
  ReviewDecisionResponse,
  ReviewQueueQuery,
  ReviewQueueResponse,
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
      { schema: { tags, summary: `Approve a ${kind}, or reject it with a reason`, body: ReviewDecisionBody, response: { 200: ReviewDecisionResponse } }, preValidation },
      async (request) => {
        const { id, decision, reason } = request.body;
        const review = kind === 'music' ? service.reviewMusic.bind(service) : service.reviewOutfit.bind(service);
        return review(currentUser(request).uid, id, decision, reason);
      },
    );
  }
};
