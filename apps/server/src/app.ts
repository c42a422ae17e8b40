import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as m from './modules/all-modules';
import { buildModules, registerModules, type AnyModule, type ServicesOf } from './modules/server-module';
import { platformOf, shellPublicConfig, type AppDeps } from './platform';
import authenticate from './plugins/authenticate';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import inputRules, { finiteNumberValidators } from './plugins/input-rules';
import metrics from './plugins/metrics';
import routeLimits from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import { testClockRoutes } from './plugins/test-clock';
import webSite, { inlineScriptHashes } from './plugins/web-site';
import type { PersonalData } from './shared/personal-data';
import type { ScheduledJob } from './shared/scheduled-jobs';
import { TestClock } from './shared/test-clock';
import { LocalObjectStorage } from './storage/local-storage';
import { localStorageRoutes } from './storage/local-storage-routes';
import { S3ObjectStorage } from './storage/s3-storage';

/** The modules, each after the modules it needs (decision 0168); adding one is one line here. */
const modules = [
  m.systemModule, m.geoModule, m.auditModule, m.siteSettingsModule, m.sessionsModule, m.accountsModule, m.passkeysModule, m.operatorsModule,
  m.walletModule, m.paymentsModule, m.rechargeModule, m.parentalModule, m.userModerationModule, m.giftCodesModule, m.pageFormsModule,
  m.uploadsModule, m.musicModule, m.outfitsModule, m.accountDataModule, m.reviewModule, m.labelsModule, m.supportModule, m.analyticsModule,
];

/** Every module's services: for the admin CLI, seeding and tests. */
export type Services = ServicesOf<(typeof modules)[number]>;
/** The modules by folder name, for tests that enumerate them. */
export const serverModules: readonly AnyModule[] = modules as readonly AnyModule[];

/**
 * The modules' services on a platform of `deps` (the admin CLI without a server, tests). A test
 * clock moves `businessNow` only: authenticator codes are checked against the real time.
 */
export function buildServices(deps: Omit<AppDeps, 'cacheKind'>, businessNow?: () => number) {
  const services = {} as Services;
  const parts: PersonalData[] = [];
  const platform = platformOf({ ...deps, ...(businessNow ? { now: businessNow } : {}) }, async () => (await services.siteSettings.current()).supportEmails, parts);
  const context = { ...platform, wallClock: deps.now ?? Date.now };
  return { context, ...buildModules(serverModules, context, services, parts) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for the admin CLI, seeding and tests. */
    services: Services;
    /** The modules' timed work; the listener starts it (`startScheduledJobs`), tests call services instead. */
    jobs: readonly ScheduledJob[];
  }
}

const webDistOf = (dist: string | undefined, app: string) => dist ?? path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'apps', app, 'dist');

/**
 * The platform API as one Fastify instance: the cross-cutting plugins in a fixed order (errors,
 * limits, headers, input rules, compression, metrics, docs, authentication), then every module as a
 * plugin named after it that Fastify starts only after the modules it needs, then the website.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.token', 'req.headers.authorization'] },
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 130_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Coercion stays for text (query strings, params) but never yields a non-finite number (decision 0090).
    schemaController: { compilersFactory: { buildValidator: finiteNumberValidators() as never } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const testClock = config.TEST_CLOCK ? new TestClock(deps.now ?? Date.now) : undefined;
  const { context, services, viewOf } = buildServices({ ...deps, log: deps.log ?? app.log }, testClock?.now);

  await app.register(errorHandler);
  await app.register(routeLimits, { store: deps.store });
  const webDist = webDistOf(config.WEB_DIST, 'web');
  const objectOrigins = services.storage instanceof S3ObjectStorage ? services.storage.browserOrigins() : [services.storage.publicBaseUrl(config.publicUrl)];
  await app.register(securityHeaders, { scriptHashes: inlineScriptHashes(webDist), publicUrl: config.publicUrl, appOpenUrl: config.APP_OPEN_URL, objectOrigins });
  // NUL characters and over-deep bodies end here, before the signature check reads the body.
  await app.register(inputRules);
  // Pages, scripts, labels and JSON go out compressed (brotli at a level that costs little CPU).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(metrics, { token: config.METRICS_TOKEN, openWithoutToken: !config.isProduction });
  await app.register(docs);
  await app.register(authenticate, { sessions: services.sessions, now: context.now });

  const signing = { secrets: config.signSecrets, windowMs: config.SIGN_WINDOW_MS, store: deps.store, ...(deps.now ? { now: deps.now } : {}) };
  const { jobs, pageForms } = await registerModules(app, serverModules, { context, viewOf }, signing);
  if (testClock) await app.register(testClockRoutes, { clock: testClock });
  if (services.storage instanceof LocalObjectStorage) await app.register(localStorageRoutes, { storage: services.storage });

  await app.register(webSite, {
    webDist,
    consoleDist: webDistOf(config.CONSOLE_DIST, 'console'),
    publicConfig: { signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 }, regionalSiteUrl: config.REGIONAL_SITE_URL ?? '', ...shellPublicConfig(config), rechargeInquiryWindowMs: config.RECHARGE_INQUIRY_WINDOW_MS },
    // Store links and mailboxes, and top-up's iOS notice switch: read on every page load.
    livePublicConfig: async () => {
      const [settings, topUp] = await Promise.all([services.siteSettings.current(), services.topUpSwitches.status()]);
      return { ...settings, iosNoticeOpen: topUp.iosNotice };
    },
    // Texts an operator published since the build: prerendered pages are rendered again with them.
    publishedTexts: () => services.labels.published(),
    // The public pages' forms that work without scripts (decision 0144).
    pageForms,
  });
  app.decorate('services', services).decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
