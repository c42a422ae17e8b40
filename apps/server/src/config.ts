import path from 'node:path';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { CONTACT_MAILBOX, SERVICE_MAILBOX, SIGN_WINDOW_MS, TRACING_SAMPLE_RATE } from '@vsp/contract/constants';

/**
 * All configuration comes from environment variables, parsed once at start-up against this schema.
 * Secrets have development defaults, marked by the `dev-only-` prefix; production refuses them.
 */

const DEV_PREFIX = 'dev-only-';
const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
const HTTP_URL_PATTERN = '^https?://';

const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '0.0.0.0', minLength: 1 }),
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535 }),
  /** Public origin of the site, used in e-mails and absolute links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  DATA_DIR: Type.String({ default: './data', minLength: 1 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** Seeds the demo world on an empty database. Never in production. */
  SEED_DEMO: Type.Boolean({ default: true }),
  SIGN_SECRET_1004: Type.String({ default: `${DEV_PREFIX}sign-secret-1004`, minLength: 16 }),
  SIGN_SECRET_1000: Type.String({ default: `${DEV_PREFIX}sign-secret-1000`, minLength: 16 }),
  SIGN_WINDOW_MS: Type.Integer({ default: SIGN_WINDOW_MS, minimum: 1000 }),
  /** SMTP server for outgoing mail (`smtp://user:pass@host:587`, `smtps://...`); unset writes .eml files to DATA_DIR/outbox. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** Sender of outgoing mail. */
  MAIL_FROM: Type.String({ default: 'Avatar Party <no-reply@localhost>', minLength: 3 }),
  /** How long a login session lasts (default 30 days). */
  SESSION_TTL_SECONDS: Type.Integer({ default: 30 * 24 * 60 * 60, minimum: 1 }),
  /**
   * Behind a load balancer: on SIGTERM, /healthz answers 503 and the listener closes only after this
   * many health checks saw it (the balancer's fall count plus one), at most DRAIN_MAX_MS; 0 closes
   * at once (decision 0122).
   */
  DRAIN_HEALTH_CHECKS: Type.Integer({ default: 0, minimum: 0, maximum: 20 }),
  DRAIN_MAX_MS: Type.Integer({ default: 5000, minimum: 0, maximum: 60_000 }),
  /** Comma-separated addresses or CIDRs of proxies whose X-Forwarded-For is trusted. */
  TRUST_PROXY: Type.String({ default: '' }),
  /** The regional website that visitors from the ten countries of spec section 1 are sent to; unset sends nobody. */
  REGIONAL_SITE_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+' })),
  /** Support mailboxes shown in the site footer (spec section 2: a contact and a customer-service line). */
  SUPPORT_CONTACT_EMAIL: Type.String({ default: CONTACT_MAILBOX, pattern: EMAIL_PATTERN }),
  SUPPORT_SERVICE_EMAIL: Type.String({ default: SERVICE_MAILBOX, pattern: EMAIL_PATTERN }),
  /** The footer's company registration line is shown only when this flag is on. */
  SHOW_COMPANY_INFO: Type.Boolean({ default: false }),
  COMPANY_NAME: Type.String({ default: 'Avatar Party Ltd.' }),
  COMPANY_REGISTRATION_NUMBER: Type.String({ default: '' }),
  /** App store links; the *_REGIONAL pair belongs to the regional build (stable-me, its own app identifier). */
  STORE_URL_IOS: Type.String({ default: 'https://apps.apple.com/app/avatar-party/id6450000000', pattern: HTTP_URL_PATTERN }),
  STORE_URL_ANDROID: Type.String({ default: 'https://play.google.com/store/apps/details?id=com.avatarparty.app', pattern: HTTP_URL_PATTERN }),
  STORE_URL_IOS_REGIONAL: Type.String({ default: 'https://apps.apple.com/app/avatar-party-me/id6450000001', pattern: HTTP_URL_PATTERN }),
  STORE_URL_ANDROID_REGIONAL: Type.String({ default: 'https://play.google.com/store/apps/details?id=com.avatarparty.app.me', pattern: HTTP_URL_PATTERN }),
  /** Footer social links: photo sharing, social network, short video, chat community. */
  SOCIAL_URL_PHOTO: Type.String({ default: 'https://www.instagram.com/avatarparty', pattern: HTTP_URL_PATTERN }),
  SOCIAL_URL_NETWORK: Type.String({ default: 'https://www.facebook.com/avatarparty', pattern: HTTP_URL_PATTERN }),
  SOCIAL_URL_VIDEO: Type.String({ default: 'https://www.tiktok.com/@avatarparty', pattern: HTTP_URL_PATTERN }),
  SOCIAL_URL_CHAT: Type.String({ default: 'https://discord.gg/avatarparty', pattern: HTTP_URL_PATTERN }),
  /** Deep link that opens the native app (the 404 page's Open App button). */
  APP_OPEN_URL: Type.String({ default: 'avatarparty://open', pattern: '^[a-z][a-z0-9+.-]*://' }),
  /** Share of browser sessions that send performance timings (spec section 9: tracing sample rate 1). */
  ANALYTICS_TRACE_SAMPLE_RATE: Type.Number({ default: TRACING_SAMPLE_RATE, minimum: 0, maximum: 1 }),
  /** Analytics batches and error reports accepted per client address and minute. */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 600, minimum: 1 }),
  /** Bearer token the Prometheus scraper sends to /metrics; without it /metrics is open in development and absent in production. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /** The built-in sandbox payment gateway (never on in production unless set explicitly). */
  SANDBOX_PAYMENTS: Type.Boolean({ default: true }),
  /** HMAC secret of the sandbox gateway's notifications. */
  SANDBOX_SECRET: Type.String({ default: `${DEV_PREFIX}sandbox-notify-secret`, minLength: 16 }),
  /** How long a sandbox payment takes to be confirmed and notified (slow confirmations). */
  SANDBOX_CONFIRM_DELAY_MS: Type.Integer({ default: 2000, minimum: 0 }),
  /** Seconds between sandbox delivery attempts, growing: seconds, then minutes, then hours. */
  SANDBOX_RETRY_SCHEDULE: Type.String({ default: '5,30,120,600,1800,3600,10800,21600,43200,86400', pattern: '^[0-9]+(,[0-9]+)*$' }),
  /** Where the sandbox posts notifications; defaults to this process on 127.0.0.1. */
  SANDBOX_NOTIFY_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Stripe Checkout, enabled when both are set. */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 8 })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 8 })),
  /** Signs the device marks of browsers that signed in to an account (decision 0145). */
  DEVICE_SECRET: Type.String({ default: `${DEV_PREFIX}device-mark-secret`, minLength: 16 }),
  /** Signs the links of mailed receipts (HMAC of the order number; decision 0128). */
  RECEIPT_SECRET: Type.String({ default: `${DEV_PREFIX}receipt-link-secret`, minLength: 16 }),
  /** Unpaid top-up orders expire after this many minutes. */
  RECHARGE_ORDER_TTL_MINUTES: Type.Integer({ default: 30, minimum: 1 }),
  /** How long the top-up page polls an order before offering to continue (public). */
  RECHARGE_INQUIRY_WINDOW_MS: Type.Integer({ default: 30_000, minimum: 1000 }),
  /** How often expiry, maintenance, unapplied notifications and silent checkouts are swept. */
  RECONCILE_INTERVAL_MS: Type.Integer({ default: 30_000, minimum: 1000 }),
  /** Account ID lookups (top-up account check, nickname by account ID) and order creations per client address (and session) per 10 minutes. */
  RECHARGE_LIMIT_PER_ADDRESS: Type.Integer({ default: 200, minimum: 1 }),
  /** Gift-code attempts per account and per client address per 10 minutes. */
  GIFT_LIMIT_PER_ACCOUNT: Type.Integer({ default: 10, minimum: 1 }),
  GIFT_LIMIT_PER_ADDRESS: Type.Integer({ default: 60, minimum: 1 }),
  /** Outfit submissions per account per hour. */
  OUTFIT_SUBMIT_LIMIT_PER_HOUR: Type.Integer({ default: 30, minimum: 1 }),
  /** Signs upload credentials and the local driver's part URLs (HMAC). */
  UPLOAD_SECRET: Type.String({ default: `${DEV_PREFIX}upload-secret`, minLength: 16 }),
  /** Where uploaded objects live: `local` (DATA_DIR/objects, served by this process) or `s3`. */
  STORAGE_DRIVER: Type.Union([Type.Literal('local'), Type.Literal('s3')], { default: 'local' }),
  /** S3-compatible store (AWS S3, MinIO, R2, OSS); required when STORAGE_DRIVER is s3. */
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 3 })),
  S3_REGION: Type.String({ default: 'us-east-1', minLength: 1 }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  /** Public base URL of the bucket's objects (a CDN); defaults to S3_ENDPOINT/S3_BUCKET/. */
  S3_PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Folder of the built website and console; defaults to the apps' dist folders. */
  WEB_DIST: Type.Optional(Type.String()),
  CONSOLE_DIST: Type.Optional(Type.String()),
  /** How often accounts whose deletion grace period is over are erased (once per interval across processes). */
  ACCOUNT_DELETION_SWEEP_MS: Type.Integer({ default: 60 * 60_000, minimum: 1000 }),
  /**
   * A business clock that browser tests move forward (`POST /__test/clock`); refused unless
   * NODE_ENV is test, so no other deployment can have it (decision 0135).
   */
  TEST_CLOCK: Type.Boolean({ default: false }),
});

type RawConfig = Static<typeof ConfigSchema>;

/** The environment as the schema reads it, with the values derived from it (`loadConfig`). */
export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    const schema = ConfigSchema.properties[key as keyof typeof ConfigSchema.properties];
    raw[key] = 'type' in schema && schema.type === 'boolean' ? (BOOLEAN_WORDS[value.toLowerCase()] ?? value) : value;
  }
  const converted = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw));
  const firstError = Value.Errors(ConfigSchema, converted)[0];
  if (firstError) {
    const variable = firstError.instancePath.replace(/^\//, '') || 'environment';
    throw new ConfigError(variable, `${firstError.message} (got ${JSON.stringify(raw[variable] ?? null)})`);
  }
  const config = converted as RawConfig;
  const isProduction = config.NODE_ENV === 'production';
  if (isProduction) {
    if (env.SANDBOX_PAYMENTS === undefined || env.SANDBOX_PAYMENTS === '') config.SANDBOX_PAYMENTS = false;
    const secrets = ['SIGN_SECRET_1004', 'SIGN_SECRET_1000', 'UPLOAD_SECRET', 'RECEIPT_SECRET', 'DEVICE_SECRET', ...(config.SANDBOX_PAYMENTS ? (['SANDBOX_SECRET'] as const) : [])] as const;
    for (const key of secrets) {
      if (config[key].startsWith(DEV_PREFIX)) {
        throw new ConfigError(key, 'is a development default; set a real secret in production');
      }
    }
  }
  if (config.TEST_CLOCK && config.NODE_ENV !== 'test') throw new ConfigError('TEST_CLOCK', 'is only allowed with NODE_ENV=test');
  if (config.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[key]) throw new ConfigError(key, 'is required when STORAGE_DRIVER is s3');
    }
  }
  return {
    ...config,
    SEED_DEMO: config.SEED_DEMO && !isProduction,
    isProduction,
    sandboxRetryScheduleMs: config.SANDBOX_RETRY_SCHEDULE.split(',').map((seconds) => Number(seconds) * 1000),
    /** Account lookups by ID, order creations and (three times it) order inquiries per client address (and session) per 10 minutes. */
    addressLimit: { max: config.RECHARGE_LIMIT_PER_ADDRESS, windowMs: 10 * 60_000 },
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(config.DATA_DIR),
    signSecrets: new Map([
      [1004, config.SIGN_SECRET_1004],
      [1000, config.SIGN_SECRET_1000],
    ]) as ReadonlyMap<number, string>,
  };
}
