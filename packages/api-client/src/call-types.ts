import type { Static, TSchema } from 'typebox';
import type { Operations } from '@vsp/contract/endpoints/api';

/** The client's argument and result types, read off the contract's operation table by method and path (types only). */

type Operation = Operations[keyof Operations];
export type Method = Operation['method'];
/** The paths that have an operation of this method. */
export type PathOf<M extends Method> = Extract<Operation, { method: M }>['path'];
type At<M extends Method, P extends string> = Extract<Operation, { method: M; path: P }>;

/** What a caller gives for one part of a request: its schema's type without the fields the client signs with. */
type Given<O, K extends string> = O extends { [key in K]: infer S extends TSchema } ? Omit<Static<S>, 'appId' | 'timestamp' | 'random' | 'sign'> : never;
/** A part is absent when the operation has none, and optional when nothing in it is required. */
type Part<K extends string, T> = [T] extends [never] ? { [key in K]?: never } : object extends T ? { [key in K]?: T } : { [key in K]: T };

export interface CallOptions {
  signal?: AbortSignal;
  /** Over the client's time limit (20 s by default) the call fails with NetworkError('timeout'). */
  timeoutMs?: number;
  /** The call outlives the page (a navigation or a closing tab does not abort it); bodies up to 64 KB. */
  keepalive?: boolean;
  /** Signs with this appId (the upload credential call wants 1000). */
  appId?: number;
  /** Extra request headers (the parent page's `parent-token`). */
  headers?: Record<string, string>;
}

type CallInput<M extends Method, P extends string> = Part<'query', Given<At<M, P>, 'query'>> & Part<'body', Given<At<M, P>, 'body'>> & Part<'params', Given<At<M, P>, 'params'>> & CallOptions;
/** The input may be left out when nothing in it is required. */
type CallArgs<M extends Method, P extends string> = object extends CallInput<M, P> ? [input?: CallInput<M, P>] : [input: CallInput<M, P>];
/** The `data` of the operation's success envelope. */
export type CallResult<M extends Method, P extends string> = Static<At<M, P>['response']> extends { data: infer D } ? D : never;
/** The body a POST at this path takes, for callers that pass one along. */
export type BodyOf<P extends PathOf<'POST'>> = Given<At<'POST', P>, 'body'>;

export interface ApiClient {
  get<P extends PathOf<'GET'>>(path: P, ...args: CallArgs<'GET', P>): Promise<CallResult<'GET', P>>;
  post<P extends PathOf<'POST'>>(path: P, ...args: CallArgs<'POST', P>): Promise<CallResult<'POST', P>>;
}
