import type { ApiRoutes } from '../../plugins/signature';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { OutfitsService } from './outfits.service';

/** The creator platform's signed, logged-in calls: the creator's own list and the submission. */
export const outfitsRoutes: ApiRoutes<ModuleOptions<{ outfits: OutfitsService }>> = async (app, { context: { config }, services: { outfits } }) => {
  // Submissions per account per hour (each one reads and checks a whole archive).
  const submitLimit = app.routeLimits({ name: 'outfits:submit:account', max: config.OUTFIT_SUBMIT_LIMIT_PER_HOUR, windowMs: 60 * 60_000, key: (request) => (request.user ? String(request.user.uid) : undefined) });

  app.route({
    ...operationRoute(app, 'listOutfits', { tags: ['creator'], summary: "The logged-in creator's outfit submissions, newest first, one page", headers: TokenHeaders }),
    preHandler: app.requireUser,
    handler: async (request) => outfits.list(currentUser(request).uid, request.query.page, request.query.pageSize),
  });

  app.route({
    ...operationRoute(app, 'submitOutfit', { tags: ['creator'], summary: 'Submit an uploaded outfit archive for review (validated before it is recorded)', headers: TokenHeaders }),
    preHandler: [app.requireUser, submitLimit],
    handler: async (request) => outfits.submit(currentUser(request).uid, request.body),
  });
};
