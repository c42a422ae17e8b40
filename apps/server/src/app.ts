import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { MusicRepository } from './modules/music/music.repository';
import { musicRoutes } from './modules/music/music.routes';
import { MusicService } from './modules/music/music.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { SessionsService } from './modules/sessions/sessions.service';
import { systemRoutes } from './modules/system/system.routes';
import { UploadsRepository } from './modules/uploads/uploads.repository';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { UploadsService } from './modules/uploads/uploads.service';
import docs from './plugins/docs';
import errorHandler from './plugins/error-handler';
import metrics from './plugins/metrics';
import { verifySignature } from './plugins/signature';
import webSite from './plugins/web-site';
import type { KeyValueStore } from './shared/key-value-store';
import { LocalObjectStorage } from './storage/local-storage';
import { localStorageRoutes } from './storage/local-storage-routes';
import type { ObjectStorage } from './storage/object-storage';
import { openObjectStorage } from './storage/open-object-storage';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  store: KeyValueStore;
  cacheKind: 'memory' | 'redis';
  /** Overrides the clock of time-dependent rules in tests. */
  now?: () => number;
  /** The object store; by default the one STORAGE_DRIVER selects. */
  storage?: ObjectStorage;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function buildServices(deps: Pick<AppDeps, 'database' | 'now' | 'config' | 'storage'>) {
  const now = deps.now ?? Date.now;
  const accountsRepository = new AccountsRepository(deps.database.db);
  const accounts = new AccountsService(accountsRepository);
  const sessions = new SessionsService(new SessionsRepository(deps.database.db), accountsRepository, now);
  const storage = deps.storage ?? openObjectStorage(deps.config);
  const uploads = new UploadsService(new UploadsRepository(deps.database.db), storage, deps.config.UPLOAD_SECRET, now);
  const music = new MusicService(new MusicRepository(deps.database.db), uploads);
  return { accountsRepository, accounts, sessions, storage, uploads, music };
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
    await signedApi.register(uploadsRoutes, { uploads: services.uploads, sessions: services.sessions });
    await signedApi.register(musicRoutes, { music: services.music, sessions: services.sessions });
  });
  if (services.storage instanceof LocalObjectStorage) await app.register(localStorageRoutes, { storage: services.storage });

  await app.register(webSite, {
    webDist: config.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    consoleDist: config.CONSOLE_DIST ?? path.join(repoRoot, 'apps', 'console', 'dist'),
    publicConfig: {
      signSecrets: { 1004: config.SIGN_SECRET_1004, 1000: config.SIGN_SECRET_1000 },
    },
  });

  app.addHook('onClose', async () => {
    await deps.store.close();
    await deps.database.close();
  });
  return app;
}
