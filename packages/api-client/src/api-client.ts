import { AppError } from '@vsp/contract/app-error';
import { APP_ID_DEFAULT, HTTP_TIMEOUT_MS } from '@vsp/contract/constants';
import { STATUS_OK, isFailure } from '@vsp/contract/envelope';
import type { ErrorCode } from '@vsp/contract/error-catalogue';
import { Errors } from '@vsp/contract/error-codes';
import { signParams, stripEmpty, type Params } from '@vsp/contract/signing';
import type { ApiClient, CallOptions, Method } from './call-types';

/**
 * The one client of the /v1 API (decision 0116). It signs the query of a GET and the body of a POST
 * (spec section 7), sends the session's `token` and `uid`, gives up after 20 s, resolves with the
 * envelope's `data` and rejects with the contract's AppError or a NetworkError. No toast, no
 * redirect: callers decide what the user sees.
 */

/** The request never got an answer: offline, refused, or over the time limit. */
export class NetworkError extends Error {
  constructor(readonly reason: 'offline' | 'timeout', options?: { cause?: unknown }) {
    super(reason === 'timeout' ? 'request timed out' : 'network unreachable', options);
    this.name = 'NetworkError';
  }
}

export type ApiSession = { token: string; uid: string | number };

export interface ApiClientOptions {
  /** Where the API is; the page's own origin when empty. */
  baseUrl?: string;
  /** The public signing secret of an appId (the page config's `signSecrets`); a call goes unsigned without one. */
  signing: { appId?: number; secretFor: (appId: number) => string | undefined };
  /** The session whose headers go with each call, read at call time. */
  session?: () => ApiSession | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** A call that carried a session was refused with a catalogue error; the app decides whether the session is over. */
  onSessionRefused?: (error: AppError) => void;
}

type Input = { query?: Params; body?: Params; params?: Record<string, string | number> } & CallOptions;

/** A signed query: objects as JSON, like the body they would be in. */
function queryString(params: Params): string {
  const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]));
  return search.size ? `?${search}` : '';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function call(method: Method, path: string, input: Input = {}): Promise<unknown> {
    const appId = input.appId ?? options.signing.appId ?? APP_ID_DEFAULT;
    const secret = options.signing.secretFor(appId);
    const sign = (params: Params) => (secret ? signParams(params, { appId, secret }) : stripEmpty(params));
    const body = method === 'POST' ? sign(input.body ?? {}) : undefined;
    const query = method === 'GET' ? queryString(sign(input.query ?? {})) : '';
    const url = `${options.baseUrl ?? ''}${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input.params?.[name])))}${query}`;

    const session = options.session?.();
    const headers = { accept: 'application/json', pf: '3', ...(session ? { token: session.token, uid: String(session.uid) } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...input.headers };

    const timeout = AbortSignal.timeout(input.timeoutMs ?? options.timeoutMs ?? HTTP_TIMEOUT_MS);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body: body ? JSON.stringify(body) : null, signal, ...(input.keepalive ? { keepalive: true } : {}) });
    } catch (error) {
      if (input.signal?.aborted) throw error;
      throw new NetworkError(timeout.aborted ? 'timeout' : 'offline', { cause: error });
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch (error) {
      if (timeout.aborted) throw new NetworkError('timeout', { cause: error });
      throw new AppError(response.ok ? Errors.InternalError : Errors.ServerUnavailable, { message: response.statusText, cause: error });
    }
    if ((payload as { status?: unknown } | null)?.status === STATUS_OK) return (payload as { data: unknown }).data;
    if (!isFailure(payload)) throw new AppError(Errors.InternalError, { message: 'malformed response' });
    // A newer server may answer a code this build does not name; it still travels as its number.
    const { code, message, params, fields } = payload.errInfo;
    const error = new AppError(code as ErrorCode, { message, params, fields });
    if (session) options.onSessionRefused?.(error);
    throw error;
  }

  return {
    get: (path, ...[input]) => call('GET', path, input as Input) as never,
    post: (path, ...[input]) => call('POST', path, input as Input) as never,
  };
}
