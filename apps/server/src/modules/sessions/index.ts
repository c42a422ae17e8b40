import { defineModule } from '../server-module';
import { SessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { SessionsService } from './sessions.service';
import { sessionsPersonalData } from './sessions.personal-data';

export { SessionsRepository } from './sessions.repository';
export type { SessionsService } from './sessions.service';
export type { AuthenticatedUser } from '../../plugins/authenticate';

/** Sessions: the token behind every logged-in call, listing and revoking them. */
export const sessionsModule = defineModule({
  name: 'sessions',
  needs: [],
  services: ({ config, db, now }) => {
    const sessionsRepository = new SessionsRepository(db);
    return { sessionsRepository, sessions: new SessionsService({ sessions: sessionsRepository, now, ttlMs: config.SESSION_TTL_SECONDS * 1000 }) };
  },
  api: sessionsRoutes,
  personalData: ({ context: { db } }) => sessionsPersonalData(db),
});
export { lastSignIns } from './session-queries';
