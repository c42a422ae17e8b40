import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { ConsoleOperationsRepository } from './modules/console/console-operations.repository';
import { consoleOperationsRoutes } from './modules/console/console-operations.routes';
import { ConsoleOperationsService } from './modules/console/console-operations.service';
import { ConsoleRepository } from './modules/console/console.repository';
import { consoleRoutes } from './modules/console/console.routes';
import { ConsoleService } from './modules/console/console.service';
import { geoRoutes } from './modules/geo/geo.routes';
import { GeoService } from './modules/geo/geo.service';
import { LabelsRepository } from './modules/labels/labels.repository';
import { labelAssetRoutes, labelConsoleRoutes } from './modules/labels/labels.routes';
import { LabelsService } from './modules/labels/labels.service';
import { AnalyticsDailyRepository } from './modules/analytics/analytics-daily.repository';
import { analyticsDailyRoutes } from './modules/analytics/analytics-daily.routes';
import { AnalyticsDailyService } from './modules/analytics/analytics-daily.service';
import { SiteSettingsRepository } from './modules/site-settings/site-settings.repository';
import { siteSettingsRoutes } from './modules/site-settings/site-settings.routes';
import { SiteSettingsService } from './modules/site-settings/site-settings.service';
import { AnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './modules/accounts/auth-limits';
import { PasswordResetRepository } from './modules/accounts/password-reset.repository';
import { passwordResetRoutes } from './modules/accounts/password-reset.routes';
import { PasswordResetService } from './modules/accounts/password-reset.service';
import { GiftCodesRepository } from './modules/gift-codes/gift-codes.repository';
import { giftCodesRoutes } from './modules/gift-codes/gift-codes.routes';
import { GiftCodesService } from './modules/gift-codes/gift-codes.service';
import { buildPayments } from './modules/payments/payment-providers';
import { sandboxRoutes } from './modules/payments/sandbox/sandbox.routes';
import { paymentNotifyRoutes } from './modules/recharge/payment-notify.routes';
import { mailedReceipts, type ReceiptSender } from './modules/recharge/receipt-sender';
import { RechargeRepository } from './modules/recharge/recharge.repository';
import { rechargeRoutes } from './modules/recharge/recharge.routes';
import { RechargeService, type RechargeLogger } from './modules/recharge/recharge.service';
import { MusicRepository } from './modules/music/music.repository';
import { musicRoutes } from './modules/music/music.routes';
import { MusicService } from './modules/music/music.service';
import { storageObjectReader } from './modules/outfits/object-reader';
import { OutfitsRepository } from './modules/outfits/outfits.repository';
import { outfitsRoutes } from './modules/outfits/outfits.routes';
import { OutfitsService } from './modules/outfits/outfits.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { SessionsService } from './modules/sessions/sessions.service';
import { SupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { SupportService } from './modules/support/support.service';
import { systemRoutes } from './modules/system/system.routes';
import { WalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { UploadsRepository } from './modules/uploads/uploads.repository';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { UploadsService } from './modules/uploads/uploads.service';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import inputRules, { finiteNumberValidators } from './plugins/input-rules';
import metrics from './plugins/metrics';
import routeLimits from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import { signedApi } from './plugins/signature';
import authenticate from './plugins/authenticate';
import webSite from './plugins/web-site';
import { AttemptLimiter } from './shared/attempt-limiter';
import type { KeyValueStore } from './shared/key-value-store';
import { createMailer, type Mailer } from './shared/mailer';
import { LocalObjectStorage } from './storage/local-storage';
import { localStorageRoutes } from './storage/local-storage-routes';
import type { ObjectStorage } from './storage/object-storage';
import { S3ObjectStorage } from './storage/s3-storage';
import { openObjectStorage } from './storage/open-object-storage';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: KeyValueStore;
  cacheKind: 'memory' | 'redis';
  /** Overrides the clock of time-dependent rules in tests. */
  now?: () => number;
  /** Overrides brute-force limits (tests). */
  limits?: Partial<AuthLimits>;
  /** Outgoing mail; by default SMTP_URL, else the outbox folder DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Sends top-up receipts; by default through the mailer. */
  receipts?: ReceiptSender;
  log?: RechargeLogger;
  /** The object store; by default the one STORAGE_DRIVER selects. */
  storage?: ObjectStorage;
}

/** Store links and mailboxes until an operator saves others in the console. */
function siteSettingsDefaults(config: Config) {
  return {
    supportEmails: { contact: config.SUPPORT_CONTACT_EMAIL, service: config.SUPPORT_SERVICE_EMAIL },
    storeLinks: {
      standard: { ios: config.STORE_URL_IOS, android: config.STORE_URL_ANDROID },
      regional: { ios: config.STORE_URL_IOS_REGIONAL, android: config.STORE_URL_ANDROID_REGIONAL },
    },
  };
}

/**
 * The fixed public values of the site shell: company line, social links, app link, sampling. The
 * store links, mailboxes and iOS notice are operator settings, read per page load (SiteSettingsService).
 */
function shellPublicConfig(config: Config) {
  return {
    company: { show: config.SHOW_COMPANY_INFO, name: config.COMPANY_NAME, registrationNumber: config.COMPANY_REGISTRATION_NUMBER },
    socialLinks: { photo: config.SOCIAL_URL_PHOTO, network: config.SOCIAL_URL_NETWORK, video: config.SOCIAL_URL_VIDEO, chat: config.SOCIAL_URL_CHAT },
    appOpenUrl: config.APP_OPEN_URL,
    traceSampleRate: config.ANALYTICS_TRACE_SAMPLE_RATE,
  };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function mailerFor(config: Config): Mailer {
  return createMailer({ smtpUrl: config.SMTP_URL, outboxDir: path.join(config.dataDir, 'outbox'), from: config.MAIL_FROM });
}

export function buildServices(deps: Pick<AppDeps, 'config' | 'database' | 'store' | 'now' | 'limits' | 'mailer' | 'receipts' | 'log' | 'storage'>) {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.limits };
  const limiter = new AttemptLimiter(deps.store);
  const mailer = deps.mailer ?? mailerFor(config);
  const accountsRepository = new AccountsRepository(database.db);
  const sessionsRepository = new SessionsRepository(database.db);
  const accounts = new AccountsService(accountsRepository, sessionsRepository, limiter, limits, now);
  const sessions = new SessionsService(sessionsRepository, accountsRepository, now, config.SESSION_TTL_SECONDS * 1000);
  const passwordReset = new PasswordResetService(
    new PasswordResetRepository(database.db),
    accountsRepository,
    accounts,
    mailer,
    limiter,
    limits,
    { publicUrl: config.publicUrl, now },
  );
  const db = database.db;
  const wallet = new WalletRepository(db);
  const payments = buildPayments(deps.config, db, now);
  const rechargeRepository = new RechargeRepository(db);
  const recharge = new RechargeService({
    recharge: rechargeRepository,
    accounts: accountsRepository,
    transaction: (work) =>
      db.transaction((tx) => work({ recharge: new RechargeRepository(tx), wallet: new WalletRepository(tx) })),
    providers: payments.providers,
    receipts: deps.receipts ?? mailedReceipts(mailer),
    orderTtlMs: deps.config.RECHARGE_ORDER_TTL_MINUTES * 60_000,
    now,
    ...(deps.log ? { log: deps.log } : {}),
  });
  const gifts = new GiftCodesService({
    gifts: new GiftCodesRepository(db),
    accounts: accountsRepository,
    transaction: (work) =>
      db.transaction((tx) => work({ gifts: new GiftCodesRepository(tx), wallet: new WalletRepository(tx) })),
    now,
  });
  const storage = deps.storage ?? openObjectStorage(config);
  const uploads = new UploadsService(new UploadsRepository(db), storage, config.UPLOAD_SECRET, now);
  const music = new MusicService(new MusicRepository(db), uploads);
  const outfits = new OutfitsService(new OutfitsRepository(db), storageObjectReader(storage), {
    now,
    discard: (objectKey) => uploads.discardObject(objectKey),
  });
  const consoleRepository = new ConsoleRepository(db);
  const auditTrail = (entry: { actorUid: number; action: string; target: string; before: unknown; after: unknown }) =>
    consoleRepository.audit({ ...entry, at: new Date(now()) });
  const labels = new LabelsService(new LabelsRepository(database.db), undefined, auditTrail);
  const support = new SupportService(new SupportRepository(database.db));
  const analytics = new AnalyticsService(new AnalyticsRepository(database.db), now);
  const auditLog = consoleRepository;
  const consoleOperations = new ConsoleOperationsService({ operations: new ConsoleOperationsRepository(db), audit: auditLog, accounts: accountsRepository, orders: rechargeRepository, recharge, wallet, gifts, now });
  const analyticsDaily = new AnalyticsDailyService(new AnalyticsDailyRepository(db), now);
  const siteSettings = new SiteSettingsService({
    repository: new SiteSettingsRepository(db),
    defaults: siteSettingsDefaults(config),
    iosNoticeOpen: async () => (await recharge.status()).iosNotice,
    audit: auditTrail,
    now,
  });
  const operatorConsole = new ConsoleService({ console: consoleRepository, accounts: accountsRepository, sessions: sessionsRepository, music: new MusicRepository(db), outfits, uploads, recharge, gifts, now });
  return {
    accountsRepository,
    accounts,
    sessions,
    passwordReset,
    labels,
    geo: new GeoService(),
    support,
    analytics,
    analyticsDaily,
    siteSettings,
    wallet,
    payments,
    rechargeRepository,
    recharge,
    gifts,
    storage,
    uploads,
    music,
    outfits,
    console: operatorConsole,
    consoleOperations,
    auditLog,
  };
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
    // Coercion stays for text (query strings, params) but never yields a non-finite number (decision 0090).
    schemaController: { compilersFactory: { buildValidator: finiteNumberValidators() as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = buildServices({ ...deps, log: deps.log ?? app.log });

  await app.register(errorHandler);
  await app.register(routeLimits, { store: deps.store });
  await app.register(securityHeaders, {
    publicUrl: config.publicUrl,
    appOpenUrl: config.APP_OPEN_URL,
    objectOrigins: services.storage instanceof S3ObjectStorage ? services.storage.browserOrigins() : [services.storage.publicBaseUrl(config.publicUrl)],
  });
  // NUL characters and over-deep bodies end here, before the signature check reads the body.
  await app.register(inputRules);
  // Pages, scripts, labels and JSON go out compressed (brotli at a level that costs little CPU);
  // audio, images and archives are already compressed and pass as they are.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(metrics, { token: config.METRICS_TOKEN, openWithoutToken: !config.isProduction });
  await app.register(docs);

  await app.register(systemRoutes, {
    db: deps.database.db,
    databaseKind: deps.database.kind,
    cacheKind: deps.cacheKind,
  });
  await app.register(labelAssetRoutes, { labels: services.labels });
  await app.register(geoRoutes, { geo: services.geo });

  await app.register(authenticate, { sessions: services.sessions });
  await app.register(async (api) => {
    await api.register(signedApi, { secrets: config.signSecrets, windowMs: config.SIGN_WINDOW_MS, store: deps.store, ...(deps.now ? { now: deps.now } : {}) });
    await api.register(accountsRoutes, {
      accounts: services.accounts,
      sessions: services.sessions,
      lookupLimit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
    });
    await api.register(labelConsoleRoutes, { labels: services.labels });
    await api.register(supportRoutes, { support: services.support });
    await api.register(analyticsRoutes, { analytics: services.analytics, ratePerMinute: config.ANALYTICS_RATE_LIMIT_PER_MINUTE });
    await api.register(sessionsRoutes, { sessions: services.sessions });
    await api.register(passwordResetRoutes, { passwordReset: services.passwordReset });
    await api.register(rechargeRoutes, {
      recharge: services.recharge,
      addressLimit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
      audited: services.console,
    });
    await api.register(walletRoutes, { wallet: services.wallet });
    await api.register(giftCodesRoutes, {
      gifts: services.gifts,
      audited: services.console,
      limits: {
        perAccount: { max: config.GIFT_LIMIT_PER_ACCOUNT, windowMs: 10 * 60_000 },
        perAddress: { max: config.GIFT_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
      },
    });
    await api.register(uploadsRoutes, { uploads: services.uploads });
    await api.register(musicRoutes, { music: services.music });
    await api.register(outfitsRoutes, { outfits: services.outfits, submitsPerHour: config.OUTFIT_SUBMIT_LIMIT_PER_HOUR });
    await api.register(consoleRoutes, { console: services.console });
    await api.register(consoleOperationsRoutes, { operations: services.consoleOperations });
    await api.register(siteSettingsRoutes, { siteSettings: services.siteSettings });
    await api.register(analyticsDailyRoutes, { daily: services.analyticsDaily });
  });
  if (services.storage instanceof LocalObjectStorage) await app.register(localStorageRoutes, { storage: services.storage });
  await app.register(paymentNotifyRoutes, { recharge: services.recharge });
  if (services.payments.sandbox) await app.register(sandboxRoutes, { gateway: services.payments.sandbox });

  await app.register(webSite, {
    webDist: config.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    consoleDist: config.CONSOLE_DIST ?? path.join(repoRoot, 'apps', 'console', 'dist'),
    publicConfig: {
      signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 },
      regionalSiteUrl: config.REGIONAL_SITE_URL ?? '',
      ...shellPublicConfig(config),
      rechargeInquiryWindowMs: config.RECHARGE_INQUIRY_WINDOW_MS,
    },
    // Store links, mailboxes and the iOS notice switch (the same setting top-up reads).
    livePublicConfig: () => services.siteSettings.pageConfig(),
    // Texts an operator published since the build: prerendered pages are rendered again with them.
    publishedTexts: () => services.labels.published(),
  });

  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
