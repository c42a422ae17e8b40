import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { GiftCodesRepository } from './modules/gift-codes/gift-codes.repository';
import { giftCodesRoutes } from './modules/gift-codes/gift-codes.routes';
import { GiftCodesService } from './modules/gift-codes/gift-codes.service';
import { buildPayments } from './modules/payments/payment-providers';
import { sandboxRoutes } from './modules/payments/sandbox/sandbox.routes';
import { paymentNotifyRoutes } from './modules/recharge/payment-notify.routes';
import { noReceipts, type ReceiptSender } from './modules/recharge/receipt-sender';
import { RechargeRepository } from './modules/recharge/recharge.repository';
import { rechargeRoutes } from './modules/recharge/recharge.routes';
import { RechargeService, type RechargeLogger } from './modules/recharge/recharge.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { SessionsService } from './modules/sessions/sessions.service';
import { systemRoutes } from './modules/system/system.routes';
import { WalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import metrics from './plugins/metrics';
import { verifySignature } from './plugins/signature';
import webSite from './plugins/web-site';
import type { KeyValueStore } from './shared/key-value-store';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: KeyValueStore;
  cacheKind: 'memory' | 'redis';
  /** Overrides the clock of time-dependent rules in tests. */
  now?: () => number;
  /** Sends top-up receipts; writes nothing until the mailer is wired. */
  receipts?: ReceiptSender;
  log?: RechargeLogger;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function buildServices(deps: Pick<AppDeps, 'config' | 'database' | 'store' | 'now' | 'receipts' | 'log'>) {
  const now = deps.now ?? Date.now;
  const db = deps.database.db;
  const accountsRepository = new AccountsRepository(db);
  const accounts = new AccountsService(accountsRepository);
  const sessions = new SessionsService(new SessionsRepository(db), accountsRepository, now);
  const wallet = new WalletRepository(db);
  const payments = buildPayments(deps.config, db, now);
  const rechargeRepository = new RechargeRepository(db);
  const recharge = new RechargeService({
    recharge: rechargeRepository,
    accounts: accountsRepository,
    transaction: (work) =>
      db.transaction((tx) => work({ recharge: new RechargeRepository(tx as unknown as Database), wallet: new WalletRepository(tx as unknown as Database) })),
    providers: payments.providers,
    receipts: deps.receipts ?? noReceipts,
    orderTtlMs: deps.config.RECHARGE_ORDER_TTL_MINUTES * 60_000,
    now,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const tenMinutes = 10 * 60_000;
  const gifts = new GiftCodesService({
    gifts: new GiftCodesRepository(db),
    accounts: accountsRepository,
    transaction: (work) =>
      db.transaction((tx) => work({ gifts: new GiftCodesRepository(tx as unknown as Database), wallet: new WalletRepository(tx as unknown as Database) })),
    store: deps.store,
    limits: {
      perAccount: { max: deps.config.GIFT_LIMIT_PER_ACCOUNT, windowMs: tenMinutes },
      perAddress: { max: deps.config.GIFT_LIMIT_PER_ADDRESS, windowMs: tenMinutes },
    },
    now,
  });
  return { accountsRepository, accounts, sessions, wallet, payments, rechargeRepository, recharge, gifts };
}
export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for the listener's background jobs. */
    services: Services;
  }
}

/**
 * The platform API as one Fastify instance. Plugins register in a fixed order: cross-cutting
 * (errors, metrics, docs), then the unsigned system routes, then the signed /v1 API, then the site.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.token', 'req.headers.authorization'] },
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 130_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = buildServices({ ...deps, log: deps.log ?? app.log });

  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(docs);

  await app.register(systemRoutes, {
    db: deps.database.db,
    databaseKind: deps.database.kind,
    cacheKind: deps.cacheKind,
  });

  await app.register(async (signedApi) => {
    signedApi.addHook(
      'preValidation',
      verifySignature({
        secrets: config.signSecrets,
        windowMs: config.SIGN_WINDOW_MS,
        store: deps.store,
        ...(deps.now ? { now: deps.now } : {}),
      }),
    );
    await signedApi.register(accountsRoutes, { accounts: services.accounts, sessions: services.sessions });
    await signedApi.register(rechargeRoutes, {
      recharge: services.recharge,
      sessions: services.sessions,
      store: deps.store,
      addressLimit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
    });
    await signedApi.register(walletRoutes, { wallet: services.wallet, sessions: services.sessions });
    await signedApi.register(giftCodesRoutes, { gifts: services.gifts, sessions: services.sessions });
  });
  await app.register(paymentNotifyRoutes, { recharge: services.recharge });
  if (services.payments.sandbox) await app.register(sandboxRoutes, { gateway: services.payments.sandbox });

  await app.register(webSite, {
    webDist: config.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    consoleDist: config.CONSOLE_DIST ?? path.join(repoRoot, 'apps', 'console', 'dist'),
    publicConfig: {
      signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 },
      rechargeInquiryWindowMs: config.RECHARGE_INQUIRY_WINDOW_MS,
    },
  });

  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
