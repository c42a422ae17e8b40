import type { ErrorParams } from '@vsp/contract/app-error';
import type { OverLimitReason } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { limitPeriodStart } from '@vsp/contract/purchase-limits';
import type { OrderRow } from './recharge.repository';
import type { RechargeTx } from './recharge-tx';

/** What a limit needs to know of an order, made or about to be made. */
export type LimitedOrder = Pick<OrderRow, 'uid' | 'kind' | 'itemId' | 'priceMinor' | 'currency'> & { orderNo?: string };

/**
 * A limit on what one account may receive (decision 0141). Every limit is checked twice, by the same
 * code: when an order is made (`order`: refused with `error`) and again when its payment is credited
 * (`credit`: a payment over the limit is not credited but refunded in full, and the order keeps
 * `reason`). Both checks run in the caller's transaction while it holds the account's row lock, so
 * orders of one account are counted one at a time across every process.
 *
 * Top-up's own limit is the pack limit; a module above it adds its limits to `ReceivingLimits`
 * (parental's monthly cap and gift-pack switch). Order creation,
 * crediting, the automatic refund and the player's note read that list and need no change.
 */
export interface ReceivingLimit {
  /** The order's `reason` once a payment over this limit was refunded (the contract lists them). */
  readonly reason: OverLimitReason;
  /** What an order over the limit is refused with when it is made. */
  readonly error: (typeof Errors)[keyof typeof Errors];
  /** The parameters of the error's text at `at` (a date the limit lifts), if it has any. */
  readonly params?: (at: Date) => ErrorParams;
  /**
   * Whether `order` goes past the limit at `at`. At `order` time every paid purchase counts (an
   * unpaid one may never be paid); at `credit` time only credited ones other than `order`, so the
   * first payment to be credited wins and the others are refunded.
   */
  exceeded(tx: RechargeTx, order: LimitedOrder, at: Date, phase: 'order' | 'credit'): Promise<boolean>;
}

/** A gift pack's purchase limit, per UTC day, week, month, or ever (decisions 0095, 0141). */
export const packPurchaseLimit: ReceivingLimit = {
  reason: 'pack_limit',
  error: Errors.GiftPackPurchaseLimitReached,
  async exceeded({ recharge }, order, at, phase) {
    if (order.kind !== 'gift_pack') return false;
    const pack = await recharge.giftPack(order.itemId);
    if (!pack) return false;
    const since = limitPeriodStart(pack.limitPeriod, at.getTime());
    const counted = await recharge.countPackPurchases(order.uid, pack.id, since, phase === 'credit' ? { creditedOnly: true, except: order.orderNo } : {});
    return counted >= pack.purchaseLimit;
  },
};

/**
 * Every limit on what an account may receive, in the order they are checked: top-up's pack limit,
 * then those a module above top-up adds (parental's monthly cap and gift-pack switch).
 */
export class ReceivingLimits {
  readonly #limits: ReceivingLimit[] = [packPurchaseLimit];

  add(...limits: readonly ReceivingLimit[]): void {
    this.#limits.push(...limits);
  }

  /** The first limit `order` goes past, if any. */
  async exceeded(tx: RechargeTx, order: LimitedOrder, at: Date, phase: 'order' | 'credit'): Promise<ReceivingLimit | undefined> {
    for (const limit of this.#limits) {
      if (await limit.exceeded(tx, order, at, phase)) return limit;
    }
    return undefined;
  }
}
