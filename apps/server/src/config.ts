import path from 'node:path';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { SIGN_WINDOW_MS } from '@vsp/contract/constants';

/**
 * All configuration comes from environment variables, parsed once at start-up against this schema.
 * Secrets have development defaults, marked by the `dev-only-` prefix; production refuses them.
 */

const DEV_PREFIX = 'dev-only-';

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
  /** Comma-separated addresses or CIDRs of proxies whose X-Forwarded-For is trusted. */
  TRUST_PROXY: Type.String({ default: '' }),
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
});

export type RawConfig = Static<typeof ConfigSchema>;

export interface Config extends RawConfig {
  publicUrl: string;
  dataDir: string;
  signSecrets: ReadonlyMap<number, string>;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    const schema = ConfigSchema.properties[key as keyof typeof ConfigSchema.properties];
    if ('type' in schema && schema.type === 'boolean') {
      const word = BOOLEAN_WORDS[value.toLowerCase()];
      raw[key] = word ?? value;
    } else {
      raw[key] = value;
    }
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
    for (const key of ['SIGN_SECRET_1004', 'SIGN_SECRET_1000', 'UPLOAD_SECRET'] as const) {
      if (config[key].startsWith(DEV_PREFIX)) {
        throw new ConfigError(key, 'is a development default; set a real secret in production');
      }
    }
  }
  if (config.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!config[key]) throw new ConfigError(key, 'is required when STORAGE_DRIVER is s3');
    }
  }
  return {
    ...config,
    SEED_DEMO: config.SEED_DEMO && !isProduction,
    isProduction,
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(config.DATA_DIR),
    signSecrets: new Map([
      [1004, config.SIGN_SECRET_1004],
      [1000, config.SIGN_SECRET_1000],
    ]),
  };
}
