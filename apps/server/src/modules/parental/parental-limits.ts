import { Errors } from '@vsp/contract/error-codes';
import { limitPeriodReset, limitPeriodStart } from '@vsp/contract/purchase-limits';
import type { ReceivingLimit } from '../recharge';
import { ParentalRepository } from './parental.repository';

/**
 * A parent's switch (issue 32, decision 0152): with gift packs off, no gift pack reaches the account,
 * whoever pays. Checked under the account's row lock with every receiving limit (decision 0141).
 */
export const parentGiftPackSwitch: ReceivingLimit = {
  reason: 'parent_limit',
  error: Errors.GiftPacksNotAllowed,
  async exceeded({ on }, order) {
    if (order.kind !== 'gift_pack') return false;
    const link = await new ParentalRepository(on).activeLink(order.uid);
    return Boolean(link && !link.giftPacksAllowed);
  },
};

/**
 * A parent's monthly limit (issue 32, decision 0152): what the account receives in a UTC calendar
 * month, whoever pays, stays within the limit (0: nothing). At order time credited orders and
 * payments not credited yet count; at credit time only credited ones, so the first payments to be
 * credited win and the rest are refunded. The limit is in one currency: an order in another one
 * cannot be measured against it and is refused. The payer learns only that the account can receive
 * no more this month and from when it can again, never the limit or the spending.
 */
export const parentMonthlyLimit: ReceivingLimit = {
  reason: 'parent_limit',
  error: Errors.AccountMonthlyLimitReached,
  params: (at) => ({ date: limitPeriodReset('month', at.getTime())!.toISOString().slice(0, 10) }),
  async exceeded({ on, recharge }, order, at, phase) {
    const link = await new ParentalRepository(on).activeLink(order.uid);
    if (!link || link.monthlyLimitMinor === null) return false;
    if (link.monthlyLimitMinor === 0 || order.currency !== link.limitCurrency) return true;
    const since = limitPeriodStart('month', at.getTime())!;
    const spent = await recharge.spentSince(order.uid, order.currency, since, { includePaid: phase === 'order', except: order.orderNo });
    return spent + order.priceMinor > link.monthlyLimitMinor;
  },
};
