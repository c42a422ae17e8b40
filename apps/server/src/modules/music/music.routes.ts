import type { ApiRoutes } from '../../plugins/signature';
import { MUSIC_PAGE_SIZE } from '@vsp/contract/endpoints/music';
import { TokenHeaders } from '@vsp/contract/endpoints/user';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import { requestOrigin } from '../uploads';
import type { MusicService } from './music.service';

/** Signed music routes: submit an uploaded song for review, and the user's list of songs. */
export const musicRoutes: ApiRoutes<ModuleOptions<{ music: MusicService }>> = async (app, { services: { music } }) => {
  const auth = app.requireUser;

  app.route({
    ...operationRoute(app, 'submitMusic', { tags: ['music'], summary: 'Submit an uploaded MP3 for review (checked: real MP3 frames, size, duration)', headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => music.submit(currentUser(request).uid, request.body, requestOrigin(request)),
  });

  app.route({
    ...operationRoute(app, 'listMusic', { tags: ['music'], summary: "The logged-in user's songs with their review state, newest first", headers: TokenHeaders }),
    preHandler: auth,
    handler: async (request) => music.list(currentUser(request).uid, request.query.page ?? 1, request.query.pageSize ?? MUSIC_PAGE_SIZE, requestOrigin(request)),
  });
};
