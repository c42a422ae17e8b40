import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { geoRoutes } from './modules/geo/geo.routes';
import { GeoService } from './modules/geo/geo.service';
import { LabelsRepository } from './modules/labels/labels.repository';
import { labelAssetRoutes, labelConsoleRoutes } from './modules/labels/labels.routes';
import { LabelsService } from './modules/labels/labels.service';
import { AnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './modules/accounts/auth-limits';
import { PasswordResetRepository } from './modules/accounts/password-reset.repository';
import { passwordResetRoutes } from './modules/accounts/password-reset.routes';
import { PasswordResetService } from './modules/accounts/password-reset.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { SessionsService } from './modules/sessions/sessions.service';
import { SupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { SupportService } from './modules/support/support.service';
import { systemRoutes } from './modules/system/system.routes';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import metrics from './plugins/metrics';
import { verifySignature } from './plugins/signature';
import webSite from './plugins/web-site';
import { AttemptLimiter } from './shared/attempt-limiter';
import type { KeyValueStore } from './shared/key-value-store';
import { createMailer, type Mailer } from './shared/mailer';

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
}

/** The public values of the site shell: footer mailboxes and links, store links, app link, sampling. */
function shellPublicConfig(config: Config) {
  return {
    supportEmails: { contact: config.SUPPORT_CONTACT_EMAIL, service: config.SUPPORT_SERVICE_EMAIL },
    company: { show: config.SHOW_COMPANY_INFO, name: config.COMPANY_NAME, registrationNumber: config.COMPANY_REGISTRATION_NUMBER },
    storeLinks: {
      standard: { ios: config.STORE_URL_IOS, android: config.STORE_URL_ANDROID },
      regional: { ios: config.STORE_URL_IOS_REGIONAL, android: config.STORE_URL_ANDROID_REGIONAL },
    },
    socialLinks: { photo: config.SOCIAL_URL_PHOTO, network: config.SOCIAL_URL_NETWORK, video: config.SOCIAL_URL_VIDEO, chat: config.SOCIAL_URL_CHAT },
    appOpenUrl: config.APP_OPEN_URL,
    traceSampleRate: config.ANALYTICS_TRACE_SAMPLE_RATE,
  };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function mailerFor(config: Config): Mailer {
  return createMailer({ smtpUrl: config.SMTP_URL, outboxDir: path.join(config.dataDir, 'outbox'), from: config.MAIL_FROM });
}

export function buildServices(deps: Pick<AppDeps, 'config' | 'database' | 'store' | 'now' | 'limits' | 'mailer'>) {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.limits };
  const limiter = new AttemptLimiter(deps.store);
  const accountsRepository = new AccountsRepository(database.db);
  const sessionsRepository = new SessionsRepository(database.db);
  const accounts = new AccountsService(accountsRepository, sessionsRepository, limiter, limits, now);
  const sessions = new SessionsService(sessionsRepository, accountsRepository, now, config.SESSION_TTL_SECONDS * 1000);
  const passwordReset = new PasswordResetService(
    new PasswordResetRepository(database.db),
    accountsRepository,
    accounts,
    deps.mailer ?? mailerFor(config),
    limiter,
    limits,
    { publicUrl: config.publicUrl, now },
  );
  const labels = new LabelsService(new LabelsRepository(database.db));
  const support = new SupportService(new SupportRepository(database.db), deps.store);
  const analytics = new AnalyticsService(new AnalyticsRepository(database.db), now);
  return { accountsRepository, accounts, sessions, passwordReset, labels, geo: new GeoService(), support, analytics };
}
export type Services = ReturnType<typeof buildServices>;

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

  const services = buildServices(deps);

  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(docs);

  await app.register(systemRoutes, {
    db: deps.database.db,
    databaseKind: deps.database.kind,
    cacheKind: deps.cacheKind,
  });
  await app.register(labelAssetRoutes, { labels: services.labels });
  await app.register(geoRoutes, { geo: services.geo });

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
    await signedApi.register(labelConsoleRoutes, { labels: services.labels, sessions: services.sessions });
    await signedApi.register(supportRoutes, { support: services.support });
    await signedApi.register(analyticsRoutes, { analytics: services.analytics, sessions: services.sessions, store: deps.store, ratePerMinute: config.ANALYTICS_RATE_LIMIT_PER_MINUTE });
    await signedApi.register(sessionsRoutes, { sessions: services.sessions });
    await signedApi.register(passwordResetRoutes, { passwordReset: services.passwordReset });
  });

  await app.register(webSite, {
    webDist: config.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    consoleDist: config.CONSOLE_DIST ?? path.join(repoRoot, 'apps', 'console', 'dist'),
    publicConfig: {
      signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 },
      regionalSiteUrl: config.REGIONAL_SITE_URL ?? '',
      // The May 20, 2025 iOS notice on the home page (spec sections 1 and 2): currently on.
      iosNoticeOpen: true,
      ...shellPublicConfig(config),
    },
  });

  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
