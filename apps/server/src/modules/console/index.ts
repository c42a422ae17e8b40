import { defineModule } from '../../shared/server-module';
import type { AccountsRepository } from '../accounts';
import type { GiftCodesService } from '../gift-codes';
import { MusicRepository } from '../music';
import type { OutfitsService } from '../outfits';
import type { RechargeRepository, RechargeService } from '../recharge';
import type { SessionsRepository } from '../sessions';
import type { UploadsService } from '../uploads';
import type { WalletRepository } from '../wallet';
import { ConsoleOperationsRepository } from './console-operations.repository';
import { consoleOperationsRoutes } from './console-operations.routes';
import { ConsoleOperationsService } from './console-operations.service';
import { ConsoleRepository } from './console.repository';
import { consoleRoutes } from './console.routes';
import { ConsoleService } from './console.service';

export type { ConsoleService } from './console.service';

/** One operator action as the audit log keeps it. */
export interface AuditEntry {
  actorUid: number;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Writes one audit entry; the one way an operator action outside the console is recorded. */
export type AuditTrail = (entry: AuditEntry) => Promise<void>;

interface ConsoleNeeds {
  accountsRepository: AccountsRepository;
  sessionsRepository: SessionsRepository;
  uploads: UploadsService;
  outfits: OutfitsService;
  recharge: RechargeService;
  rechargeRepository: RechargeRepository;
  gifts: GiftCodesService;
  wallet: WalletRepository;
}

/** The operator console: review queue, users, campaigns, orders, and the audit log of every operator action. */
export const consoleModule = defineModule({
  services: ({ db, now }, needs: ConsoleNeeds) => {
    const auditLog = new ConsoleRepository(db);
    /** The audit helper of modules outside the console (labels, site settings). */
    const auditTrail: AuditTrail = (entry) => auditLog.audit({ ...entry, at: new Date(now()) });
    const { accountsRepository: accounts, recharge, gifts, uploads, outfits } = needs;
    const console = new ConsoleService({ console: auditLog, accounts, sessions: needs.sessionsRepository, music: new MusicRepository(db), outfits, uploads, recharge, gifts, now });
    const consoleOperations = new ConsoleOperationsService({
      operations: new ConsoleOperationsRepository(db),
      audit: auditLog,
      accounts,
      orders: needs.rechargeRepository,
      recharge,
      wallet: needs.wallet,
      gifts,
      now,
    });
    return { console, consoleOperations, auditLog, auditTrail };
  },
  api: async (app, { services }) => {
    await app.register(consoleRoutes, { console: services.console });
    await app.register(consoleOperationsRoutes, { operations: services.consoleOperations });
  },
});
