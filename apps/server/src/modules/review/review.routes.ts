import type { ApiRoutes } from '../../plugins/signature';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import { requestOrigin } from '../uploads';
import type { ReviewService } from './review.service';

/**
 * The console's review queue and decisions; operators only. The role check runs in preValidation
 * (after the signature, before the body is validated) so a non-operator learns nothing.
 */
export const reviewRoutes: ApiRoutes<ModuleOptions<{ review: ReviewService }>> = async (app, { services: { review: service } }) => {
  const tags = ['console'];

  app.route({
    ...operationRoute(app, 'reviewQueue', { tags, summary: 'Pending music and outfits, oldest first' }),
    handler: async (request) => service.reviewQueue(requestOrigin(request)),
  });

  for (const [operation, kind] of [
    ['reviewMusic', 'music'],
    ['reviewOutfit', 'outfit'],
  ] as const) {
    app.route({
      ...operationRoute(app, operation, { tags, summary: `Approve a ${kind}, or reject it with a category and an optional note` }),
      handler: async (request) => {
        const { id, decision, category, reason } = request.body;
        return service.review(currentUser(request).uid, kind, id, decision, category, reason);
      },
    });
  }

  app.route({
    ...operationRoute(app, 'reviewClaim', { tags, summary: 'Take a queue item to review (others see who has it until the claim ends), or give it back' }),
    handler: async (request) => service.claim(currentUser(request).uid, request.body.kind, request.body.id, request.body.release ?? false),
  });

  app.route({
    ...operationRoute(app, 'reviewBulk', { tags, summary: 'Approve or reject several queue items with one category and note' }),
    handler: async (request) => {
      const { items, decision, category, reason } = request.body;
      return service.reviewBulk(currentUser(request).uid, items, decision, category, reason);
    },
  });
};
