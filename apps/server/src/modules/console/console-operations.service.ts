import { AppError } from '@vsp/contract/app-error';
import { ORDER_SEARCH_LIMIT, type OrderDetail, type OrderRecheck, type TimelineEvent, type UserWallet } from '@vsp/contract/endpoints/console-operations';
import type { Campaign } from '@vsp/contract/endpoints/gift-codes';
import type { Order } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import { currencyExponent } from '@vsp/contract/wallet-assets';
import type { AccountsRepository } from '../accounts';
import type { GiftCodesService } from '../gift-codes';
import type { RechargeRepository } from '../recharge';
import { orderView, type RechargeService } from '../recharge';
import { walletView, type WalletRepository } from '../wallet';
import type { ConsoleOperationsRepository } from './console-operations.repository';
import type { ConsoleRepository } from './console.repository';

export interface ConsoleOperationsDeps {
  operations: ConsoleOperationsRepository;
  audit: Pick<ConsoleRepository, 'audit'>;
  accounts: Pick<AccountsRepository, 'findByUid'>;
  orders: Pick<RechargeRepository, 'order' | 'notificationsFor'>;
  recharge: Pick<RechargeService, 'recheck'>;
  wallet: Pick<WalletRepository, 'holdings' | 'entriesFor'>;
  gifts: Pick<GiftCodesService, 'campaign' | 'updateCampaign' | 'addCodes' | 'disableCampaign'>;
  now: () => number;
}

const RECHECK_ACTION = 'order.recheck';
const ms = (date: Date | null) => (date ? date.getTime() : null);

/**
 * What operators do for payers and campaigns: find orders and read their timeline, re-check an
 * order with its provider, read a user's wallet and ledger, change existing gift campaigns. Every
 * change writes one audit entry with the state before and after.
 */
export class ConsoleOperationsService {
  constructor(private readonly deps: ConsoleOperationsDeps) {}

  private audit(actorUid: number, action: string, target: string, before: unknown, after: unknown) {
    return this.deps.audit.audit({ actorUid, action, target, before, after, at: new Date(this.deps.now()) });
  }

  /** An account ID (all digits) lists that account's newest orders; anything else is an order number. */
  async searchOrders(q: string): Promise<Order[]> {
    const query = q.trim();
    if (/^\d+$/.test(query)) return (await this.deps.operations.ordersOf(Number(query), ORDER_SEARCH_LIMIT)).map(orderView);
    const order = await this.deps.orders.order(query.toUpperCase());
    return order ? [orderView(order)] : [];
  }

  /**
   * The order's life from what is stored: the order row (created, paid, and how it ended), every
   * provider notification as received (with its outcome), the ledger entries that credited it,
   * and the operators' re-checks. Oldest first; events without a stored time come last.
   */
  async orderDetail(orderNo: string): Promise<OrderDetail> {
    const order = await this.deps.orders.order(orderNo);
    if (!order) throw new AppError(Errors.OrderNotFound);
    const [notifications, credits, rechecks] = await Promise.all([
      this.deps.orders.notificationsFor(orderNo),
      this.deps.wallet.entriesFor(`order:${orderNo}`),
      this.deps.operations.auditOf(`order:${orderNo}`, RECHECK_ACTION),
    ]);
    const digits = currencyExponent(order.currency);
    const price = `${(order.priceMinor / 10 ** digits).toFixed(digits)} ${order.currency}`;
    const timeline: TimelineEvent[] = [
      { kind: 'created', at: ms(order.createdAt), assets: order.contents.map(({ asset, quantity }) => ({ asset, quantity })), detail: `for ${price} via ${order.paymentMethodName} (${order.provider})` },
    ];
    for (const n of notifications) {
      const repeats = n.deliveries > 1 ? `, delivered ${n.deliveries} times` : '';
      timeline.push({ kind: 'notification', at: ms(n.receivedAt), assets: [], detail: `${n.type}: ${n.outcome ?? 'not applied yet'}${repeats}` });
    }
    if (order.paidAt) timeline.push({ kind: 'paid', at: ms(order.paidAt), assets: [], detail: `paid at ${order.provider}${order.providerRef ? ` (${order.providerRef})` : ''}` });
    if (credits.length > 0) {
      const at = Math.min(...credits.map((c) => c.createdAt.getTime()));
      timeline.push({ kind: 'credited', at, assets: credits.map((c) => ({ asset: c.asset, quantity: c.delta })), detail: `to account ${order.uid}` });
    }
    if (order.status === 'failed') {
      const declined = notifications.find((n) => n.outcome === 'failed');
      timeline.push({ kind: 'failed', at: ms(declined?.receivedAt ?? null), assets: [], detail: order.reason ?? 'failed' });
    } else if (order.status === 'expired') {
      timeline.push({ kind: 'expired', at: ms(order.expiresAt), assets: [], detail: order.reason ?? 'expired' });
    } else if (order.status === 'cancelled') {
      timeline.push({ kind: 'cancelled', at: null, assets: [], detail: order.reason ?? 'cancelled' });
    }
    for (const r of rechecks) {
      const after = (r.after ?? {}) as { providerState?: string; outcome?: string };
      timeline.push({ kind: 'recheck', at: ms(r.at), assets: [], detail: `operator ${r.actorUid ?? r.actorName}: provider said ${after.providerState ?? '?'}, ${after.outcome ?? '?'}` });
    }
    const sorted = timeline.map((event, index) => ({ event, index }));
    sorted.sort((a, b) => (a.event.at ?? Infinity) - (b.event.at ?? Infinity) || a.index - b.index);
    return { order: orderView(order), provider: order.provider, timeline: sorted.map((e) => e.event) };
  }

  /** Asks the provider about the order now; a paid answer credits it once. Audited. */
  async recheckOrder(actorUid: number, orderNo: string): Promise<OrderRecheck> {
    const before = await this.deps.orders.order(orderNo);
    if (!before) throw new AppError(Errors.OrderNotFound);
    const result = await this.deps.recharge.recheck(orderNo);
    const after = (await this.deps.orders.order(orderNo))!;
    await this.audit(actorUid, RECHECK_ACTION, `order:${orderNo}`, { status: before.status }, { status: after.status, ...result });
    return { ...result, detail: await this.orderDetail(orderNo) };
  }

  async userWallet(uid: number, page: number, pageSize: number): Promise<UserWallet> {
    if (!(await this.deps.accounts.findByUid(uid))) throw new AppError(Errors.NotFound);
    const [holdings, rows, total] = await Promise.all([
      this.deps.wallet.holdings(uid),
      this.deps.operations.ledgerPage(uid, (page - 1) * pageSize, pageSize),
      this.deps.operations.ledgerCount(uid),
    ]);
    return {
      uid,
      ...walletView(holdings),
      ledger: rows.map((r) => ({ id: r.id, asset: r.asset, delta: r.delta, reason: r.reason, reference: r.reference, at: r.createdAt.getTime() })),
      page,
      pageSize,
      total,
    };
  }

  async #changeCampaign(actorUid: number, id: number, action: string, change: () => Promise<Campaign>): Promise<Campaign> {
    const before = await this.deps.gifts.campaign(id);
    if (!before) throw new AppError(Errors.NotFound);
    const after = await change();
    await this.audit(actorUid, action, `campaign:${id}`, before, after);
    return after;
  }

  updateCampaign(actorUid: number, id: number, change: Parameters<GiftCodesService['updateCampaign']>[1]): Promise<Campaign> {
    return this.#changeCampaign(actorUid, id, 'campaign.update', () => this.deps.gifts.updateCampaign(id, change));
  }

  addCampaignCodes(actorUid: number, id: number, count: number): Promise<Campaign> {
    return this.#changeCampaign(actorUid, id, 'campaign.add-codes', () => this.deps.gifts.addCodes(id, count));
  }

  disableCampaign(actorUid: number, id: number): Promise<Campaign> {
    return this.#changeCampaign(actorUid, id, 'campaign.disable', () => this.deps.gifts.disableCampaign(id));
  }
}
