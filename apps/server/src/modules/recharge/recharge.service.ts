import { AppError } from '@vsp/contract/app-error';
import { UNPAID_ORDERS_MAX } from '@vsp/contract/constants';
import type { CreateOrderBody, Order, OrderInquiry, RechargeAccount, RechargeCatalogue } from '@vsp/contract/endpoints/recharge';
import type { SignedInput } from '../../plugins/signature';
import { Errors } from '@vsp/contract/error-codes';
import { limitPeriodReset, limitPeriodStart } from '@vsp/contract/purchase-limits';
import type { Asset } from '@vsp/contract/wallet-assets';
import { ANY_COUNTRY } from './recharge.schema';
import { mailLanguage } from '../../shared/mails/mails';
import { isoOf } from '../../shared/personal-data';
import { randomCode } from '../../shared/random-code';
import type { AccountsRepository } from '../accounts';
import type { PaymentProviders } from '../payments';
import type { OrderExpiry } from './order-expiry';
import type { ReceivingLimits } from './receiving-limits';
import { accountPayer, UNPAID_STATUSES, type OrderRow, type RechargeRepository } from './recharge.repository';
import type { RechargeLogger, RunInTransaction } from './recharge-tx';
import type { TopUpSwitches } from './top-up-switches';

export interface RechargeServiceDeps {
  recharge: RechargeRepository;
  accounts: Pick<AccountsRepository, 'findByUid'>;
  transaction: RunInTransaction;
  providers: PaymentProviders;
  switches: Pick<TopUpSwitches, 'paused' | 'settleMaintenance'>;
  expiry: Pick<OrderExpiry, 'expireOverdue' | 'closeCheckouts'>;
  limits: ReceivingLimits;
  orderTtlMs: number;
  now: () => number;
  log: RechargeLogger;
}

/**
 * Unpaid orders one account may hold from all payers other than its signed-in owner together: a
 * bound on the rows strangers can leave, well above any one payer's cap (UNPAID_ORDERS_MAX).
 */
export const UNPAID_ORDERS_FROM_OTHERS_MAX = 100;


type CreateOrderInput = SignedInput<typeof CreateOrderBody>;

/** An order as the wire contract shows it (modules that list orders of their own use it too). */
export function orderView(row: OrderRow): Order {
  return {
    orderNo: row.orderNo,
    uid: row.uid,
    kind: row.kind,
    itemId: row.itemId,
    contents: row.contents,
    priceMinor: row.priceMinor,
    currency: row.currency,
    paymentMethod: row.paymentMethodName,
    status: row.status,
    reason: row.reason,
    checkoutUrl: row.status === 'awaiting_payment' ? row.checkoutUrl : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: isoOf(row.paidAt),
    fulfilledAt: isoOf(row.fulfilledAt),
    refundedAt: isoOf(row.refundedAt),
  };
}

/** An order as anyone holding its number reads it (the order inquiry, the lookup): no account, price or method. */
export function inquiryView(order: Order): OrderInquiry {
  const { orderNo, kind, contents, status, reason, checkoutUrl, createdAt, expiresAt, paidAt, fulfilledAt, refundedAt } = order;
  return { orderNo, kind, contents, status, reason, checkoutUrl, createdAt, expiresAt, paidAt, fulfilledAt, refundedAt };
}

/** TU-20250601-7K3M9QX2HD: readable, sortable by day, and 50 random bits hard to guess. */
function newOrderNo(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
  return `TU-${day}-${randomCode(10)}`;
}

/**
 * An idempotency key repeats one request, never another: a key reused for another item, method or
 * account, or by another payer, is refused (40000, field idempotencyKey) instead of answering the
 * first order and its checkout link to someone else (issue 28).
 */
function sameRequest(order: OrderRow, input: CreateOrderInput, payer: string): OrderRow {
  const same = order.kind === input.kind && order.itemId === input.itemId && order.paymentMethodId === input.paymentMethodId && order.payer === payer;
  if (!same) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'idempotencyKey', rule: 'reused' }] });
  return order;
}

/**
 * Top-up's orders: who can be credited, what is for sale where, orders made once per idempotency
 * key with their provider checkout, and the order as its number shows it.
 */
export class RechargeService {
  constructor(private readonly deps: RechargeServiceDeps) {}

  async account(uid: number): Promise<RechargeAccount> {
    const user = await this.deps.accounts.findByUid(uid);
    if (!user) throw new AppError(Errors.AccountIdNotFound);
    if (user.blocked) throw new AppError(Errors.AccountBlocked);
    return { uid: user.uid, nickname: user.nickname };
  }

  /** `uid` asks for that account's pack purchase counts; the caller answers it only for the signed-in owner. */
  async catalogue(country: string | undefined, uid: number | undefined): Promise<RechargeCatalogue> {
    const wanted = country ?? ANY_COUNTRY;
    const { recharge } = this.deps;
    const [products, packs, methods, countries, purchased] = await Promise.all([
      recharge.products(wanted),
      recharge.giftPacks(wanted),
      recharge.paymentMethods(wanted),
      recharge.countries(),
      uid ? recharge.packPurchaseTimes(uid) : Promise.resolve(new Map<number, Date[]>()),
    ]);
    const now = this.deps.now();
    return {
      country: countries.includes(wanted) ? wanted : ANY_COUNTRY,
      countries,
      products: products.map((p) => ({ id: p.id, asset: p.asset as Asset, amount: p.amount, bonus: p.bonus, priceMinor: p.priceMinor, currency: p.currency })),
      giftPacks: packs.map((p) => ({
        id: p.id,
        name: p.name,
        contents: p.contents,
        priceMinor: p.priceMinor,
        currency: p.currency,
        limit: p.purchaseLimit,
        limitPeriod: p.limitPeriod,
        resetsAt: limitPeriodReset(p.limitPeriod, now)?.toISOString() ?? null,
        purchased: (purchased.get(p.id) ?? []).filter((paidAt) => paidAt >= (limitPeriodStart(p.limitPeriod, now) ?? new Date(0))).length,
      })),
      paymentMethods: methods
        .filter((m) => this.deps.providers.has(m.provider))
        .map((m) => ({ id: m.id, name: m.name, provider: m.provider, featured: m.featured })),
    };
  }

  /**
   * Creates an order and its provider checkout. Repeating an idempotency key answers the order it
   * made. Refused while top-up is paused (10092), for an unknown account (10094), for a missing
   * method (10048) or item (70001), past 20 unpaid orders (10091) or a pack's limit (10096).
   *
   * `payer` is who asks (accountPayer(uid) when signed in, else a key of the client address): the
   * 20 unpaid orders are counted per payer and account, so a stranger only spends their own
   * allowance; strangers together may hold UNPAID_ORDERS_FROM_OTHERS_MAX, which never stops the
   * signed-in owner. Only paid packs count toward a pack's limit; a payer's new order of a pack
   * replaces their own unpaid one of it (decision 0095).
   */
  async createOrder(input: CreateOrderInput, payer: string): Promise<Order> {
    if (await this.deps.switches.paused()) {
      await this.deps.switches.settleMaintenance();
      throw new AppError(Errors.TopUpPausedForMaintenance);
    }
    await this.account(input.uid);
    const existing = await this.deps.recharge.orderByKey(input.uid, input.idempotencyKey);
    if (existing) return orderView(await this.#ensureCheckout(sameRequest(existing, input, payer)));

    const method = await this.deps.recharge.paymentMethod(input.paymentMethodId);
    if (!method || !this.deps.providers.has(method.provider)) throw new AppError(Errors.OrderConfigurationNotFound);
    const item = input.kind === 'product' ? await this.deps.recharge.product(input.itemId) : await this.deps.recharge.giftPack(input.itemId);
    if (!item) throw new AppError(Errors.PurchaseInfoUnavailable);
    const contents =
      'asset' in item ? [{ asset: item.asset as Asset, quantity: item.amount + item.bonus }] : item.contents;

    const now = this.deps.now();
    const replaced: OrderRow[] = [];
    const order = await this.deps.transaction(async (tx) => {
      const { recharge } = tx;
      if (!(await recharge.lockAccount(input.uid))) throw new AppError(Errors.AccountIdNotFound);
      const again = await recharge.orderByKey(input.uid, input.idempotencyKey);
      if (again) return sameRequest(again, input, payer);
      const at = new Date(now);
      if ((await recharge.countUnpaid(input.uid, at, { payer })) >= UNPAID_ORDERS_MAX) throw new AppError(Errors.TooManyUnpaidOrders);
      const owner = accountPayer(input.uid);
      if (payer !== owner && (await recharge.countUnpaid(input.uid, at, { notPayer: owner })) >= UNPAID_ORDERS_FROM_OTHERS_MAX) throw new AppError(Errors.TooManyUnpaidOrders);
      const over = await this.deps.limits.exceeded(tx, { uid: input.uid, kind: input.kind, itemId: item.id, priceMinor: item.priceMinor, currency: item.currency }, at, 'order');
      if (over) throw new AppError(over.error, over.params ? { params: over.params(at) } : {});
      if (!('asset' in item)) {
        for (const previous of await recharge.unpaidPackOrdersOf(input.uid, item.id, payer)) {
          const cancelled = await recharge.transition(previous.orderNo, UNPAID_STATUSES, { status: 'cancelled', reason: 'replaced' });
          if (cancelled) replaced.push(cancelled);
        }
      }
      return recharge.insertOrder({
        orderNo: newOrderNo(now),
        uid: input.uid,
        kind: input.kind,
        itemId: item.id,
        contents,
        priceMinor: item.priceMinor,
        currency: item.currency,
        paymentMethodId: method.id,
        paymentMethodName: method.name,
        provider: method.provider,
        idempotencyKey: input.idempotencyKey,
        payer,
        email: input.email ?? null,
        lang: mailLanguage(input.lang),
        returnPath: input.returnPath ?? '/',
        createdAt: new Date(now),
        expiresAt: new Date(now + this.deps.orderTtlMs),
      });
    });
    await this.deps.expiry.closeCheckouts(replaced);
    return orderView(await this.#ensureCheckout(order));
  }

  /** Opens the provider checkout of a created order (again, after a crash: providers dedupe by order). */
  async #ensureCheckout(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'created') return order;
    const provider = this.deps.providers.get(order.provider);
    if (!provider) throw new AppError(Errors.OrderConfigurationNotFound);
    const checkout = await provider
      .createCheckout({
        orderNo: order.orderNo,
        amountMinor: order.priceMinor,
        currency: order.currency,
        description: order.contents.map((l) => `${l.quantity} ${l.asset}`).join(', '),
        returnPath: order.returnPath,
        expiresAt: order.expiresAt,
        email: order.email,
      })
      .catch(async (error: unknown) => {
        this.deps.log.error({ err: error, orderNo: order.orderNo }, 'checkout creation failed');
        await this.deps.recharge.transition(order.orderNo, ['created'], { status: 'failed', reason: 'provider_error' });
        throw new AppError(Errors.OrderCreationFailed, { cause: error });
      });
    const updated = await this.deps.recharge.transition(order.orderNo, ['created'], {
      status: 'awaiting_payment',
      providerRef: checkout.reference,
      checkoutUrl: checkout.checkoutUrl,
    });
    return updated ?? (await this.deps.recharge.order(order.orderNo))!;
  }

  /** The order inquiry: the order as it stands, after the lazy checks of expiry and maintenance. */
  async order(orderNo: string): Promise<Order> {
    let row = await this.deps.recharge.order(orderNo);
    if (!row) throw new AppError(Errors.OrderNotFound);
    if (UNPAID_STATUSES.includes(row.status)) {
      // Until the maintenance ends, an order from before it stays as it was; after, the settling
      // below has invalidated it.
      await this.deps.switches.settleMaintenance();
      if (row.expiresAt.getTime() <= this.deps.now()) await this.deps.expiry.expireOverdue();
      row = (await this.deps.recharge.order(orderNo))!;
    }
    return orderView(row);
  }
}
