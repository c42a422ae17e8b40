import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '@vsp/contract/endpoints/api';
import { paymentNotifyPath } from '@vsp/contract/endpoints/recharge';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every route an app registers, as its onRoute hook sees it, and whether it sits in the signed API's
 * scope. Fastify announces each new instance on this channel before any plugin or route is added.
 */
const registered: { route: RouteOptions; signed: boolean }[] = [];
function watchRoutes(message: unknown) {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', function (route) {
    registered.push({ route, signed: this.hasPlugin('signed-api') });
  });
}

/** The one /v1 route outside the signed API: the payment provider signs its notifications itself. */
const PROVIDER_NOTIFICATIONS = paymentNotifyPath(':provider');

interface RouteSchema {
  querystring?: unknown;
  body?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
}

/**
 * Every endpoint exists once, in the operation table (decision 0166). Walks every route the app
 * registers and every row of the table: each route of the signed API and under /v1/ names its row,
 * with that row's method, path and the very schema objects of the row (so a schema written a second
 * time in a route file fails, even when equal); each row has exactly one route; an operator row's
 * route carries the operator guard before validation, and no other route does.
 */
describe('routes registered from the operation table', () => {
  let t: TestApp;
  beforeAll(async () => {
    subscribe('fastify.initialization', watchRoutes);
    try {
      t = await createTestApp();
    } finally {
      unsubscribe('fastify.initialization', watchRoutes);
    }
  });
  afterAll(() => t?.close());

  it('registers every row once, and every /v1 route from its row', () => {
    const rows: Record<string, Operation> = operations;
    const routes = registered.filter(({ route }) => route.method !== 'HEAD');
    const problems: string[] = [];
    const times = new Map<string, number>();
    for (const { route, signed } of routes) {
      const where = `${String(route.method)} ${route.url}`;
      const name = route.config?.operation;
      if (!name) {
        if (signed || (route.url.startsWith('/v1/') && route.url !== PROVIDER_NOTIFICATIONS)) problems.push(`${where}: not registered from a row of the operation table`);
        continue;
      }
      const row = rows[name];
      if (!row) {
        problems.push(`${where}: names "${name}", which is no row of the table`);
        continue;
      }
      times.set(name, (times.get(name) ?? 0) + 1);
      if (route.method !== row.method || route.url !== row.path) problems.push(`${where}: its row ${name} says ${row.method} ${row.path}`);
      const schema = (route.schema ?? {}) as RouteSchema;
      const parts: [string, unknown, unknown][] = [
        ['querystring', schema.querystring, row.query],
        ['body', schema.body, row.body],
        ['params', schema.params, row.params],
        ['response 200', schema.response?.['200'], row.response],
      ];
      for (const [part, used, own] of parts) if (used !== own) problems.push(`${where} (${name}): its ${part} schema is not the row's`);
      const extraAnswers = Object.keys(schema.response ?? {}).filter((status) => status !== '200');
      if (extraAnswers.length) problems.push(`${where} (${name}): response schemas beside the row's: ${extraAnswers.join(', ')}`);
      const guards = [route.preValidation].flat();
      const guarded = guards.includes(t.app.requireOperator);
      if (row.operator && !guarded) problems.push(`${where} (${name}): an operator row without requireOperator in preValidation`);
      if (!row.operator && [route.preValidation, route.preHandler].flat().includes(t.app.requireOperator)) problems.push(`${where} (${name}): guards operators, its row has no operator access`);
    }
    for (const name of Object.keys(rows)) {
      const count = times.get(name) ?? 0;
      if (count !== 1) problems.push(`${name} (${rows[name]!.method} ${rows[name]!.path}): registered ${count} times`);
    }
    expect(routes.filter(({ route }) => route.config?.operation).length).toBeGreaterThan(90);
    expect(problems).toEqual([]);
  });
});
