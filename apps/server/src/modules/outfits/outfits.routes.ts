import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ListOutfitsQuery,
  ListOutfitsResponse,
  SubmitOutfitBody,
  SubmitOutfitResponse,
  listOutfitsPath,
  submitOutfitPath,
} from '@vsp/contract/endpoints/outfits';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser, requireUser } from '../../plugins/authenticate';
import type { SessionsService } from '../sessions/sessions.service';
import type { OutfitsService } from './outfits.service';

export interface OutfitsRoutesOptions {
  outfits: OutfitsService;
  sessions: SessionsService;
  /** Submissions per account per hour (each one reads and checks a whole archive). */
  submitsPerHour: number;
}

/** The creator platform's signed, logged-in calls: the creator's own list and the submission. */
export const outfitsRoutes: FastifyPluginAsyncTypebox<OutfitsRoutesOptions> = async (app, { outfits, sessions, submitsPerHour }) => {
  const submitLimit = app.routeLimits({ name: 'outfits:submit:account', max: submitsPerHour, windowMs: 60 * 60_000, key: (request) => (request.user ? String(request.user.uid) : undefined) });

  app.get(
    listOutfitsPath,
    {
      schema: {
        tags: ['creator'],
        summary: "The logged-in creator's outfit submissions, newest first, one page",
        headers: TokenHeaders,
        querystring: ListOutfitsQuery,
        response: { 200: ListOutfitsResponse },
      },
      preHandler: requireUser(sessions),
    },
    async (request) => {
      const data = await outfits.list(currentUser(request).uid, request.query.page, request.query.pageSize);
      return { status: 1 as const, data };
    },
  );

  app.post(
    submitOutfitPath,
    {
      schema: {
        tags: ['creator'],
        summary: 'Submit an uploaded outfit archive for review (validated before it is recorded)',
        headers: TokenHeaders,
        body: SubmitOutfitBody,
        response: { 200: SubmitOutfitResponse },
      },
      preHandler: [requireUser(sessions), submitLimit],
    },
    async (request) => {
      const { gender, componentType, objectKey, agreement } = request.body;
      const data = await outfits.submit(currentUser(request).uid, { gender, componentType, objectKey, agreement });
      return { status: 1 as const, data };
    },
  );
};
