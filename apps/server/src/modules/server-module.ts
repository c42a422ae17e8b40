import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ApiRoutes } from '../plugins/signature';
import type { ObjectStorage } from '../storage/object-storage';
import type { LimitRule } from '../shared/attempt-limiter';
import type { Drain } from '../shared/drain';
import type { KeyValueStore } from '../shared/key-value-store';
import type { Mails } from '../shared/mails/mails';
import type { PageFormHandler } from '../shared/page-form';
import type { PersonalData } from '../shared/personal-data';
import type { ScheduledJob } from '../shared/scheduled-jobs';

/** What every module may build its services from: the platform, never another module. */
export interface ModuleContext {
  config: Config;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  store: KeyValueStore;
  cacheKind: 'memory' | 'redis';
  now: () => number;
  /** Every mail goes out through this: a kind of the registry, rendered in the player's language. */
  mails: Mails;
  /**
   * The time a person's own device shares with the server: authenticator-app codes are checked
   * against it. The test clock (decision 0135) moves `now` and never this, like request signing.
   */
  wallClock: () => number;
  storage: ObjectStorage;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Set when the listener is draining: /healthz then answers 503 (decision 0122). */
  drain: Drain;
  /** Brute-force limits a test overrides; the accounts module fills in the rest. */
  limits: Partial<Record<string, LimitRule>>;
  /** Every module's share of a player's data (decision 0160), in the order of app.ts; complete once the app is built. */
  personalData: () => readonly PersonalData[];
}

export interface ModuleOptions<Services> {
  context: ModuleContext;
  services: Services;
}

/**
 * A server module wires itself: the services it builds from the context and from what modules
 * listed before it provide (`Needs`), the routes of the signed /v1 API, other routes (assets,
 * provider notifications, pages), its timed work, which the listener runs once per tick across
 * processes (decision 0121), the public pages' forms it answers without scripts (decision 0144), and
 * its share of a player's data (decision 0160).
 * app.ts lists the modules; adding one is one line there.
 */
export interface ServerModule<Needs, Provides> {
  /** The module's folder name under modules/. */
  name: string;
  services?(context: ModuleContext, needs: Needs): Provides;
  api?: ApiRoutes<ModuleOptions<Needs & Provides>>;
  routes?: FastifyPluginAsyncTypebox<ModuleOptions<Needs & Provides>>;
  jobs?(options: ModuleOptions<Needs & Provides>): ScheduledJob[];
  pageForms?(options: ModuleOptions<Needs & Provides>): PageFormHandler[];
  /**
   * Its share of a player's data, for the export and the erasure (decision 0160): required of every
   * module whose tables name a person (`personal-data.test.ts` enumerates them).
   */
  personalData?(options: ModuleOptions<Needs & Provides>): PersonalData;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a module that needs or provides nothing
export function defineModule<Needs = {}, Provides = {}>(module: ServerModule<Needs, Provides>): ServerModule<Needs, Provides> {
  return module;
}
