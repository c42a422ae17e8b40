import { AttemptLimiter } from '../../shared/attempt-limiter';
import { defineModule } from '../../shared/server-module';
import { SessionsRepository, type SessionsService } from '../sessions';
import { AccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';
import { DEFAULT_AUTH_LIMITS } from './auth-limits';
import { PasswordResetRepository } from './password-reset.repository';
import { passwordResetRoutes } from './password-reset.routes';
import { PasswordResetService } from './password-reset.service';

export { AccountsRepository, type UserRow } from './accounts.repository';
export { AccountsService } from './accounts.service';
export type { AuthLimits } from './auth-limits';

/** Accounts: login, registration, profiles and password reset. Login answers a new session. */
export const accountsModule = defineModule({
  services: ({ config, db, store, now, mailer, limits }, _routes: { sessions: SessionsService }) => {
    const authLimits = { ...DEFAULT_AUTH_LIMITS, ...limits };
    const limiter = new AttemptLimiter(store);
    const accountsRepository = new AccountsRepository(db);
    const accounts = new AccountsService(accountsRepository, new SessionsRepository(db), limiter, authLimits, now);
    const passwordReset = new PasswordResetService(new PasswordResetRepository(db), accountsRepository, accounts, mailer, limiter, authLimits, {
      publicUrl: config.publicUrl,
      now,
    });
    return { accountsRepository, accounts, passwordReset };
  },
  api: async (app, { context: { config }, services }) => {
    await app.register(accountsRoutes, {
      accounts: services.accounts,
      sessions: services.sessions,
      lookupLimit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
    });
    await app.register(passwordResetRoutes, { passwordReset: services.passwordReset });
  },
});
