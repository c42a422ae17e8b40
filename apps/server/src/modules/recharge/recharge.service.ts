import { AppError } from '@vsp/contract/app-error';
import { UNPAID_ORDERS_MAX } from '@vsp/contract/constants';
import type { CreateOrderBody, Order, OrderInquiry, RechargeAccount, RechargeCatalogue, RechargeStatus } from '@vsp/contract/endpoints/recharge';
import type { Static } from 'typebox';
import { Errors } from '@vsp/contract/error-codes';
import { limitPeriodReset, limitPeriodStart } from '@vsp/contract/purchase-limits';
import type { Asset } from '@vsp/contract/wallet-assets';
import { ANY_COUNTRY } from './recharge.schema';
import { inputBreach } from '../../plugins/input-rules';
import { mailLanguage } from '../../shared/mails/mails';
import { randomCode } from '../../shared/random-code';
import type { AccountsRepository } from '../accounts';
import type { AuditTrail } from '../audit';
import type { ParentalRepository } from '../parental';
import { NotificationRejected, RefundRefused, type CheckoutState, type PaymentEvent, type PaymentProviders, type Refund } from '../payments';
import type { SiteSettingsRepository } from '../site-settings';
import type { WalletRepository } from '../wallet';
import type { ReceiptSender } from './receipt-sender';
import { limitExceeded } from './receiving-limits';
import { accountPayer, UNPAID_STATUSES, type NotificationRow, type OrderRow, type RechargeRepository } from './recharge.repository';

/** The operator switches top-up reads from the settings table. */
export const SETTING_PAUSED = 'recharge.paused.open';
export const SETTING_PAUSED_WINDOW = 'recharge.paused.window';
export const SETTING_IOS_NOTICE = 'recharge.ios_notice.open';
/** The last maintenance: when it began and, once the switch went off again, when it ended. */
export const SETTING_PAUSED_PERIOD = 'recharge.paused.period';

interface MaintenancePeriod {
  since: string;
  ended: string | null;
}

function periodOf(value: unknown): MaintenancePeriod | undefined {
  const v = value as Partial<MaintenancePeriod> | null | undefined;
  return v && typeof v.since === 'string' ? { since: v.since, ended: typeof v.ended === 'string' ? v.ended : null } : undefined;
}

/** The audit action of a refund, whoever made it (an operator, the provider's notification, a limit). */
export const ORDER_REFUND_ACTION = 'order.refund';
/** Who the audit names for the automatic refund of a payment over a receiving limit. */
export const OVER_LIMIT_ACTOR = 'system:receiving-limit';

export interface RechargeTx {
  recharge: RechargeRepository;
  wallet: WalletRepository;
  /** A parent's link, limit and notices (issue 32): read by the limits, written when an order is credited. */
  parental: ParentalRepository;
}
export type RunInTransaction = <T>(work: (tx: RechargeTx) => Promise<T>) => Promise<T>;

export interface RechargeLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RechargeServiceDeps {
  recharge: RechargeRepository;
  /** The operator switches (maintenance, its window, the iOS notice): the site-settings module's table. */
  settings: Pick<SiteSettingsRepository, 'entry' | 'put' | 'delete'>;
  accounts: AccountsRepository;
  transaction: RunInTransaction;
  providers: PaymentProviders;
  receipts: ReceiptSender;
  orderTtlMs: number;
  /** Where an operator's switch changes are recorded. */
  audit: AuditTrail;
  now?: () => number;
  log?: RechargeLogger;
  /** Test seam: runs after an order is marked paid and before it is credited (a crash there). */
  afterPaid?: (orderNo: string) => Promise<void>;
}

/**
 * Unpaid orders one account may hold from all payers other than its signed-in owner together: a
 * bound on the rows strangers can leave, well above any one payer's cap (UNPAID_ORDERS_MAX).
 */
export const UNPAID_ORDERS_FROM_OTHERS_MAX = 100;


type CreateOrderInput = Omit<Static<typeof CreateOrderBody>, 'appId' | 'timestamp' | 'random' | 'sign'>;

/** A switch is on when its value is true or 'true'; for a per-language value only English counts. */
export function switchIsOn(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value && typeof value === 'object' && 'en' in value) return switchIsOn((value as { en: unknown }).en);
  return false;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

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
    paidAt: iso(row.paidAt),
    fulfilledAt: iso(row.fulfilledAt),
    refundedAt: iso(row.refundedAt),
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

const quietLog: RechargeLogger = { warn: () => undefined, error: () => undefined };

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
 * Top-up rules: who can be credited, what is for sale where, orders and their state machine,
 * provider notifications applied exactly once, and the sweep that finishes whatever a crash or a
 * lost notification left open.
 */
export class RechargeService {
  readonly #now: () => number;
  readonly #log: RechargeLogger;
  readonly #creditListeners: ((order: OrderRow) => Promise<void>)[] = [];

  constructor(private readonly deps: RechargeServiceDeps) {
    this.#now = deps.now ?? Date.now;
    this.#log = deps.log ?? quietLog;
  }

  /** An order as the wire contract shows it (for modules that list orders of their own). */
  view(row: OrderRow): Order {
    return orderView(row);
  }

  /** Work after an order is credited (the parent's notice mail); a failure is logged, never undoes the credit. */
  onCredited(listener: (order: OrderRow) => Promise<void>): void {
    this.#creditListeners.push(listener);
  }

  async account(uid: number): Promise<RechargeAccount> {
    const user = await this.deps.accounts.findByUid(uid);
    if (!user) throw new AppError(Errors.AccountIdNotFound);
    if (user.blocked) throw new AppError(Errors.AccountBlocked);
    return { uid: user.uid, nickname: user.nickname };
  }

  async #paused(): Promise<boolean> {
    return switchIsOn((await this.deps.settings.entry(SETTING_PAUSED))?.value);
  }

  /**
   * Keeps the record of the last maintenance in step with the switch (however it was flipped):
   * while it is on, the period has its start; once it is off again, the period ends and the unpaid
   * orders started before it began become invalid (spec: "An order unpaid before maintenance becomes
   * invalid after it ends"). Answers the last period.
   */
  async #settleMaintenance(): Promise<MaintenancePeriod | undefined> {
    const [switchRow, periodRow] = await Promise.all([this.deps.settings.entry(SETTING_PAUSED), this.deps.settings.entry(SETTING_PAUSED_PERIOD)]);
    const period = periodOf(periodRow?.value);
    if (switchRow && switchIsOn(switchRow.value)) {
      if (period && !period.ended) return period;
      const started = { since: switchRow.updatedAt.toISOString(), ended: null };
      await this.deps.settings.put(SETTING_PAUSED_PERIOD, started, switchRow.updatedAt);
      return started;
    }
    if (!period || period.ended) return period;
    const endedAt = switchRow?.updatedAt ?? new Date(this.#now());
    await this.invalidateBeforeMaintenance(new Date(period.since));
    const ended = { since: period.since, ended: endedAt.toISOString() };
    await this.deps.settings.put(SETTING_PAUSED_PERIOD, ended, endedAt);
    return ended;
  }

  async status(): Promise<RechargeStatus> {
    const [paused, window, ios] = await Promise.all([
      this.deps.settings.entry(SETTING_PAUSED),
      this.deps.settings.entry(SETTING_PAUSED_WINDOW),
      this.deps.settings.entry(SETTING_IOS_NOTICE),
    ]);
    const w = window?.value as { from?: unknown; to?: unknown } | undefined;
    return {
      paused: switchIsOn(paused?.value),
      window: w && typeof w.from === 'string' && typeof w.to === 'string' ? { from: w.from, to: w.to } : null,
      // The spec's iOS notice stands until an operator switches it off.
      iosNotice: ios ? switchIsOn(ios.value) : true,
    };
  }

  /**
   * Operator switches; turning maintenance off invalidates the unpaid orders started before it
   * began. An operator's change (`actorUid` given) is audited with the switches before and after.
   */
  async setSwitches(input: {
    paused?: boolean | undefined;
    /** A window to announce; null clears it. */
    window?: { from: string; to: string } | null | undefined;
    /** Clears the window (what a signed client sends, since signing drops nulls). */
    clearWindow?: boolean | undefined;
    iosNotice?: boolean | undefined;
  }, actorUid: number | null = null): Promise<RechargeStatus> {
    if (input.clearWindow && input.window) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'body/clearWindow', rule: 'oneOf' }] });
    const at = new Date(this.#now());
    const current = await this.status();
    if (input.paused !== undefined && input.paused !== current.paused) {
      await this.deps.settings.put(SETTING_PAUSED, input.paused, at);
      await this.#settleMaintenance();
    }
    if (input.window === null || input.clearWindow) await this.deps.settings.delete(SETTING_PAUSED_WINDOW);
    else if (input.window !== undefined) await this.deps.settings.put(SETTING_PAUSED_WINDOW, input.window, at);
    if (input.iosNotice !== undefined) await this.deps.settings.put(SETTING_IOS_NOTICE, input.iosNotice, at);
    const after = await this.status();
    if (actorUid !== null) await this.deps.audit({ actorUid, action: 'settings.switches', target: 'settings:recharge', before: current, after });
    return after;
  }

  #providerAvailable(provider: string): boolean {
    return this.deps.providers.has(provider);
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
    const now = this.#now();
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
        .filter((m) => this.#providerAvailable(m.provider))
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
    if (await this.#paused()) {
      await this.#settleMaintenance();
      throw new AppError(Errors.TopUpPausedForMaintenance);
    }
    await this.account(input.uid);
    const existing = await this.deps.recharge.orderByKey(input.uid, input.idempotencyKey);
    if (existing) return orderView(await this.#ensureCheckout(sameRequest(existing, input, payer)));

    const method = await this.deps.recharge.paymentMethod(input.paymentMethodId);
    if (!method || !this.#providerAvailable(method.provider)) throw new AppError(Errors.OrderConfigurationNotFound);
    const item = input.kind === 'product' ? await this.deps.recharge.product(input.itemId) : await this.deps.recharge.giftPack(input.itemId);
    if (!item) throw new AppError(Errors.PurchaseInfoUnavailable);
    const contents =
      'asset' in item ? [{ asset: item.asset as Asset, quantity: item.amount + item.bonus }] : item.contents;

    const now = this.#now();
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
      const over = await limitExceeded(tx, { uid: input.uid, kind: input.kind, itemId: item.id, priceMinor: item.priceMinor, currency: item.currency }, at, 'order');
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
    await this.#closeCheckouts(replaced);
    return orderView(await this.#ensureCheckout(order));
  }

  /** Opens the provider checkout of a created order (again, after a crash: providers dedupe by order). */
  async #ensureCheckout(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'created') return order;
    const provider = this.deps.providers.get(order.provider);
    if (!provider) throw new AppError(Errors.OrderConfigurationNotFound);
    let checkout;
    try {
      checkout = await provider.createCheckout({
        orderNo: order.orderNo,
        amountMinor: order.priceMinor,
        currency: order.currency,
        description: order.contents.map((l) => `${l.quantity} ${l.asset}`).join(', '),
        returnPath: order.returnPath,
        expiresAt: order.expiresAt,
        email: order.email,
      });
    } catch (error) {
      this.#log.error({ err: error, orderNo: order.orderNo }, 'checkout creation failed');
      await this.deps.recharge.transition(order.orderNo, ['created'], { status: 'failed', reason: 'provider_error' });
      throw new AppError(Errors.OrderCreationFailed, { cause: error });
    }
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
      await this.#settleMaintenance();
      if (row.expiresAt.getTime() <= this.#now()) await this.expireOverdue();
      row = (await this.deps.recharge.order(orderNo))!;
    }
    return orderView(row);
  }

  /** Verifies, stores and applies one provider notification; a forged one is refused (10097). */
  async receiveNotification(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<string> {
    const provider = this.deps.providers.get(providerName);
    if (!provider) throw new AppError(Errors.NotFound);
    let event: PaymentEvent;
    try {
      event = await provider.verifyNotification(rawBody, headers);
    } catch (error) {
      if (error instanceof NotificationRejected) {
        this.#log.warn({ provider: providerName, reason: error.message }, 'payment notification refused');
        throw new AppError(Errors.PaymentNotificationUnverified);
      }
      throw error;
    }
    // Signed by the provider, yet held to the input rules of every request: PostgreSQL cannot store
    // a NUL in text or jsonb (decision 0090).
    const breach = inputBreach(event);
    if (breach) {
      this.#log.warn({ provider: providerName, breach }, 'payment notification not storable');
      throw new AppError(Errors.ValidationFailed, { fields: [{ field: `event${breach.path}`, rule: breach.rule }] });
    }
    const stored = await this.deps.recharge.recordNotification({
      provider: providerName,
      eventId: event.eventId,
      orderNo: event.orderNo,
      type: event.type,
      payload: rawBody.toString('utf8'),
      event: { ...event },
    });
    if (stored.processedAt) return stored.outcome ?? 'duplicate';
    return this.#apply(stored, providerName, event);
  }

  /**
   * Applies a stored notification to its order under the order's row lock, and marks it processed
   * in the same transaction. A paid order is then credited in a transaction of its own.
   */
  async #apply(stored: NotificationRow, providerName: string, event: PaymentEvent): Promise<string> {
    const now = new Date(this.#now());
    const result = await this.deps.transaction(async (tx): Promise<{ outcome: string; paid: boolean; refunded?: { order: OrderRow; was: OrderRow['status'] } }> => {
      const { recharge } = tx;
      const order = event.orderNo ? await recharge.order(event.orderNo, { lock: true }) : undefined;
      const notification = await recharge.notification(stored.id, { lock: true });
      if (notification?.processedAt) return { outcome: notification.outcome ?? 'duplicate', paid: false };
      let outcome: string;
      /** An order this notification refunded, and the status it had. */
      let refunded: { order: OrderRow; was: OrderRow['status'] } | undefined;
      if (!order) outcome = 'unknown_order';
      else if (order.provider !== providerName) outcome = 'wrong_provider';
      else if (event.outcome === 'paid') {
        // A provider's notification must state what was paid; only our own inquiry (the provider's
        // API asked about our checkout) answers a state without an amount.
        if (!event.fromInquiry && (typeof event.amountMinor !== 'number' || typeof event.currency !== 'string')) {
          outcome = 'amount_missing';
          this.#log.error({ orderNo: order.orderNo, event }, 'paid notification without amount or currency; not credited');
        } else if (event.amountMinor !== undefined && (event.amountMinor !== order.priceMinor || event.currency?.toUpperCase() !== order.currency.toUpperCase())) {
          outcome = 'amount_mismatch';
          this.#log.error({ orderNo: order.orderNo, event }, 'paid amount differs from the order; not credited');
        } else if (order.status === 'paid' || order.status === 'fulfilled' || order.status === 'refunded') {
          // A refunded order's payment was returned: a late notice of it (a retried or delayed
          // event) is old news, never a second credit.
          outcome = 'duplicate';
        } else {
          // Money was taken: a payment credits even an order that expired or was invalidated meanwhile.
          await recharge.transition(order.orderNo, [order.status], { status: 'paid', paidAt: now, reason: null, providerRef: event.reference || order.providerRef });
          outcome = 'paid';
        }
      } else if (event.outcome === 'failed' || event.outcome === 'expired') {
        const changed = await recharge.transition(order.orderNo, UNPAID_STATUSES, {
          status: event.outcome,
          reason: event.outcome === 'failed' ? 'declined' : 'expired',
        });
        outcome = changed ? event.outcome : 'stale';
      } else if (event.outcome === 'refunded') {
        // The provider returned the money: our own refund's echo, or one made at the provider (its
        // dashboard, its support). Only the whole price, in the order's currency, refunds the order.
        if (event.amountMinor !== order.priceMinor || event.currency?.toUpperCase() !== order.currency.toUpperCase()) {
          outcome = 'amount_mismatch';
          this.#log.error({ orderNo: order.orderNo, event }, 'refund notification is not for the whole order; the order is unchanged');
        } else if (order.status === 'refunded') outcome = 'duplicate';
        else if (order.status === 'paid' || order.status === 'fulfilled') {
          const changed = await this.#markRefunded(tx, order, now, event.reference);
          if (changed) refunded = { order: changed, was: order.status };
          outcome = 'refunded';
        } else outcome = 'stale';
      } else outcome = 'ignored';
      await recharge.markProcessed(stored.id, outcome, now);
      return { outcome, paid: outcome === 'paid' || (outcome === 'duplicate' && event.outcome === 'paid'), ...(refunded ? { refunded } : {}) };
    });
    if (result.refunded) {
      // Made at the provider, not by an operator here: the audit names the provider.
      const { order, was } = result.refunded;
      await this.deps.audit({ actorName: `provider:${providerName}`, action: ORDER_REFUND_ACTION, target: `order:${order.orderNo}`, before: { status: was }, after: { status: order.status, refundRef: order.refundRef } });
      await this.#tellRefunded(order, now);
    }
    if (result.paid && event.orderNo) {
      await this.deps.afterPaid?.(event.orderNo);
      await this.fulfil(event.orderNo);
    }
    return result.outcome;
  }

  /**
   * Credits a paid order exactly once: ledger entries under `order:<orderNo>`, then fulfilled. Under
   * the account's row lock the receiving limits are checked again (decision 0141): a payment that
   * arrived over one is not credited, keeps the limit's reason and is refunded in full.
   */
  async fulfil(orderNo: string): Promise<boolean> {
    const now = new Date(this.#now());
    const paid = await this.deps.recharge.order(orderNo);
    if (paid?.status !== 'paid') return false;
    const result = await this.deps.transaction(async (tx): Promise<{ fulfilled?: OrderRow; overLimit?: OrderRow }> => {
      const { recharge, wallet } = tx;
      // The account first, then the order: the lock order of order creation, so they never deadlock.
      await recharge.lockAccount(paid.uid);
      const order = await recharge.order(orderNo, { lock: true });
      if (!order || order.status !== 'paid') return {};
      const over = await limitExceeded(tx, order, now, 'credit');
      if (over) {
        const held = order.reason === over.reason ? order : await recharge.transition(order.orderNo, ['paid'], { reason: over.reason });
        return held ? { overLimit: held } : {};
      }
      await wallet.grant(order.uid, order.contents, `order:${order.orderNo}`, order.kind === 'product' ? 'topup' : 'gift_pack');
      const fulfilled = await recharge.transition(order.orderNo, ['paid'], { status: 'fulfilled', fulfilledAt: now });
      // The parent's notice is written with the credit, so it exists exactly once (mailed after).
      if (fulfilled) await tx.parental.recordNotice(fulfilled, now);
      return fulfilled ? { fulfilled } : {};
    });
    if (result.overLimit) {
      await this.#refundOverLimit(result.overLimit);
      return false;
    }
    const fulfilled = result.fulfilled;
    if (fulfilled) {
      for (const listener of this.#creditListeners) await listener(fulfilled).catch((error: unknown) => this.#log.error({ err: error, orderNo }, 'after-credit work failed'));
    }
    if (fulfilled?.email) {
      await this.deps.receipts
        .send({
          orderNo: fulfilled.orderNo,
          email: fulfilled.email,
          uid: fulfilled.uid,
          contents: fulfilled.contents,
          priceMinor: fulfilled.priceMinor,
          currency: fulfilled.currency,
          paymentMethod: fulfilled.paymentMethodName,
          paidAt: fulfilled.paidAt ?? now,
          lang: fulfilled.lang,
        })
        .catch((error: unknown) => this.#log.error({ err: error, orderNo }, 'receipt not sent'));
    }
    return Boolean(fulfilled);
  }

  /**
   * Gives back a payment that arrived over a receiving limit: the provider returns it (asked again,
   * it answers the same refund), then the order, still paid and never credited, becomes refunded and
   * the payer is told. When the provider cannot refund now, the order stays paid with its reason and
   * the reconciler's next pass over paid orders tries again (checking the limit again first).
   */
  async #refundOverLimit(order: OrderRow): Promise<void> {
    const provider = this.deps.providers.get(order.provider);
    if (!provider || !order.providerRef) {
      this.#log.error({ orderNo: order.orderNo }, 'payment over a limit cannot be refunded automatically');
      return;
    }
    let refund: Refund;
    try {
      refund = await provider.refund(order.providerRef, { orderNo: order.orderNo, amountMinor: order.priceMinor, currency: order.currency });
    } catch (error) {
      this.#log.error({ err: error, orderNo: order.orderNo }, 'payment over a limit not refunded yet; the reconciler tries again');
      return;
    }
    const at = new Date(this.#now());
    const refunded = await this.deps.transaction(async (tx) => {
      const locked = await tx.recharge.order(order.orderNo, { lock: true });
      return locked?.status === 'paid' ? this.#markRefunded(tx, locked, at, refund.reference) : undefined;
    });
    // Already refunded: the provider's notice of this very refund landed first and did the same.
    if (!refunded) return;
    await this.deps.audit({ actorName: OVER_LIMIT_ACTOR, action: ORDER_REFUND_ACTION, target: `order:${order.orderNo}`, before: { status: 'paid' }, after: { status: refunded.status, reason: refunded.reason, refundRef: refunded.refundRef } });
    await this.#tellRefunded(refunded, at);
  }

  /**
   * Refunds a fulfilled order in full (decision 0133): the provider returns the money first (asked
   * again, it answers the same refund), then one transaction writes the reversing ledger entries
   * under `refund:<orderNo>` (a balance may go negative) and marks the order refunded. A repeat, or
   * a second operator at the same moment, finds it refunded and changes nothing. The payer is told
   * by mail. Answers the order and whether this call refunded it.
   */
  async refund(orderNo: string): Promise<{ order: OrderRow; refunded: boolean }> {
    const order = await this.deps.recharge.order(orderNo);
    if (!order) throw new AppError(Errors.OrderNotFound);
    if (order.status === 'refunded') return { order, refunded: false };
    if (order.status !== 'fulfilled') throw new AppError(Errors.OrderNotRefundable);
    const provider = this.deps.providers.get(order.provider);
    if (!provider || !order.providerRef) throw new AppError(Errors.RefundRefused);
    let refund: Refund;
    try {
      refund = await provider.refund(order.providerRef, { orderNo, amountMinor: order.priceMinor, currency: order.currency });
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error;
      this.#log.warn({ orderNo, reason: error.message }, 'refund refused by the provider');
      throw new AppError(Errors.RefundRefused);
    }
    const at = new Date(this.#now());
    const refunded = await this.deps.transaction(async (tx) => {
      const locked = await tx.recharge.order(orderNo, { lock: true });
      return locked?.status === 'fulfilled' ? this.#markRefunded(tx, locked, at, refund.reference) : undefined;
    });
    if (!refunded) {
      // The provider's notification of this very refund may have landed first: refunded once, here or there.
      const now = await this.deps.recharge.order(orderNo);
      if (now?.status === 'refunded') return { order: now, refunded: false };
      throw new AppError(Errors.OrderNotRefundable);
    }
    await this.#tellRefunded(refunded, at);
    return { order: refunded, refunded: true };
  }

  /**
   * The one way an order becomes refunded, inside the caller's transaction under the order's row
   * lock: a credited (fulfilled) order's credit is reversed by ledger entries under
   * `refund:<orderNo>` (a balance may go negative); a paid order not yet credited is never credited.
   */
  async #markRefunded({ recharge, wallet }: RechargeTx, order: OrderRow, at: Date, refundRef: string): Promise<OrderRow | undefined> {
    if (order.status === 'fulfilled') {
      const reversal = order.contents.map((line) => ({ ...line, quantity: -line.quantity }));
      await wallet.grant(order.uid, reversal, `refund:${order.orderNo}`, 'refund');
    }
    return recharge.transition(order.orderNo, [order.status], { status: 'refunded', refundedAt: at, refundRef });
  }

  /** Mails the payer (the order's address, else the account's, unless it was erased) that the money went back. */
  async #tellRefunded(order: OrderRow, at: Date): Promise<void> {
    const account = order.email ? undefined : await this.deps.accounts.findByUid(order.uid);
    const email = order.email ?? (account && !account.erasedAt ? account.email : undefined);
    if (!email) return;
    await this.deps.receipts
      .sendRefund({ orderNo: order.orderNo, email, uid: order.uid, contents: order.contents, priceMinor: order.priceMinor, currency: order.currency, paymentMethod: order.paymentMethodName, refundedAt: at, lang: order.lang })
      .catch((error: unknown) => this.#log.error({ err: error, orderNo: order.orderNo }, 'refund notice not sent'));
  }

  async #closeCheckouts(orders: readonly OrderRow[]) {
    for (const order of orders) {
      if (!order.providerRef) continue;
      await this.deps.providers
        .get(order.provider)
        ?.expire(order.providerRef)
        .catch((error: unknown) => this.#log.warn({ err: error, orderNo: order.orderNo }, 'checkout not closed'));
    }
  }

  async expireOverdue(): Promise<number> {
    const expired = await this.deps.recharge.expireOverdue(new Date(this.#now()));
    await this.#closeCheckouts(expired);
    return expired.length;
  }

  /** Unpaid orders started before a maintenance that has ended are invalid; their checkouts close. */
  async invalidateBeforeMaintenance(since: Date): Promise<number> {
    const cancelled = await this.deps.recharge.cancelUnpaidCreatedBefore(since);
    await this.#closeCheckouts(cancelled);
    return cancelled.length;
  }

  /**
   * Finishes whatever is left open, at start-up and then periodically: maintenance and expiry,
   * stored notifications not yet applied (a crash after storing), paid orders not yet credited (a
   * crash after paying), and awaiting orders whose notification never came (asks the provider).
   */
  async reconcile(options: { notificationGraceMs?: number; checkEveryMs?: number } = {}): Promise<{ applied: number; fulfilled: number; checked: number }> {
    const now = this.#now();
    await this.#settleMaintenance();
    await this.expireOverdue();

    let applied = 0;
    // The database stamps arrivals in microseconds, this clock counts milliseconds: the cut-off takes
    // in the whole millisecond, so a notification stored just now is not skipped with no grace.
    const receivedBefore = new Date(now - (options.notificationGraceMs ?? 30_000) + 1);
    for (const row of await this.deps.recharge.unprocessedNotifications(receivedBefore, 100)) {
      await this.#apply(row, row.provider, row.event as unknown as PaymentEvent);
      applied += 1;
    }
    let fulfilled = 0;
    for (const order of await this.deps.recharge.paidNotFulfilled(100)) {
      if (await this.fulfil(order.orderNo)) fulfilled += 1;
    }
    let checked = 0;
    const checkEvery = options.checkEveryMs ?? 60_000;
    for (const order of await this.deps.recharge.awaitingToCheck(new Date(now - checkEvery), new Date(now - checkEvery), 50)) {
      if (!this.deps.providers.get(order.provider) || !order.providerRef) continue;
      checked += 1;
      try {
        await this.#inquire(order);
      } catch (error) {
        this.#log.warn({ err: error, orderNo: order.orderNo }, 'provider inquiry failed');
      }
    }
    return { applied, fulfilled, checked };
  }

  /**
   * Asks the provider for a checkout's state now and applies a final answer like a notification
   * (stored once under `inquiry:<orderNo>:<state>`, so asking again never applies it twice).
   */
  async #inquire(order: OrderRow): Promise<{ providerState: CheckoutState | 'no_checkout'; outcome: string }> {
    const provider = this.deps.providers.get(order.provider);
    if (!provider) throw new AppError(Errors.OrderConfigurationNotFound);
    if (!order.providerRef) return { providerState: 'no_checkout', outcome: 'no_checkout' };
    const state = await provider.retrieve(order.providerRef);
    await this.deps.recharge.markChecked(order.orderNo, new Date(this.#now()));
    if (state === 'open') return { providerState: state, outcome: 'open' };
    const event: PaymentEvent = { eventId: `inquiry:${order.orderNo}:${state}`, orderNo: order.orderNo, reference: order.providerRef, outcome: state, type: `inquiry.${state}`, fromInquiry: true };
    const stored = await this.deps.recharge.recordNotification({
      provider: order.provider,
      eventId: event.eventId,
      orderNo: order.orderNo,
      type: event.type,
      payload: '',
      event: { ...event },
    });
    const outcome = stored.processedAt ? (stored.outcome ?? 'duplicate') : await this.#apply(stored, order.provider, event);
    return { providerState: state, outcome };
  }

  /**
   * The operator's manual re-check (console): asks the provider now, whatever the order's status,
   * and credits a paid order through the same exactly-once path as a notification. A paid order
   * left uncredited (a crash) is credited too. 10046 for an unknown order; 50000 when the provider
   * cannot be reached.
   */
  async recheck(orderNo: string): Promise<{ providerState: string; outcome: string }> {
    const order = await this.deps.recharge.order(orderNo);
    if (!order) throw new AppError(Errors.OrderNotFound);
    let result;
    try {
      result = await this.#inquire(order);
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.#log.error({ err: error, orderNo }, 'provider re-check failed');
      throw new AppError(Errors.InternalError, { cause: error });
    }
    const now = await this.deps.recharge.order(orderNo);
    if (now?.status === 'paid' && (await this.fulfil(orderNo))) return { ...result, outcome: 'credited' };
    return result;
  }
}
