import { AppError } from '@vsp/contract/app-error';
import type { GiftPackLimit } from '@vsp/contract/endpoints/console-operations';
import { Errors } from '@vsp/contract/error-codes';
import type { LimitPeriod } from '@vsp/contract/purchase-limits';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditTrail } from '../audit';
import type { GiftPackRow, RechargeRepository } from './recharge.repository';

function limitView(p: GiftPackRow): GiftPackLimit {
  return { id: p.id, country: p.country, name: p.name, limit: p.purchaseLimit, limitPeriod: p.limitPeriod };
}

/**
 * Operators set each gift pack's purchase limit and its period (issue 19), audited with the values
 * before and after. What was already paid keeps counting in its period; a refund gives nothing back.
 */
export class PackLimitsService {
  constructor(
    private readonly deps: {
      packs: Pick<RechargeRepository, 'allGiftPacks' | 'giftPackById'>;
      /** The new limit and its audit entry, in one transaction. */
      transaction: InTransaction<Pick<RechargeRepository, 'setGiftPackLimit'>>;
      audit: AuditTrail;
    },
  ) {}

  async list(): Promise<GiftPackLimit[]> {
    return (await this.deps.packs.allGiftPacks()).map(limitView);
  }

  async setLimit(actorUid: number, input: { id: number; limit: number; limitPeriod: LimitPeriod }): Promise<GiftPackLimit> {
    const before = await this.deps.packs.giftPackById(input.id);
    if (!before) throw new AppError(Errors.NotFound);
    return this.deps.transaction(async (tx, packs) => {
      const after = limitView((await packs.setGiftPackLimit(input.id, input.limit, input.limitPeriod))!);
      await this.deps.audit({ actorUid, action: 'gift-pack.limit', target: `gift-pack:${input.id}`, before: limitView(before), after }, tx);
      return after;
    });
  }
}
