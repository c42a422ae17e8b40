import type { Config } from '../../config';
import { defineModule } from '../server-module';
import type { AuditTrail } from '../audit';
import { WalletRepository } from '../wallet';
import { GiftCodesRepository } from './gift-codes.repository';
import { giftCodesRoutes, type GiftGuessingLimits } from './gift-codes.routes';
import { GiftCodesService } from './gift-codes.service';
import { giftCodesPersonalData } from './gift-codes.personal-data';

export type { GiftCodesService } from './gift-codes.service';
export { giftGuessingLimits } from './gift-codes.routes';

/** Gift-code attempts per 10 minutes: per redeemer for one account ID, and per address. */
export function giftLimits(config: Pick<Config, 'GIFT_LIMIT_PER_ACCOUNT' | 'GIFT_LIMIT_PER_ADDRESS'>): GiftGuessingLimits {
  return {
    perAccount: { max: config.GIFT_LIMIT_PER_ACCOUNT, windowMs: 10 * 60_000 },
    perAddress: { max: config.GIFT_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
  };
}

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
  api: async (app, { context: { config }, services }) => {
    await app.register(giftCodesRoutes, { gifts: services.gifts, limits: giftLimits(config) });
  },
  personalData: ({ context: { db } }) => giftCodesPersonalData(db),
});
