import { AttemptLimiter } from '../../shared/attempt-limiter';
import { defineModule } from '../server-module';
import { AccountsRepository } from './accounts.repository';
import type { SessionEnder, SessionStarter } from './session-needs';
import { accountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';
import { DEFAULT_AUTH_LIMITS } from './auth-limits';
import { DeviceTrust } from './device-trust';
import { PasswordResetRepository } from './password-reset.repository';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';
import { accountsPersonalData } from './accounts.personal-data';

export { AccountsRepository } from './accounts.repository';
export { AccountsService, accountErasedError } from './accounts.service';
export type { UserRow } from './accounts.repository';
export type { AuthLimits } from './auth-limits';

/**
 * Accounts: login, registration, profiles and password reset (login answers a new session). What it
 * needs of the sessions module it declares here, by shape (the sessions module reads accounts).
 */
export const accountsModule = defineModule({
  name: 'accounts',
  needs: ['sessions'],
  services: ({ config, db, store, now, mails, limits }, { sessionsRepository }: { sessions: SessionStarter; sessionsRepository: SessionEnder }) => {
    const authLimits = { ...DEFAULT_AUTH_LIMITS, ...limits };
    const limiter = new AttemptLimiter(store);
    const accountsRepository = new AccountsRepository(db);
    const accounts = new AccountsService({ accounts: accountsRepository, sessions: sessionsRepository, limiter, limits: authLimits, now });
    const passwordReset = new PasswordResetService({ resets: new PasswordResetRepository(db), accountsRepository, accounts, mails, limiter, limits: authLimits, now });
    const devices = new DeviceTrust(config.DEVICE_SECRET);
    return { accountsRepository, accounts, passwordReset, devices };
  },
  api: async (app, options) => {
    await app.register(accountsRoutes, options);
    await app.register(passwordResetRoutes, options);
  },
  personalData: ({ context: { db } }) => accountsPersonalData(db),
});
export { accountRowOf, accountSummaryOf, lockAccount, operatorAccounts, personOf, setOperatorRoles, userNameOf, type AccountSummary } from './account-queries';
