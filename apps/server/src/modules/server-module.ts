import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { signedApi, type ApiRoutes, type SignatureOptions } from '../plugins/signature';
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
 * A server module wires itself: the services it builds from the context and from what the modules
 * it `needs` provide, the routes of the signed /v1 API, other routes (assets, provider
 * notifications, pages), its timed work, which the listener runs once per tick across processes
 * (decision 0121), the public pages' forms it answers without scripts (decision 0144), and its share
 * of a player's data (decision 0160). app.ts lists the modules; adding one is one line there.
 */
export interface ServerModule<Needs, Provides> {
  /** The module's folder name under modules/. */
  name: string;
  /**
   * The modules whose services or index it uses (their folder names), listed before it in app.ts:
   * checked when the services are built and by Fastify when the module registers (decision 0168).
   */
  needs: readonly string[];
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

/** A module as the wiring sees it: whatever it needs and provides. */
export type AnyModule = ServerModule<never, object>;

/** The built modules: every service by name, each module's share of a player's data, and each module's view of the services. */
export interface BuiltModules<Services> {
  services: Services;
  parts: PersonalData[];
  /** What `module` may use: its own services and those of the modules it needs (a proxy that refuses the rest). */
  viewOf(module: AnyModule): Services;
}

/**
 * Builds each module's services in the order listed, into `services` (which the context's mails may
 * read later), then each module's share of a player's data into `parts`. A module listed before one
 * it needs, or one that uses another's service without naming that module in `needs`, stops the
 * start with the reason.
 */
export function buildModules<Services extends object>(modules: readonly AnyModule[], context: ModuleContext, services: Services, parts: PersonalData[]): BuiltModules<Services> {
  const owner = new Map<string | symbol, string>();
  const viewOf = (module: AnyModule): Services =>
    new Proxy(services, {
      get(target, key, receiver) {
        const from = owner.get(key);
        if (from && from !== module.name && !module.needs.includes(from)) throw new Error(`module ${module.name} uses ${String(key)} of module ${from} without naming ${from} in its needs`);
        return Reflect.get(target, key, receiver);
      },
    });
  const built = new Set<string>();
  for (const module of modules) {
    const missing = module.needs.find((name) => !built.has(name));
    if (missing) throw new Error(`module ${module.name} needs ${missing}, which app.ts does not list before it`);
    const provided = (module.services?.(context, viewOf(module) as never) ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(provided)) owner.set(key, module.name);
    Object.assign(services, provided);
    built.add(module.name);
  }
  for (const module of modules) {
    const part = module.personalData?.({ context, services: viewOf(module) as never });
    if (part) parts.push(part);
  }
  return { services, parts, viewOf };
}

type Provided<M> = M extends { services?(...args: never[]): infer P } ? P : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** Every service the modules `M` provide, by name. */
export type ServicesOf<M> = Intersection<Provided<M>>;

/**
 * Registers each module as a Fastify plugin named after it, which Fastify refuses to start before
 * the plugins of the modules it needs (`dependencies`): its signed /v1 routes in a scope of their
 * own behind the signature check, its other routes, and it hands in its timed work and its pages'
 * forms. Each module sees only the services of the modules it needs.
 */
export async function registerModules<Services>(
  app: FastifyInstance,
  modules: readonly AnyModule[],
  built: { context: ModuleContext; viewOf(module: AnyModule): Services },
  signing: SignatureOptions,
): Promise<{ jobs: ScheduledJob[]; pageForms: PageFormHandler[] }> {
  const jobs: ScheduledJob[] = [];
  const pageForms: PageFormHandler[] = [];
  for (const module of modules) {
    const options = { context: built.context, services: built.viewOf(module) as never };
    const plugin = async (scope: FastifyInstance) => {
      const api = module.api;
      if (api) {
        await scope.register(async (signed) => {
          await signed.register(signedApi, signing);
          await signed.register(api, options);
        });
      }
      if (module.routes) await scope.register(module.routes, options);
      jobs.push(...(module.jobs?.(options) ?? []));
      pageForms.push(...(module.pageForms?.(options) ?? []));
    };
    await app.register(fp(plugin, { name: module.name, dependencies: [...module.needs] }));
  }
  return { jobs, pageForms };
}
