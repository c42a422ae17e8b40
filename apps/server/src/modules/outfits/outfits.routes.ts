import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { OutfitsService } from './outfits.service';

export interface OutfitsRoutesOptions {
  outfits: OutfitsService;
  /** Submissions per account per hour (each one reads and checks a whole archive). */
  submitsPerHour: number;
}

/** The creator platform's signed, logged-in calls: the creator's own list and the submission. */
export const outfitsRoutes: ApiRoutes<OutfitsRoutesOptions> = async (app, { outfits, submitsPerHour }) => {
  const submitLimit = app.routeLimits({ name: 'outfits:submit:account', max: submitsPerHour, windowMs: 60 * 60_000, key: (request) => (request.user ? String(request.user.uid) : undefined) });

  app.route({
    ...operationRoute(app, 'listOutfits', { tags: ['creator'], summary: "The logged-in creator's outfit submissions, newest first, one page", headers: TokenHeaders }),
    preHandler: app.requireUser,
    handler: async (request) => {
      const data = await outfits.list(currentUser(request).uid, request.query.page, request.query.pageSize);
      return data;
    },
  });

  app.route({
    ...operationRoute(app, 'submitOutfit', { tags: ['creator'], summary: 'Submit an uploaded outfit archive for review (validated before it is recorded)', headers: TokenHeaders }),
    preHandler: [app.requireUser, submitLimit],
    handler: async (request) => {
      const { gender, componentType, objectKey, agreement, resubmitOf } = request.body;
      const data = await outfits.submit(currentUser(request).uid, { gender, componentType, objectKey, agreement, resubmitOf });
      return data;
    },
  });
};
