import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AccountsRepository } from '../accounts';
import type { AuditTrail } from '../audit';
import { parentManagedSince } from '../parental';
import type { SessionsRepository } from '../sessions';
import { userModerationRoutes } from './user-moderation.routes';
import { UserModerationService } from './user-moderation.service';

/**
 * The console's users: find an account, block or unblock it, end its sessions. It shows what the
 * accounts, sessions and parental modules hold, so it stands above them.
 */
export const userModerationModule = defineModule({
  name: 'user-moderation',
  needs: ['audit', 'sessions', 'accounts', 'parental'],
  services: ({ db, now }, { accountsRepository, sessionsRepository, audit }: { accountsRepository: AccountsRepository; sessionsRepository: SessionsRepository; audit: AuditTrail }) => ({
    userModeration: new UserModerationService({ accounts: accountsRepository, sessions: sessionsRepository, parentManagedSince: (uid) => parentManagedSince(db, uid), audit, transaction: inTransaction(db), now }),
  }),
  api: userModerationRoutes,
});
