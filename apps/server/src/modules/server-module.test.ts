import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverModules } from '../app';
import { defineModule, registerModules, type AnyModule, type ModuleContext, type ServerModule } from './server-module';

/**
 * Modules declare what they need (decision 0168): the test reads every module's source for the other
 * modules it imports, so a new import without its `needs` entry fails here, and shows that the
 * wiring refuses a module that uses another's services without naming it, or starts before it
 * (Fastify's own check of a plugin's dependencies, decision 0173).
 */
const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports that are no need: a schema file naming another module's table for a foreign key (decision
 * 0159), and the sessions module reading the session's account through accounts' query while
 * accounts builds on the sessions module's services, which it declares by shape
 * (accounts/session-needs.ts) instead of importing.
 */
const NOT_NEEDS: Record<string, string[]> = { sessions: ['accounts'] };

/** The other module folders a module's own files (not its tests, not its schema files) import. */
function importedModules(module: string): string[] {
  const files = (readdirSync(path.join(modulesDir, module), { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !/\.(test|schema)\.tsx?$/.test(file));
  const imported = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(modulesDir, module, file), 'utf8');
    for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) {
      const target = path.relative(modulesDir, path.resolve(path.dirname(path.join(modulesDir, module, file)), specifier!)).split(path.sep)[0]!;
      if (target !== module && folders.includes(target) && !NOT_NEEDS[module]?.includes(target)) imported.add(target);
    }
  }
  return [...imported].sort();
}

const context = {} as ModuleContext;
const signing = { secrets: new Map<number, string>(), windowMs: 1000, store: undefined as never };
const provider = defineModule({ name: 'provider', needs: [], services: () => ({ thing: 'a thing' }) });
/** The stand-ins provide services (`thing`, `copy`) that the app's instance type does not list: they pass as its modules here only. */
const standIns = (...modules: ServerModule<never, object, never>[]) => modules as AnyModule[];

/** A bare Fastify instance on which `modules` register as the app registers them, ready or refused. */
async function started(modules: readonly AnyModule[]) {
  const app = Fastify();
  const registered = registerModules(app, modules, { context, parts: [] }, signing);
  const ready = registered.then(() => app.ready());
  await ready.catch(() => undefined);
  return { app, registered, ready };
}

describe('server modules declare what they need', () => {
  it('lists every module folder once in app.ts', () => {
    expect(serverModules.map((module) => module.name).sort()).toEqual([...folders].sort());
  });

  it.each(serverModules.map((module, index) => [module.name, module, index] as const))('%s names every module it imports, each listed before it', (_name, module, index) => {
    for (const need of module.needs) {
      expect(folders, `${module.name} needs an unknown module ${need}`).toContain(need);
      expect(serverModules.findIndex((other) => other.name === need), `${need} must come before ${module.name} in app.ts`).toBeLessThan(index);
    }
    expect(importedModules(module.name).filter((imported) => !module.needs.includes(imported))).toEqual([]);
  });

  it("refuses a module that uses another's service without naming it", async () => {
    const taker = defineModule({ name: 'taker', needs: [], services: (_context, { thing }: { thing: string }) => ({ copy: thing }) });
    const refused = await started(standIns(provider, taker));
    await expect(refused.ready).rejects.toThrow('module taker uses thing of module provider without naming provider in its needs');
    await refused.app.close().catch(() => undefined);
    const named = await started(standIns(provider, defineModule({ ...taker, needs: ['provider'] })));
    await named.ready;
    expect({ thing: named.app.getDecorator('thing'), copy: named.app.getDecorator('copy') }).toEqual({ thing: 'a thing', copy: 'a thing' });
    await named.app.close();
  });

  it('refuses a module listed before one it needs when Fastify starts', async () => {
    const needing = defineModule({ name: 'needing', needs: ['provider'] });
    const { app, ready } = await started(standIns(needing, provider));
    await expect(ready).rejects.toThrow(/needing.*provider|provider.*needing/);
    await app.close().catch(() => undefined);
  });
});
