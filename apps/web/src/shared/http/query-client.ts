import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from '@vsp/api-client/api-client';

/** How many more times a read that reached nobody is tried before its error shows. */
const UNREACHED_RETRIES = 2;

/**
 * A read is tried again only when no answer came back at all (offline, connection refused). An
 * AppError is the server's answer (a catalogue code: a missing order, a refused session), and a
 * timeout has already made the visitor wait 20 s: both show at once.
 */
export function retryUnreached(failureCount: number, error: unknown): boolean {
  return error instanceof NetworkError && error.reason === 'offline' && failureCount < UNREACHED_RETRIES;
}

/**
 * The website's server-state cache (decision 0118): one per page in the browser, one per render in
 * the prerender, so nothing one visitor sees is kept for another.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUnreached,
        // The pages refresh what the visitor changes (a write invalidates its lists) and the order
        // inquiry polls on its own; a refetch whenever the tab regains focus would only cost requests.
        refetchOnWindowFocus: false,
        // A call is tried whatever the browser says about the network: the page shows the network
        // error and its retry instead of waiting, paused, for an `online` event that may not come.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
