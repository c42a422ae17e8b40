import { AttemptLimiter } from '../../shared/attempt-limiter';
import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AccountsRepository } from '../accounts';
import type { AuditTrail } from '../audit';
import type { Crediting, ReceivingLimits, RechargeRepository } from '../recharge';
import { parentGiftPackSwitch, parentMonthlyLimit } from './parental-limits';
import { ParentalRepository } from './parental.repository';
import { parentalRoutes } from './parental.routes';
import { ParentalService } from './parental.service';
import { parentalPersonalData } from './parental.personal-data';

interface ParentalNeeds {
  accountsRepository: AccountsRepository;
  rechargeRepository: RechargeRepository;
  receivingLimits: ReceivingLimits;
  crediting: Crediting;
  audit: AuditTrail;
}

/** How often unsent purchase notices are mailed again and lapsed links swept. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Parents in control (issue 32): linking, the parent's sign-in and page, the monthly limit and the
 * gift-pack switch (enforced among top-up's receiving limits), and the purchase notices.
 */
export const parentalModule = defineModule({
  name: 'parental',
  needs: ['audit', 'accounts', 'recharge'],
  services: ({ db, store, now, mails, log }, { accountsRepository, rechargeRepository, receivingLimits, crediting, audit }: ParentalNeeds) => {
    const parentalRepository = new ParentalRepository(db);
    const parental = new ParentalService({
      parental: parentalRepository,
      accounts: accountsRepository,
      // Top-up's queries, handed in (parental stands above top-up and registers its limits with it).
      orders: rechargeRepository,
      mails,
      transaction: inTransaction(db, (tx) => new ParentalRepository(tx)),
      audit,
      limiter: new AttemptLimiter(store),
      now,
      log,
    });
    // The parent's limits join top-up's receiving limits; the purchase notice is written with the
    // credit (exactly once) and mailed after it.
    receivingLimits.add(parentGiftPackSwitch, parentMonthlyLimit);
    crediting.alongCredit(({ on }, order, at) => new ParentalRepository(on).recordNotice(order, at).then(() => undefined));
    crediting.onCredited((order) => parental.sendNotices(order.uid).then(() => undefined));
    return { parentalRepository, parental };
  },
  api: parentalRoutes,
  jobs: ({ services }) => [{ name: 'parent notices', everyMs: SWEEP_EVERY_MS, run: () => services.parental.sweep() }],
  personalData: ({ context: { db } }) => parentalPersonalData(db),
});
export { parentManagedSince } from './parental-queries';
