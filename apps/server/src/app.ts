import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { accountDataModule } from './modules/account-data';
import { accountsModule, type AuthLimits } from './modules/accounts';
import { analyticsModule } from './modules/analytics';
import { auditModule } from './modules/audit';
import { geoModule } from './modules/geo';
import { giftCodesModule } from './modules/gift-codes';
import { labelsModule } from './modules/labels';
import { musicModule } from './modules/music';
import { operatorsModule } from './modules/operators';
import { passkeysModule } from './modules/passkeys';
import { pageFormsModule } from './modules/page-forms';
import { outfitsModule } from './modules/outfits';
import { parentalModule } from './modules/parental';
import { paymentsModule } from './modules/payments';
import { rechargeModule } from './modules/recharge';
import { reviewModule } from './modules/review';
import { sessionsModule } from './modules/sessions';
import { siteSettingsModule } from './modules/site-settings';
import { supportModule } from './modules/support';
import { systemModule } from './modules/system';
import { uploadsModule } from './modules/uploads';
import { userModerationModule } from './modules/user-moderation';
import { walletModule } from './modules/wallet';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import inputRules, { finiteNumberValidators } from './plugins/input-rules';
import metrics from './plugins/metrics';
import routeLimits from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import { signedApi, type ApiRoutes } from './plugins/signature';
import { testClockRoutes } from './plugins/test-clock';
import authenticate from './plugins/authenticate';
import webSite, { inlineScriptHashes } from './plugins/web-site';
import { Drain } from './shared/drain';
import type { KeyValueStore } from './shared/key-value-store';
import { createMailer, type Mailer } from './shared/mailer';
import { createMails } from './shared/mails/mails';
import { LocalObjectStorage } from './storage/local-storage';
import { localStorageRoutes } from './storage/local-storage-routes';
import type { ObjectStorage } from './storage/object-storage';
import type { PageFormHandler } from './shared/page-form';
import type { PersonalData } from './shared/personal-data';
import type { ScheduledJob } from './shared/scheduled-jobs';
import { TestClock } from './shared/test-clock';
import type { ModuleContext, ModuleOptions } from './modules/server-module';
import { S3ObjectStorage } from './storage/s3-storage';
import { openObjectStorage } from './storage/open-object-storage';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: KeyValueStore;
  cacheKind: 'memory' | 'redis';
  /**
   * Overrides the clock of time-dependent rules in tests; request signing's replay window reads it
   * too. With TEST_CLOCK on, the rules read a TestClock over it that `POST /__test/clock` moves,
   * while signing stays on this one (decision 0135).
   */
  now?: () => number;
  /** Overrides brute-force limits (tests). */
  limits?: Partial<AuthLimits>;
  /** Outgoing mail; by default SMTP_URL, else the outbox folder DATA_DIR/outbox. */
  mailer?: Mailer;
  log?: ModuleContext['log'];
  /** The object store; by default the one STORAGE_DRIVER selects. */
  storage?: ObjectStorage;
  /** The listener's drain state, which /healthz reports (decision 0122); a fresh one by default. */
  drain?: Drain;
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

/**
 * The modules, in the order their services are built: a module's services may use what the modules
 * before it provide. Each module registers its own routes; adding one is one line here.
 */
const modules = [
  systemModule,
  geoModule,
  auditModule,
  siteSettingsModule,
  sessionsModule,
  accountsModule,
  passkeysModule,
  operatorsModule,
  walletModule,
  paymentsModule,
  rechargeModule,
  parentalModule,
  userModerationModule,
  giftCodesModule,
  pageFormsModule,
  uploadsModule,
  musicModule,
  outfitsModule,
  accountDataModule,
  reviewModule,
  labelsModule,
  supportModule,
  analyticsModule,
];

type Provided<M> = M extends { services?(...args: never[]): infer P } ? P : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** Every module's services: for the admin CLI, seeding and tests. */
export type Services = Intersection<Provided<(typeof modules)[number]>>;

/**
 * The platform every module builds from. `services` are the modules' services once built: the
 * mails read the console's site settings (support mailboxes) when they are sent, and the
 * site-settings module is built after the modules that send mail.
 */
function moduleContext(deps: Omit<AppDeps, 'cacheKind'> & Partial<Pick<AppDeps, 'cacheKind'>>, services: Services, parts: PersonalData[]): ModuleContext {
  const { config, database } = deps;
  const company = { name: config.COMPANY_NAME, registrationNumber: config.COMPANY_REGISTRATION_NUMBER };
  return {
    config,
    db: database.db,
    databaseKind: database.kind,
    store: deps.store,
    cacheKind: deps.cacheKind ?? 'memory',
    now: deps.now ?? Date.now,
    mails: createMails({
      mailer: deps.mailer ?? mailerFor(config),
      site: async () => ({ publicUrl: config.publicUrl, supportEmails: (await services.siteSettings.current()).supportEmails, company }),
    }),
    wallClock: deps.now ?? Date.now,
    storage: deps.storage ?? openObjectStorage(config),
    limits: { ...deps.limits },
    drain: deps.drain ?? new Drain(),
    personalData: () => parts,
    ...(deps.log ? { log: deps.log } : {}),
  };
}

/**
 * Builds each module's services in order into `services` (which the context's mails read later),
 * then each module's share of a player's data into `parts` (which the context hands out).
 */
function buildModuleServices(context: ModuleContext, services: Services, parts: PersonalData[]): Services {
  for (const module of modules) if (module.services) Object.assign(services, module.services(context, services));
  for (const module of modules) {
    const part = (module.personalData as ((options: ModuleOptions<Services>) => PersonalData) | undefined)?.({ context, services });
    if (part) parts.push(part);
  }
  return services;
}

export function buildServices(deps: Omit<AppDeps, 'cacheKind'>): Services {
  const services = {} as Services;
  const parts: PersonalData[] = [];
  return buildModuleServices(moduleContext(deps, services, parts), services, parts);
}

/** The modules by folder name, for tests that enumerate them. */
export const serverModules: readonly { name: string; personalData?: unknown }[] = modules;

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for the admin CLI, seeding and tests. */
    services: Services;
    /** The modules' timed work; the listener starts it (`startScheduledJobs`), tests call services instead. */
    jobs: readonly ScheduledJob[];
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

  const testClock = config.TEST_CLOCK ? new TestClock(deps.now ?? Date.now) : undefined;
  const built = {} as Services;
  const parts: PersonalData[] = [];
  // Authenticator codes are checked against the real time, which the test clock never moves.
  const context = { ...moduleContext({ ...deps, ...(testClock ? { now: testClock.now } : {}), log: deps.log ?? app.log }, built, parts), wallClock: deps.now ?? Date.now };
  const services = buildModuleServices(context, built, parts);

  await app.register(errorHandler);
  await app.register(routeLimits, { store: deps.store });
  const webDist = config.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist');
  await app.register(securityHeaders, {
    scriptHashes: inlineScriptHashes(webDist),
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

  await app.register(authenticate, { sessions: services.sessions, now: context.now });
  await app.register(async (api) => {
    await api.register(signedApi, { secrets: config.signSecrets, windowMs: config.SIGN_WINDOW_MS, store: deps.store, ...(deps.now ? { now: deps.now } : {}) });
    for (const module of modules) if (module.api) await api.register(module.api as ApiRoutes<ModuleOptions<Services>>, { context, services });
  });
  for (const module of modules) if (module.routes) await app.register(module.routes as FastifyPluginAsyncTypebox<ModuleOptions<Services>>, { context, services });
  if (testClock) await app.register(testClockRoutes, { clock: testClock });
  if (services.storage instanceof LocalObjectStorage) await app.register(localStorageRoutes, { storage: services.storage });

  const pageForms = (module: (typeof modules)[number]) => (module.pageForms as ((options: ModuleOptions<Services>) => PageFormHandler[]) | undefined)?.({ context, services }) ?? [];
  await app.register(webSite, {
    webDist,
    consoleDist: config.CONSOLE_DIST ?? path.join(repoRoot, 'apps', 'console', 'dist'),
    publicConfig: {
      signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 },
      regionalSiteUrl: config.REGIONAL_SITE_URL ?? '',
      ...shellPublicConfig(config),
      rechargeInquiryWindowMs: config.RECHARGE_INQUIRY_WINDOW_MS,
    },
    // Store links and mailboxes, and top-up's iOS notice switch: read on every page load.
    livePublicConfig: async () => {
      const [settings, topUp] = await Promise.all([services.siteSettings.current(), services.topUpSwitches.status()]);
      return { ...settings, iosNoticeOpen: topUp.iosNotice };
    },
    // Texts an operator published since the build: prerendered pages are rendered again with them.
    publishedTexts: () => services.labels.published(),
    // The public pages' forms that work without scripts (decision 0144).
    pageForms: modules.flatMap(pageForms),
  });

  app.decorate('services', services);
  const jobs = (module: (typeof modules)[number]) => (module.jobs as ((options: ModuleOptions<Services>) => ScheduledJob[]) | undefined)?.({ context, services }) ?? [];
  app.decorate('jobs', modules.flatMap(jobs));
  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
