import { AttemptLimiter } from '../../shared/attempt-limiter';
import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AccountsRepository, AccountsService } from '../accounts';
import type { AuditEvent, AuditTrail } from '../audit';
import type { PasskeysRepository, PasskeysService } from '../passkeys';
import type { SessionsService } from '../sessions';
import { OperatorsRepository } from './operators.repository';
import { operatorsRoutes } from './operators.routes';
import { OperatorsService } from './operators.service';
import { operatorsPersonalData } from './operators.personal-data';

/** Operators: roles, second factors, step-up and the administrators' Operators page (issue 30). */
export const operatorsModule = defineModule({
  name: 'operators',
  needs: ['audit', 'sessions', 'passkeys', 'accounts'],
  services: (
    { db, store, now, wallClock, config, mails },
    { audit, auditEvent, sessions, passkeys, passkeysRepository, accounts, accountsRepository }: { audit: AuditTrail; auditEvent: AuditEvent; sessions: SessionsService; passkeys: PasskeysService; passkeysRepository: PasskeysRepository; accounts: AccountsService; accountsRepository: AccountsRepository },
  ) => {
    const operatorsRepository = new OperatorsRepository(db);
    const operators = new OperatorsService({
      operators: operatorsRepository,
      sessions,
      passkeys,
      passkeysRepository,
      accounts,
      accountsRepository,
      mails,
      limiter: new AttemptLimiter(store),
      transaction: inTransaction(db, (tx) => new OperatorsRepository(tx)),
      audit,
      auditEvent,
      now,
      wallClock,
      issuer: new URL(config.publicUrl).host,
    });
    return { operatorsRepository, operators };
  },
  api: operatorsRoutes,
  personalData: () => operatorsPersonalData,
});
