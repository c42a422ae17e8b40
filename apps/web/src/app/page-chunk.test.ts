import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageChunkError, lazyPage, withChunkTimeout } from './page-chunk';

describe('page chunk loading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('surfaces a chunk still pending after 120 s as a timeout, not earlier', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => undefined));
    const outcome = load().then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    const early = await Promise.race([outcome, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PageChunkError);
    expect((error as PageChunkError).reason).toBe('timeout');
  });

  it('passes a loaded module through and turns an import failure into a chunk error', async () => {
    await expect(withChunkTimeout(async () => ({ Component: 'page' }))()).resolves.toEqual({ Component: 'page' });
    const failed = await withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PageChunkError);
    expect((failed as PageChunkError).reason).toBe('failed');
  });

  it('resolves a failed page with the fallback instead of rejecting', async () => {
    const load = lazyPage(
      () => Promise.reject(new Error('offline')),
      (error) => ({ failed: error.reason }),
    );
    await expect(load()).resolves.toEqual({ failed: 'failed' });
  });
});
