import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { operations, type Operations } from '@vsp/contract/endpoints/api';

export type OperationName = keyof Operations;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The row of the contract's operation table this route serves (decision 0166). */
    operation?: OperationName;
  }
}

/** What a route file adds to its row: the OpenAPI words, the headers it reads, its own route config. */
export interface RouteWords {
  summary: string;
  tags: string[];
  headers?: TSchema;
  config?: Omit<FastifyContextConfig, 'operation'>;
}

type SchemaOf<O> = (O extends { query: infer Q } ? { querystring: Q } : unknown) &
  (O extends { body: infer B } ? { body: B } : unknown) &
  (O extends { params: infer P } ? { params: P } : unknown) & { response: { 200: O extends { response: infer R } ? R : never } };
type HeadersOf<W> = W extends { headers: infer H extends TSchema } ? { headers: H } : unknown;
/** An operator row brings its guard, which enforces the row's roles and step-up (decision 0154). */
type GuardOf<O> = O extends { operator: object } ? { preValidation: FastifyInstance['requireOperator'] } : Record<never, never>;

/**
 * A /v1 route's method, path and schemas from its row of the contract's operation table (the one
 * source of every endpoint, decision 0166), its name in the route's `config.operation`, and for an
 * operator row the operator guard before validation: a route file adds the OpenAPI words, its other
 * hooks and the handler, and TypeScript checks the handler against the row.
 */
export function operationRoute<N extends OperationName, W extends RouteWords>(app: Pick<FastifyInstance, 'requireOperator'>, name: N, words: W) {
  const operation: Operations[N] = operations[name];
  const { method, path } = operation;
  const schema = {
    tags: words.tags,
    summary: words.summary,
    ...(words.headers ? { headers: words.headers } : {}),
    ...('query' in operation ? { querystring: operation.query } : {}),
    ...('body' in operation ? { body: operation.body } : {}),
    ...('params' in operation ? { params: operation.params } : {}),
    response: { 200: operation.response },
  } as { tags: string[]; summary: string } & HeadersOf<W> & SchemaOf<Operations[N]>;
  const guard = ('operator' in operation ? { preValidation: app.requireOperator } : {}) as GuardOf<Operations[N]>;
  return {
    method,
    url: path,
    schema,
    config: { ...words.config, operation: name },
    ...guard,
  } as { method: Operations[N]['method']; url: Operations[N]['path']; schema: typeof schema; config: FastifyContextConfig } & GuardOf<Operations[N]>;
}
