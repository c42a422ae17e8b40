import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';

/**
 * The input rules every request meets before anything reads it (decision 0090):
 * - no NUL character in any string or key of the body, query, route params or headers
 *   (PostgreSQL refuses NUL in text and jsonb; the request would otherwise end as a 500);
 * - a JSON body nests at most MAX_BODY_DEPTH levels (the signature check and everything after it
 *   recurse over the body);
 * - every number that passes schema validation is finite and, when whole, a safe integer: Ajv's
 *   type coercion turns the text `1e999` or `Infinity` into Infinity, which `maximum` does not
 *   catch under strictNumbers.
 * A breach answers 40000 naming the field and the rule (`noNul`, `depth`, `finite`).
 */

export const MAX_BODY_DEPTH = 32;

function pointer(path: readonly (string | number)[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** What a JSON, form or query parser makes; a raw body (a Buffer, a byte view, a stream) is not walked. */
function isParsedData(node: object): boolean {
  if (Buffer.isBuffer(node) || ArrayBuffer.isView(node)) return false;
  return typeof (node as { pipe?: unknown }).pipe !== 'function';
}

/** An array's items by index, an object's values by key. */
function entriesOf(node: object): [string | number, unknown][] {
  return Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
}

/** The first breach of the NUL or depth rule in a parsed value, or undefined. Never deeper than the limit. */
export function inputBreach(value: unknown, maxDepth = MAX_BODY_DEPTH): { path: string; rule: 'noNul' | 'depth' } | undefined {
  const path: (string | number)[] = [];
  function visit(node: unknown, depth: number): 'noNul' | 'depth' | undefined {
    if (typeof node === 'string') return node.includes('\u0000') ? 'noNul' : undefined;
    // Only parsed data is walked: a raw body (a stream for the storage driver's part PUT, a Buffer) is a leaf.
    if (node === null || typeof node !== 'object' || !isParsedData(node)) return undefined;
    if (depth >= maxDepth) return 'depth';
    for (const [key, child] of entriesOf(node)) {
      path.push(key);
      const rule = typeof key === 'string' && key.includes('\u0000') ? 'noNul' : visit(child, depth + 1);
      if (rule) return rule;
      path.pop();
    }
    return undefined;
  }
  const rule = visit(value, 0);
  return rule ? { path: pointer(path), rule } : undefined;
}

/** The NUL and depth rules over what the client sent; run before the signature check reads it. */
export function checkRequestInput(request: Pick<FastifyRequest, 'body' | 'query' | 'params' | 'headers'>): void {
  const parts = [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
    ['headers', request.headers],
  ] as const;
  for (const [part, value] of parts) {
    const breach = inputBreach(value);
    if (breach) throw new AppError(Errors.ValidationFailed, { fields: [{ field: `${part}${breach.path}`, rule: breach.rule }] });
  }
}

/** The first number that is not finite, or whole but beyond the safe integers, in validated data. */
export function unsafeNumberPath(value: unknown): string | undefined {
  const path: (string | number)[] = [];
  function visit(node: unknown): boolean {
    if (typeof node === 'number') return !Number.isFinite(node) || (Number.isInteger(node) && !Number.isSafeInteger(node));
    if (node === null || typeof node !== 'object' || !isParsedData(node)) return false;
    for (const [key, child] of entriesOf(node)) {
      path.push(key);
      if (visit(child)) return true;
      path.pop();
    }
    return false;
  }
  return visit(value) ? pointer(path) : undefined;
}

/** A compiled validator as Fastify calls it: Ajv's, or one that wraps it. */
export interface ValidateFunction {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

type BuildValidator = (externalSchemas: unknown, options: unknown) => (route: unknown) => ValidateFunction;

/**
 * Fastify's own Ajv validator compiler, with every compiled validator followed by the finite-number
 * rule: coercion stays (query strings and params are text), but text never becomes a non-finite or
 * unsafe number. Given to Fastify as `schemaController.compilersFactory.buildValidator`.
 */
export function finiteNumberValidators(): BuildValidator {
  const build = (AjvCompiler as unknown as () => BuildValidator)();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      const validate = compile(route);
      const guarded: ValidateFunction = (data, context) => {
        const result = context === undefined ? validate(data) : validate(data, context);
        if (result === false) {
          guarded.errors = validate.errors;
          return false;
        }
        const checked = context && typeof context === 'object' && 'parentData' in context ? (context as { parentData: Record<string, unknown>; parentDataProperty: string }) : undefined;
        const value = checked ? checked.parentData[checked.parentDataProperty] : data;
        const path = unsafeNumberPath(value);
        if (path !== undefined) {
          guarded.errors = [{ instancePath: path, keyword: 'finite', params: {}, message: 'must be a finite number', schemaPath: '#' }];
          return false;
        }
        guarded.errors = null;
        return result;
      };
      if (validate.schemaEnv) guarded.schemaEnv = validate.schemaEnv;
      return guarded;
    };
  };
}

/** Registers the NUL and depth rules for every route registered after it (before the signed API). */
export default fp(
  async function inputRules(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      checkRequestInput(request);
    });
  },
  { name: 'input-rules' },
);
