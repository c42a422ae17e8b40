/** How long a page's code may take to load (spec section 9). */
const PAGE_CHUNK_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded: the request failed, or it took longer than the limit. */
export class PageChunkError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'page chunk load timed out' : 'page chunk failed to load', options);
    this.name = 'PageChunkError';
  }
}

/**
 * Wraps a lazy route loader: a failed import, or one still pending after 120 s (spec section 9,
 * page-chunk load timeout), rejects with PageChunkError.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = PAGE_CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PageChunkError('timeout')), timeoutMs);
      load()
        .then(resolve, (error: unknown) => reject(new PageChunkError('failed', { cause: error })))
        .finally(() => clearTimeout(timer));
    });
}

/**
 * A lazy route loader that never rejects: when the page's code cannot be loaded it resolves with
 * `onFailure(error)` (the error page with its retry). React Router keeps treating a route whose
 * lazy function rejected as still loading and renders nothing for it, so the failure has to
 * arrive as a page.
 */
export function lazyPage<T>(load: () => Promise<T>, onFailure: (error: PageChunkError) => T, timeoutMs = PAGE_CHUNK_TIMEOUT_MS): () => Promise<T> {
  const guarded = withChunkTimeout(load, timeoutMs);
  return () => guarded().catch((error: unknown) => onFailure(error instanceof PageChunkError ? error : new PageChunkError('failed', { cause: error })));
}
