import { HTTP_TIMEOUT_MS } from '@vsp/contract/constants';
import { STATUS_OK, isFailure, type Failure } from '@vsp/contract/envelope';
import { Errors } from '@vsp/contract/error-codes';
import { signParams, stripEmpty, type Params } from '@vsp/contract/signing';
import { APP_ID_DEFAULT } from '@vsp/contract/constants';

/**
 * The one HTTP client of the website. It signs /v1 calls (spec section 7), times out after
 * 20 000 ms, resolves with `data` when status is 1 and rejects otherwise. It raises no toast and
 * moves no window: callers decide what the user sees.
 */

/** The server answered with a failure envelope (status not 1). */
export class ApiError extends Error {
  constructor(
    readonly body: Failure,
    readonly httpStatus: number,
  ) {
    super(body.errInfo.message);
    this.name = 'ApiError';
  }
  get code(): number {
    return this.body.errInfo.code;
  }
}

/** The request never got an answer: offline, refused, or over the time limit. */
export class NetworkError extends Error {
  constructor(
    readonly reason: 'offline' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'request timed out' : 'network unreachable', options);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Params;
  body?: Params;
  headers?: Record<string, string>;
  /** 1004 by default; 1000 for the upload credential call. */
  appId?: number;
  signed?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The call outlives the page (a navigation or a closing tab does not abort it); bodies up to 64 KB. */
  keepalive?: boolean;
}

export interface HttpClientOptions {
  baseUrl?: string;
  /** The public signing secret of an appId. */
  secretFor: (appId: number) => string | undefined;
  /** Headers sent with every call (session token and uid). */
  defaultHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
}

function toQueryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const method = init.method ?? (init.body ? 'POST' : 'GET');
    const shouldSign = init.signed ?? path.startsWith('/v1/');
    const appId = init.appId ?? APP_ID_DEFAULT;
    const secret = options.secretFor(appId);
    const sign = (params: Params) => (shouldSign && secret ? signParams(params, { appId, secret }) : stripEmpty(params));

    let query = init.query ? stripEmpty(init.query) : undefined;
    let body = init.body ? stripEmpty(init.body) : undefined;
    if (method === 'GET' || method === 'DELETE') query = sign(query ?? {});
    else body = sign(body ?? {});

    const headers: Record<string, string> = { accept: 'application/json', pf: '3', ...options.defaultHeaders?.(), ...init.headers };
    if (body) headers['content-type'] = 'application/json';

    const timeout = AbortSignal.timeout(init.timeoutMs ?? HTTP_TIMEOUT_MS);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl ?? ''}${path}${query ? toQueryString(query) : ''}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : null,
        signal,
        ...(init.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new NetworkError(timeout.aborted ? 'timeout' : 'offline', { cause: error });
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch (error) {
      if (timeout.aborted) throw new NetworkError('timeout', { cause: error });
      throw new ApiError({ status: 0, errInfo: { code: response.ok ? Errors.InternalError : Errors.ServerUnavailable, message: response.statusText } }, response.status);
    }
    if (typeof payload === 'object' && payload !== null && (payload as { status?: unknown }).status === STATUS_OK) {
      return (payload as { data: T }).data;
    }
    if (isFailure(payload)) throw new ApiError(payload, response.status);
    throw new ApiError({ status: 0, errInfo: { code: Errors.InternalError, message: 'malformed response' } }, response.status);
  }

  return { request };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
