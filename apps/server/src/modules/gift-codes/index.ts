import { defineModule } from '../server-module';
import type { AuditTrail } from '../audit';
import { WalletRepository } from '../wallet';
import { GiftCodesRepository } from './gift-codes.repository';
import { giftCodesRoutes } from './gift-codes.routes';
import { GiftCodesService } from './gift-codes.service';
import { giftCodesPersonalData } from './gift-codes.personal-data';

export type { GiftCodesService } from './gift-codes.service';
export { giftGuessingLimits } from './gift-codes.routes';

/** Gift codes: campaigns and the operators' changes to them, redemption in one transaction, guessing limits. */
export const giftCodesModule = defineModule({
  name: 'gift-codes',
  needs: ['audit', 'accounts', 'wallet'],
  services: ({ db, now }, { audit }: { audit: AuditTrail }) => ({
    gifts: new GiftCodesService({
      gifts: new GiftCodesRepository(db),
      transaction: (work) => db.transaction((tx) => work({ gifts: new GiftCodesRepository(tx), wallet: new WalletRepository(tx), on: tx })),
      audit,
      now,
    }),
  }),
  api: giftCodesRoutes,
  personalData: ({ context: { db } }) => giftCodesPersonalData(db),
});
