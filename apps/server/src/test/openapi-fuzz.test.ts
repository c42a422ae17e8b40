import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@vsp/contract/operator-roles';
import { computeSign, type Params } from '@vsp/contract/signing';
import { createTestApp, type TestApp } from './test-app';

/**
 * Property-based requests against every operation of the OpenAPI document (decision 0092): bodies,
 * queries and params generated from each operation's schemas, valid-ish or broken in the ways
 * clients break them (NUL characters, numeric text such as 1e999 or Infinity, integers beyond int4,
 * bodies nested thousands deep, nulls, wrong types, missing and extra fields), signed as a client
 * signs, anonymous or with a player's or an operator's session. No answer may be a 5xx, none may
 * take longer than REQUEST_TIMEOUT_MS, and /healthz answers afterwards.
 *
 * FUZZ_SEED fixes the seed (the default changes daily and is printed); FUZZ_RUNS the total number
 * of cases (default 10,000), shared out over the operations.
 */

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Number(new Date().toISOString().slice(0, 10).replace(/-/g, '')));
const REQUEST_TIMEOUT_MS = 10_000;

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
}

/** A value that breaks a rule of decision 0090, or a type or shape the schema does not expect. */
const DEEP = '\u0001deep\u0001';
const NASTY: readonly unknown[] = [
  'nul\u0000inside',
  '\u0000',
  '1e999',
  'Infinity',
  '-Infinity',
  'NaN',
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e300,
  -1,
  0,
  null,
  '',
  true,
  {},
  [],
  [1, 2],
  { nested: { nested: { nested: 'x' } } },
  'x'.repeat(5000),
  DEEP,
  nestedObject(40),
];

function nestedObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Numbers in text and numbers no column holds: what a client's integer field goes wrong with. */
const NASTY_INTEGERS = fc.constantFrom<unknown>('1e999', 'Infinity', '-Infinity', 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e300);

function schemaArbitrary(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant('x');
  // OpenAPI 3.0 says `nullable` where the contract has a union with null.
  if (schema.nullable === true) return fc.oneof(fc.constant(null), schemaArbitrary({ ...schema, nullable: false }, depth));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as Schema[]).map((s) => schemaArbitrary(s, depth + 1)));
  }
  if (Array.isArray(schema.allOf)) return schemaArbitrary((schema.allOf as Schema[])[0], depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 5, arbitrary: stringArbitrary(schema) }, { weight: 1, arbitrary: stringArbitrary(schema).map((v) => `${v}\u0000`) });
    case 'integer': {
      // Valid-ish integers stay within 10,000 of the minimum (a campaign of 100,000 codes costs a
      // second); the huge ones come from the mutations (2^31, 2^53 + 1, 1e300, '1e999').
      const min = Math.max(Number(schema.minimum ?? -(2 ** 31)), -(2 ** 31));
      const max = Math.min(Number(schema.maximum ?? 2 ** 31), 2 ** 31);
      return fc.oneof({ weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 10_000) }) }, { weight: 1, arbitrary: NASTY_INTEGERS });
    }
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1e9), max: Number(schema.maximum ?? 1e9), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArbitrary(schema.items as Schema, depth + 1), { minLength: Number(schema.minItems ?? 0), maxLength: Math.max(Number(schema.minItems ?? 0), 3) });
    case 'object':
    case undefined:
      if (schema.properties) return objectArbitrary(schema, depth);
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 3 });
    default:
      return fc.constant(null);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min(Number(schema.maxLength ?? 40), 80);
  const minLength = Number(schema.minLength ?? 0);
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= Math.max(maxLength, 100));
    } catch {
      // A pattern fast-check cannot invert: plain strings then.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

function objectArbitrary(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(properties)) model[name] = schemaArbitrary(child, depth + 1);
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** The signed fields are made by the signing step; generating them would only be overwritten. */
const SIGNED = new Set(['appId', 'timestamp', 'random', 'sign']);

function withoutSigned(schema: Schema | undefined): Schema | undefined {
  if (!schema?.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).filter(([k]) => !SIGNED.has(k)));
  return { ...schema, properties, required: ((schema.required as string[] | undefined) ?? []).filter((k) => !SIGNED.has(k)) };
}

/** Every leaf and key path of a value, for choosing where a mutation lands. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (value && typeof value === 'object' && prefix.length < 6) {
    for (const [k, v] of Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value)) paths(v, [...prefix, k], out);
  }
  return out;
}

interface Mutation {
  where: number;
  kind: 'nasty' | 'delete' | 'extra';
  nasty: number;
}

function mutate(value: unknown, mutation: Mutation): unknown {
  const nasty = NASTY[mutation.nasty % NASTY.length];
  const all = paths(value);
  const at = all[mutation.where % all.length]!;
  if (at.length === 0) return mutation.kind === 'nasty' ? nasty : value;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  if (mutation.kind === 'delete' && !Array.isArray(parent)) delete parent[last];
  else if (mutation.kind === 'extra' && !Array.isArray(parent)) parent[`extra${String(last)}`] = nasty;
  else parent[last] = nasty;
  return copy;
}

const mutationArbitrary = fc.record({ where: fc.nat(), kind: fc.constantFrom('nasty', 'nasty', 'delete', 'extra'), nasty: fc.nat() }) as fc.Arbitrary<Mutation>;

function operationsOf(spec: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const content = op.requestBody?.content;
      const body = content?.['application/json']?.schema ?? (content ? Object.values(content)[0]?.schema : undefined);
      operations.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body });
    }
  }
  return operations;
}

function text(value: unknown): string {
  if (value === DEEP) return '['.repeat(6000) + ']'.repeat(6000);
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

describe('every operation of the OpenAPI document against generated requests', () => {
  let t: TestApp;
  let operations: Operation[];
  const sessions: Record<'player' | 'operator', { token: string; uid: string }> = { player: { token: '', uid: '' }, operator: { token: '', uid: '' } };
  const playerUids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { GIFT_LIMIT_PER_ACCOUNT: '1000000', GIFT_LIMIT_PER_ADDRESS: '1000000', RECHARGE_LIMIT_PER_ADDRESS: '1000000', ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    for (const [name, role] of [['fuzz-player', 'player'], ['fuzz-operator', 'operator']] as const) {
      const user = await t.app.accounts.createUser({ userName: name, email: `${name}@example.com`, password: 'long-password-9', role });
      playerUids.push(user.uid);
    }
    operations = operationsOf((t.app as unknown as { swagger(): Parameters<typeof operationsOf>[0] }).swagger());
    process.stdout.write(`openapi fuzz: seed ${SEED} (FUZZ_SEED), ${TOTAL_RUNS} cases (FUZZ_RUNS) over ${operations.length} operations\n`);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Fresh sessions, unblocked accounts: a generated call may have blocked or logged out either. */
  async function refreshSessions() {
    for (const [i, role] of (['player', 'operator'] as const).entries()) {
      const uid = playerUids[i]!;
      await t.app.accountsRepository.setBlocked(uid, false, async () => {});
      // A generated role change may have narrowed the operator's own roles.
      if (role === 'operator') await t.app.operatorsRepository.setRoles(uid, OPERATOR_ROLES);
      sessions[role] = { token: (await t.app.sessions.create(uid, '', { secondFactor: 'totp' })).token, uid: String(uid) };
    }
  }

  it('covers the operations of every module', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => o.path)).toEqual(expect.arrayContaining(['/v1/gift/campaigns', '/v1/console/gift/campaigns', '/v1/console/settings/switches', '/healthz']));
  });

  let random = 0;
  function signBody(params: Params): Params {
    const base = { ...params, appId: 1004, timestamp: Date.now(), random: String(100_000 + (random++ % 900_000)) };
    let sign: string;
    try {
      sign = computeSign(base, t.config.signSecrets.get(1004)!);
    } catch {
      sign = '0'.repeat(32);
    }
    return { ...base, sign };
  }

  it('never answers 5xx, never hangs, and /healthz answers afterwards', async () => {
    const runsEach = Math.ceil(TOTAL_RUNS / operations.length);
    let cases = 0;
    const cpuAtStart = process.cpuUsage();
    const costs: [string, number][] = [];
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const cpuBefore = process.cpuUsage();
      await refreshSessions();
      const pathParams = operation.parameters.filter((p) => p.in === 'path');
      const queryParams = operation.parameters.filter((p) => p.in === 'query' && !SIGNED.has(p.name));
      const queryArbitrary = objectArbitrary(
        { properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])), required: queryParams.filter((p) => p.required).map((p) => p.name) },
        0,
      );
      const paramsArbitrary = objectArbitrary({ properties: Object.fromEntries(pathParams.map((p) => [p.name, p.schema ?? {}])), required: pathParams.map((p) => p.name) }, 0);
      const bodyArbitrary = operation.body ? schemaArbitrary(withoutSigned(operation.body)) : fc.constant(undefined);
      const requestArbitrary = fc.record({
        query: queryArbitrary,
        params: paramsArbitrary,
        body: bodyArbitrary,
        target: fc.constantFrom('body', 'query', 'params', 'none'),
        mutations: fc.array(mutationArbitrary, { maxLength: 2 }),
        as: fc.constantFrom('operator', 'operator', 'player', 'anonymous'),
        address: fc.ipV4(),
      });
      const failure = await fc.check(
        fc.asyncProperty(requestArbitrary, async (request) => {
          cases++;
          let { query, params, body } = request as { query: Record<string, unknown>; params: Record<string, unknown>; body: unknown };
          for (const mutation of request.mutations) {
            if (request.target === 'body' && operation.body) body = mutate(body, mutation);
            if (request.target === 'query' || (request.target === 'body' && !operation.body)) query = mutate(query, mutation) as Record<string, unknown>;
            if (request.target === 'params' && pathParams.length) params = mutate(params, mutation) as Record<string, unknown>;
          }
          const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(params && typeof params === 'object' ? params[name] : params)));
          const headers: Record<string, string> = request.as === 'anonymous' ? {} : { ...sessions[request.as] };
          const isSigned = operation.path.startsWith('/v1/');
          let payload: string | undefined;
          let queryText: Record<string, string> = {};
          if (operation.method === 'GET' || !operation.body) {
            const q = query && typeof query === 'object' && !Array.isArray(query) ? query : { q: query };
            const signedQuery = isSigned ? signBody(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, text(v)]))) : q;
            queryText = Object.fromEntries(Object.entries(signedQuery).map(([k, v]) => [k, text(v)]));
          } else {
            const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Params) : undefined;
            const json = JSON.stringify(fields && isSigned ? signBody(fields) : body ?? null);
            payload = json.replaceAll(JSON.stringify(DEEP), '['.repeat(6000) + ']'.repeat(6000));
            headers['content-type'] = 'application/json';
          }
          let timer: NodeJS.Timeout | undefined;
          const response = await Promise.race([
            t.app.inject({ method: operation.method as 'GET', url, query: queryText, ...(payload !== undefined ? { payload } : {}), headers, remoteAddress: request.address }),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
            }),
          ])
            .catch((error: unknown) => {
              throw new Error(`${operation.method} ${url}: ${error instanceof Error ? error.message : String(error)}\nquery ${JSON.stringify(queryText).slice(0, 300)}\nbody ${(payload ?? '').slice(0, 300)}`);
            })
            .finally(() => clearTimeout(timer));
          if (response.statusCode >= 500) {
            throw new Error(`${operation.method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}\nquery ${JSON.stringify(queryText).slice(0, 300)}\nbody ${(payload ?? '').slice(0, 300)}`);
          }
        }),
        { seed: SEED + index, numRuns: runsEach, endOnFailure: true },
      );
      // Every operation runs, so one report names every operation that fails.
      if (failure.failed) {
        const error = failure.errorInstance instanceof Error ? failure.errorInstance.message : String(failure.errorInstance);
        failures.push(`${operation.method} ${operation.path} (FUZZ_SEED=${SEED}, seed ${failure.seed}, case ${failure.numRuns}): ${error}`);
      }
      const cpu = process.cpuUsage(cpuBefore);
      costs.push([`${operation.method} ${operation.path}`, (cpu.user + cpu.system) / 1000]);
    }
    const cpu = process.cpuUsage(cpuAtStart);
    costs.sort((a, b) => b[1] - a[1]);
    process.stdout.write(`openapi fuzz: ${cases} cases in ${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU; costliest: ${costs.slice(0, 5).map(([op, ms]) => `${op} ${Math.round(ms)} ms`).join(', ')}\n`);
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(TOTAL_RUNS);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
