import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { LocalFolderObjectReader, type ObjectReader } from './modules/outfits/object-reader';
import { OutfitsRepository } from './modules/outfits/outfits.repository';
import { outfitsRoutes } from './modules/outfits/outfits.routes';
import { OutfitsService } from './modules/outfits/outfits.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { SessionsService } from './modules/sessions/sessions.service';
import { systemRoutes } from './modules/system/system.routes';
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
  /** Where stored uploads are read from; local `DATA_DIR/objects` unless given. */
  objectReader?: ObjectReader;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function buildServices(deps: Pick<AppDeps, 'database' | 'now' | 'objectReader'>) {
  const now = deps.now ?? Date.now;
  const accountsRepository = new AccountsRepository(deps.database.db);
  const accounts = new AccountsService(accountsRepository);
  const sessions = new SessionsService(new SessionsRepository(deps.database.db), accountsRepository, now);
  const outfits = new OutfitsService(new OutfitsRepository(deps.database.db), deps.objectReader ?? new LocalFolderObjectReader('data/objects'), { now });
  return { accountsRepository, accounts, sessions, outfits };
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

  const services = buildServices({ ...deps, objectReader: deps.objectReader ?? new LocalFolderObjectReader(path.join(config.dataDir, 'objects')) });

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
    await signedApi.register(outfitsRoutes, { outfits: services.outfits, sessions: services.sessions });
  });

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
