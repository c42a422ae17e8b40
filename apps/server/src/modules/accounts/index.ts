import { AttemptLimiter } from '../../shared/attempt-limiter';
import { defineModule } from '../../shared/server-module';
import type { AuditTrail } from '../audit';
import { parentManagedSince } from '../parental';
import type { SessionsRepository, SessionsService } from '../sessions';
import { AccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';
import { DEFAULT_AUTH_LIMITS } from './auth-limits';
import { DeviceTrust } from './device-trust';
import { PasswordResetRepository } from './password-reset.repository';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';
import { userModerationRoutes } from './user-moderation.routes';
import { UserModerationService } from './user-moderation.service';
import { accountsPersonalData } from './accounts.personal-data';

export { AccountsRepository } from './accounts.repository';
export { AccountsService } from './accounts.service';
export type { AuthLimits } from './auth-limits';

/**
 * Accounts: login, registration, profiles and password reset (login answers a new session), and the
 * operators' user moderation.
 */
export const accountsModule = defineModule({
  name: 'accounts',
  services: ({ config, db, store, now, mails, limits }, { audit, sessionsRepository }: { audit: AuditTrail; sessions: SessionsService; sessionsRepository: SessionsRepository }) => {
    const authLimits = { ...DEFAULT_AUTH_LIMITS, ...limits };
    const limiter = new AttemptLimiter(store);
    const accountsRepository = new AccountsRepository(db);
    const accounts = new AccountsService(accountsRepository, sessionsRepository, limiter, authLimits, now);
    const passwordReset = new PasswordResetService(new PasswordResetRepository(db), accountsRepository, accounts, mails, limiter, authLimits, { now });
    const userModeration = new UserModerationService({ accounts: accountsRepository, sessions: sessionsRepository, parentManagedSince: (uid) => parentManagedSince(db, uid), audit, now });
    const devices = new DeviceTrust(config.DEVICE_SECRET);
    return { accountsRepository, accounts, passwordReset, userModeration, devices };
  },
  api: async (app, { context: { config }, services }) => {
    await app.register(accountsRoutes, {
      accounts: services.accounts,
      sessions: services.sessions,
      devices: services.devices,
      lookupLimit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
    });
    await app.register(passwordResetRoutes, { passwordReset: services.passwordReset, devices: services.devices });
    await app.register(userModerationRoutes, { moderation: services.userModeration });
  },
  personalData: ({ context: { db } }) => accountsPersonalData(db),
});
export { accountRowOf, accountSummaryOf, lockAccount, operatorAccounts, personOf, setOperatorRoles, userNameOf, type AccountSummary } from './account-queries';
