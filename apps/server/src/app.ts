import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as m from './modules/all-modules';
import { registerModules, type AnyModule, type ServicesOf } from './modules/server-module';
import { platformOf, shellPublicConfig, type AppDeps } from './platform';
import authenticate from './plugins/authenticate';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import inputRules from './plugins/input-rules';
import metrics from './plugins/metrics';
import routeLimits from './plugins/rate-limit';
import { lazySchemaCompilers } from './plugins/schema-compilers';
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
] as const;

/** Every module's services, each a decoration of the Fastify instance (decision 0173). */
type Services = ServicesOf<(typeof modules)[number]>;
/** The modules by folder name, for tests that enumerate them. */
export const serverModules: readonly AnyModule[] = modules;

declare module 'fastify' {
  // The admin CLI, the demo seed and tests read a module's services here (`app.gifts`), typed from
  // the list above: a new module's services join without editing this.
  interface FastifyInstance extends Services {
    /** The modules' timed work; the listener starts it (`startScheduledJobs`), tests call services instead. */
    jobs: readonly ScheduledJob[];
    /** Compiles every route schema no request has used yet and says how many (decision 0174). */
    compilePendingSchemas(): number;
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
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, redact: ['req.headers.token', 'req.headers.authorization'] },
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 130_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Coercion stays for text (query strings, params) but never yields a non-finite number (decision
    // 0090); each route's schemas compile on first use (decision 0174).
    schemaController: { compilersFactory: schemas.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // A test clock moves `now` (business time) only: authenticator codes are checked against the real time.
  const testClock = config.TEST_CLOCK ? new TestClock(deps.now ?? Date.now) : undefined;
  const parts: PersonalData[] = [];
  // Mails read the site settings' mailboxes when sent, by which time the module has decorated the app.
  const platform = platformOf({ ...deps, log: deps.log ?? app.log, ...(testClock ? { now: testClock.now } : {}) }, async () => (await app.siteSettings.current()).supportEmails, parts);
  const context = { ...platform, wallClock: deps.now ?? Date.now };

  await app.register(errorHandler);
  await app.register(routeLimits, { store: deps.store });
  const webDist = webDistOf(config.WEB_DIST, 'web');
  const { storage } = context;
  const objectOrigins = storage instanceof S3ObjectStorage ? storage.browserOrigins() : [storage.publicBaseUrl(config.publicUrl)];
  await app.register(securityHeaders, { scriptHashes: inlineScriptHashes(webDist), publicUrl: config.publicUrl, appOpenUrl: config.APP_OPEN_URL, objectOrigins });
  // NUL characters and over-deep bodies end here, before the signature check reads the body.
  await app.register(inputRules);
  // Pages, scripts, labels and JSON go out compressed (brotli at a level that costs little CPU).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(metrics, { token: config.METRICS_TOKEN, openWithoutToken: !config.isProduction });
  await app.register(docs);
  // The sessions module decorates the app after this plugin, whose hooks its routes name.
  await app.register(authenticate, { sessions: { authenticate: (token, uid) => app.sessions.authenticate(token, uid) }, now: context.now });

  const signing = { secrets: config.signSecrets, windowMs: config.SIGN_WINDOW_MS, store: deps.store, ...(deps.now ? { now: deps.now } : {}) };
  const { jobs, pageForms } = await registerModules(app, serverModules, { context, parts }, signing);
  if (testClock) await app.register(testClockRoutes, { clock: testClock });
  if (storage instanceof LocalObjectStorage) await app.register(localStorageRoutes, { storage });

  await app.register(webSite, {
    webDist,
    consoleDist: webDistOf(config.CONSOLE_DIST, 'console'),
    publicConfig: { signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 }, regionalSiteUrl: config.REGIONAL_SITE_URL ?? '', ...shellPublicConfig(config), rechargeInquiryWindowMs: config.RECHARGE_INQUIRY_WINDOW_MS },
    // Store links and mailboxes, and top-up's iOS notice switch: read on every page load.
    livePublicConfig: async () => {
      const [settings, topUp] = await Promise.all([app.siteSettings.current(), app.topUpSwitches.status()]);
      return { ...settings, iosNoticeOpen: topUp.iosNotice };
    },
    // Texts an operator published since the build: prerendered pages are rendered again with them.
    publishedTexts: () => app.labels.published(),
    // The public pages' forms that work without scripts (decision 0144).
    pageForms,
  });
  app.decorate('jobs', jobs).decorate('compilePendingSchemas', schemas.compilePending);
  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
