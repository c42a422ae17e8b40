import type { PaymentProviders } from '../payments';
import type { OrderRow, RechargeRepository } from './recharge.repository';
import type { RechargeLogger } from './recharge-tx';

export interface OrderExpiryDeps {
  recharge: Pick<RechargeRepository, 'expireOverdue' | 'cancelUnpaidCreatedBefore'>;
  providers: PaymentProviders;
  now: () => number;
  log: RechargeLogger;
}

/** Unpaid orders that end without a payment (overdue, from before a maintenance, replaced): their checkouts close. */
export class OrderExpiry {
  constructor(private readonly deps: OrderExpiryDeps) {}

  /** Closes the provider checkouts of orders that can no longer be paid; a provider that fails is logged. */
  async closeCheckouts(orders: readonly OrderRow[]): Promise<void> {
    for (const order of orders) {
      if (!order.providerRef) continue;
      await this.deps.providers
        .get(order.provider)
        ?.expire(order.providerRef)
        .catch((error: unknown) => this.deps.log.warn({ err: error, orderNo: order.orderNo }, 'checkout not closed'));
    }
  }

  async expireOverdue(): Promise<void> {
    await this.closeCheckouts(await this.deps.recharge.expireOverdue(new Date(this.deps.now())));
  }

  /** Unpaid orders started before a maintenance that has ended are invalid; their checkouts close. */
  async invalidateBefore(since: Date): Promise<void> {
    await this.closeCheckouts(await this.deps.recharge.cancelUnpaidCreatedBefore(since));
  }
}
