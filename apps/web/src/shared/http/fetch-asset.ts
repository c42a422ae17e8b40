import { NetworkError } from '@vsp/api-client/api-client';
import { HTTP_TIMEOUT_MS } from '@vsp/contract/constants';

/** A published asset answered with a status other than 2xx. */
export class AssetError extends Error {
  constructor(readonly httpStatus: number, url: string) {
    super(`${url} answered ${httpStatus}`);
    this.name = 'AssetError';
  }
}

/**
 * GET of an unsigned, non-envelope resource (the label files, the country lookup): same timeout
 * as every call, NetworkError when no answer comes, AssetError on a failing status.
 */
export async function fetchAsset(
  path: string,
  options: { query?: Record<string, string | number | undefined>; timeoutMs?: number; accept?: string } = {},
): Promise<Response> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) search.set(key, String(value));
  const url = search.size ? `${path}?${search}` : path;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal: timeout, headers: { accept: options.accept ?? 'application/json' } });
  } catch (error) {
    throw new NetworkError(timeout.aborted ? 'timeout' : 'offline', { cause: error });
  }
  if (!response.ok) throw new AssetError(response.status, url);
  return response;
}
