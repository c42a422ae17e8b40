import type { Config } from '../../config';
import { defineModule } from '../../shared/server-module';
import type { AccountsRepository } from '../accounts';
import type { AuditRepository, AuditTrail } from '../audit';
import type { Payments } from '../payments';
import { ParentalRepository } from '../parental';
import { SiteSettingsRepository } from '../site-settings';
import { WalletRepository } from '../wallet';
import { orderHistoryRoutes } from './order-history.routes';
import { OrderHistoryService } from './order-history.service';
import { orderSupportRoutes } from './order-support.routes';
import { packLimitsRoutes } from './pack-limits.routes';
import { PackLimitsService } from './pack-limits.service';
import { OrderSupportService } from './order-support.service';
import { paymentNotifyRoutes } from './payment-notify.routes';
import { mailedReceipts } from './receipt-sender';
import { reconcileJob } from './recharge-jobs';
import { RechargeRepository } from './recharge.repository';
import { rechargeRoutes } from './recharge.routes';
import { RechargeService } from './recharge.service';
import { rechargePersonalData } from './recharge.personal-data';

export { accountPayer, ordersTheOwnerSees, RechargeRepository, type OrderRow } from './recharge.repository';
export type { RechargeService } from './recharge.service';
export type { ReceivingLimit } from './receiving-limits';
export { accountCheckLimits, orderInquiryLimits } from './recharge.routes';

/** Account lookups, order creations and (three times it) inquiries per client address per 10 minutes. */
export function rechargeAddressLimit(config: Pick<Config, 'RECHARGE_LIMIT_PER_ADDRESS'>): { max: number; windowMs: number } {
  return { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 };
}

interface RechargeNeeds {
  accountsRepository: AccountsRepository;
  payments: Payments;
  wallet: WalletRepository;
  audit: AuditTrail;
  auditLog: AuditRepository;
}

/**
 * Top-up: catalogue, orders, provider notifications credited once, maintenance switches, the
 * operators' order search, timeline and re-check, and the reconciler that finishes what is left open.
 */
export const rechargeModule = defineModule({
  name: 'recharge',
  services: ({ config, db, now, mails, log }, { accountsRepository, payments, wallet, audit, auditLog }: RechargeNeeds) => {
    const rechargeRepository = new RechargeRepository(db);
    const recharge = new RechargeService({
      recharge: rechargeRepository,
      // The settings table is the site-settings module's; its services are built after these (they
      // read top-up's status), so top-up builds the module's repository over the same database.
      settings: new SiteSettingsRepository(db),
      accounts: accountsRepository,
      transaction: (work) => db.transaction((tx) => work({ recharge: new RechargeRepository(tx), wallet: new WalletRepository(tx), parental: new ParentalRepository(tx) })),
      providers: payments.providers,
      receipts: mailedReceipts(mails, config.RECEIPT_SECRET),
      orderTtlMs: config.RECHARGE_ORDER_TTL_MINUTES * 60_000,
      audit,
      now,
      ...(log ? { log } : {}),
    });
    const orderSupport = new OrderSupportService({ orders: rechargeRepository, recharge, wallet, auditLog, audit, now });
    const orderHistory = new OrderHistoryService({ orders: rechargeRepository, recharge, receiptSecret: config.RECEIPT_SECRET, now });
    const packLimits = new PackLimitsService({ packs: rechargeRepository, audit });
    return { rechargeRepository, recharge, orderSupport, orderHistory, packLimits };
  },
  api: async (app, { context: { config }, services }) => {
    await app.register(rechargeRoutes, {
      recharge: services.recharge,
      addressLimit: rechargeAddressLimit(config),
    });
    await app.register(orderSupportRoutes, { orderSupport: services.orderSupport });
    await app.register(packLimitsRoutes, { packLimits: services.packLimits });
    await app.register(orderHistoryRoutes, { history: services.orderHistory, limit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 } });
  },
  routes: async (app, { services }) => {
    await app.register(paymentNotifyRoutes, { recharge: services.recharge });
  },
  jobs: ({ context: { config }, services }) => [reconcileJob(services.recharge, config.RECONCILE_INTERVAL_MS)],
  personalData: ({ context: { db } }) => rechargePersonalData(db),
});
