import { inTransaction } from '../../shared/in-transaction';
import { defineModule } from '../server-module';
import type { AccountsRepository } from '../accounts';
import type { AuditEvent, AuditRepository, AuditTrail } from '../audit';
import type { Payments } from '../payments';
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
import { Crediting } from './crediting';
import { OrderExpiry } from './order-expiry';
import { ReceivingLimits } from './receiving-limits';
import { Reconciler } from './reconciler';
import type { RunInTransaction } from './recharge-tx';
import { RechargeService } from './recharge.service';
import { Refunds } from './refunds';
import { TopUpSwitches } from './top-up-switches';
import { rechargePersonalData } from './recharge.personal-data';

export { RechargeRepository, type OrderRow } from './recharge.repository';
export type { Crediting } from './crediting';
export { orderView, type RechargeService } from './recharge.service';
export type { ReceivingLimit, ReceivingLimits } from './receiving-limits';
export { accountCheckLimits, orderInquiryLimits } from './recharge.routes';

interface RechargeNeeds {
  accountsRepository: AccountsRepository;
  payments: Payments;
  wallet: WalletRepository;
  audit: AuditTrail;
  auditEvent: AuditEvent;
  auditLog: AuditRepository;
  siteSettingsRepository: SiteSettingsRepository;
}

/**
 * Top-up: catalogue, orders, provider notifications credited once, maintenance switches, the
 * operators' order search, timeline and re-check, and the reconciler that finishes what is left open.
 */
export const rechargeModule = defineModule({
  name: 'recharge',
  needs: ['audit', 'site-settings', 'accounts', 'wallet', 'payments'],
  services: ({ config, db, now, mails, log }, { accountsRepository, payments, wallet, audit, auditEvent, auditLog, siteSettingsRepository }: RechargeNeeds) => {
    const { providers } = payments;
    const rechargeRepository = new RechargeRepository(db);
    const transaction: RunInTransaction = (work) => db.transaction((tx) => work({ recharge: new RechargeRepository(tx), wallet: new WalletRepository(tx), on: tx }));
    const receipts = mailedReceipts(mails, config.RECEIPT_SECRET);
    const receivingLimits = new ReceivingLimits();
    const orderExpiry = new OrderExpiry({ recharge: rechargeRepository, providers, now, log });
    // The switches live in the site-settings module's table, written only through its repository.
    const topUpSwitches = new TopUpSwitches({ settings: siteSettingsRepository, transaction: inTransaction(db, (tx) => new SiteSettingsRepository(tx)), expiry: orderExpiry, audit, now });
    const refunds = new Refunds({ recharge: rechargeRepository, accounts: accountsRepository, transaction, providers, receipts, audit, now, log });
    const crediting = new Crediting({ recharge: rechargeRepository, transaction, providers, limits: receivingLimits, refunds, receipts, now, log });
    const reconciler = new Reconciler({ recharge: rechargeRepository, providers, crediting, switches: topUpSwitches, expiry: orderExpiry, now, log });
    const recharge = new RechargeService({
      recharge: rechargeRepository,
      accounts: accountsRepository,
      transaction,
      providers,
      switches: topUpSwitches,
      expiry: orderExpiry,
      limits: receivingLimits,
      orderTtlMs: config.RECHARGE_ORDER_TTL_MINUTES * 60_000,
      now,
      log,
    });
    const orderSupport = new OrderSupportService({ orders: rechargeRepository, refunds, reconciler, wallet, auditLog, auditEvent, now });
    const orderHistory = new OrderHistoryService({ orders: rechargeRepository, recharge, expiry: orderExpiry, receiptSecret: config.RECEIPT_SECRET, now });
    const packLimits = new PackLimitsService({ packs: rechargeRepository, transaction: inTransaction(db, (tx) => new RechargeRepository(tx)), audit });
    return { rechargeRepository, recharge, topUpSwitches, receivingLimits, crediting, reconciler, orderSupport, orderHistory, packLimits };
  },
  api: async (app, options) => {
    await app.register(rechargeRoutes, options);
    await app.register(orderSupportRoutes, options);
    await app.register(packLimitsRoutes, options);
    await app.register(orderHistoryRoutes, options);
  },
  routes: paymentNotifyRoutes,
  jobs: ({ context: { config }, services }) => [reconcileJob(services.reconciler, config.RECONCILE_INTERVAL_MS)],
  personalData: ({ context: { db } }) => rechargePersonalData(db),
});
