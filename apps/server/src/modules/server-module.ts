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
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /** Set when the listener is draining: /healthz then answers 503 (decision 0122). */
  drain: Drain;
  /** Brute-force limits a test overrides; the accounts module fills in the rest. */
  limits: Partial<Record<string, LimitRule>>;
  /** Every module's share of a player's data (decision 0160), in the order of app.ts; complete once the app is built. */
  personalData: () => readonly PersonalData[];
}

export interface ModuleOptions<Services> {
  context: ModuleContext;
  /** The module's view of the Fastify instance: its own services and those of the modules it needs. */
  services: Services;
}

/**
 * A server module wires itself: the services it builds from the context and from what the modules
 * it `needs` provide, the routes of the signed /v1 API, other routes (assets, provider
 * notifications, pages), its timed work, which the listener runs once per tick across processes
 * (decision 0121), the public pages' forms it answers without scripts (decision 0144), and its share
 * of a player's data (decision 0160). app.ts lists the modules; adding one is one line there.
 * Its routes, work, forms and share of data are handed `Sees`, its needs and its own services: a
 * parameter apart from `Provides`, so that every module's type takes the Fastify instance (which
 * holds every module's services) in each place and the wiring hands it over without a cast.
 */
export interface ServerModule<Needs, Provides, Sees = Needs & Provides> {
  /** The module's folder name under modules/. */
  name: string;
  /**
   * The modules whose services or index it uses (their folder names), listed before it in app.ts:
   * Fastify refuses to start the module before them (its plugin's dependencies), and the module's
   * view of the instance refuses a service of any other module (decisions 0168, 0173).
   */
  needs: readonly string[];
  services?(context: ModuleContext, needs: Needs): Provides;
  /**
   * Its routes plugins take the module's options as they are (`api: musicRoutes`). Methods, not
   * properties: a plugin typed as a property would fix `Needs` and `Provides` before `services` does.
   */
  api?(...plugin: Parameters<ApiRoutes<ModuleOptions<Sees>>>): Promise<void>;
  routes?(...plugin: Parameters<FastifyPluginAsyncTypebox<ModuleOptions<Sees>>>): Promise<void>;
  jobs?(options: ModuleOptions<Sees>): ScheduledJob[];
  pageForms?(options: ModuleOptions<Sees>): PageFormHandler[];
  /**
   * Its share of a player's data, for the export and the erasure (decision 0160): required of every
   * module whose tables name a person (`personal-data.test.ts` enumerates them).
   */
  personalData?(options: ModuleOptions<Sees>): PersonalData;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a module that needs or provides nothing
export function defineModule<Needs = {}, Provides = {}>(module: ServerModule<Needs, Provides>): ServerModule<Needs, Provides> {
  return module;
}

/**
 * A module as the wiring sees it. Every module's services are decorations of the Fastify instance
 * (app.ts types them from the list), so the instance is a value of whatever a module needs and sees.
 */
export type AnyModule = ServerModule<FastifyInstance, object, FastifyInstance>;

type Provided<M> = M extends { services?(...args: never[]): infer P } ? P : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** Every service the modules `M` provide, by name. */
export type ServicesOf<M> = Intersection<Provided<M>>;

/**
 * Registers each module as a Fastify plugin named after it, which Fastify refuses to start before
 * the plugins of the modules it needs (`dependencies`). When Fastify starts it, the module builds its
 * services from the context and from the instance, decorates the instance with each of them, adds its
 * share of a player's data to `parts`, registers its signed /v1 routes in a scope of their own behind
 * the signature check and its other routes, and hands in its timed work and its pages' forms.
 */
export async function registerModules(
  app: FastifyInstance,
  modules: readonly AnyModule[],
  { context, parts }: { context: ModuleContext; parts: PersonalData[] },
  signing: SignatureOptions,
): Promise<{ jobs: ScheduledJob[]; pageForms: PageFormHandler[] }> {
  const jobs: ScheduledJob[] = [];
  const pageForms: PageFormHandler[] = [];
  // Which module decorated the instance with each service: a module reads the instance through a
  // view that refuses a service of a module it did not name, so `needs` stays the truth.
  const owner = new Map<string | symbol, string>();
  const viewOf = (module: AnyModule, instance: FastifyInstance): FastifyInstance =>
    new Proxy(instance, {
      get(target, key, receiver) {
        const from = owner.get(key);
        if (from && from !== module.name && !module.needs.includes(from)) throw new Error(`module ${module.name} uses ${String(key)} of module ${from} without naming ${from} in its needs`);
        return Reflect.get(target, key, receiver);
      },
    });
  for (const module of modules) {
    const plugin = async (scope: FastifyInstance) => {
      const services = viewOf(module, scope);
      for (const [name, service] of Object.entries(module.services?.(context, services) ?? {})) {
        scope.decorate(name, service);
        owner.set(name, module.name);
      }
      const options = { context, services };
      const part = module.personalData?.(options);
      if (part) parts.push(part);
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
    // fastify-plugin: the module's decorations land on the instance that registers it, the root.
    await app.register(fp(plugin, { name: module.name, dependencies: [...module.needs] }));
  }
  return { jobs, pageForms };
}
