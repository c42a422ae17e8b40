import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { NetworkError } from '@vsp/api-client/api-client';
import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { createQueryClient } from '../../../shared/http/query-client';
import { listOutfits } from '../api/list-outfits';
import { outfitListState, outfitPageQuery } from './use-outfit-list';

vi.mock(import('../api/list-outfits'), async (importOriginal) => ({ ...(await importOriginal()), listOutfits: vi.fn() }));

const list = vi.mocked(listOutfits);
const pageOf = (page: number) => ({ items: [], page, pageSize: 10, total: 25 }) as unknown as OutfitPage;

/** A page request the test answers when it wants to. */
function held() {
  let settle!: { resolve: (page: OutfitPage) => void; reject: (error: unknown) => void };
  list.mockImplementationOnce(() => new Promise<OutfitPage>((resolve, reject) => (settle = { resolve, reject })));
  return () => settle;
}

describe('the outfit list', () => {
  beforeEach(() => list.mockReset());

  it('keeps the shown page while the next loads, shows its error, and loads again with a retry', async () => {
    const first = held();
    const observer = new QueryObserver(createQueryClient(), outfitPageQuery('10000001', 1));
    const stop = observer.subscribe(() => undefined);
    const state = (page: number) => outfitListState(page, observer.getCurrentResult());
    await expect.poll(() => list).toHaveBeenCalledTimes(1);
    expect(state(1)).toEqual({ status: 'loading', page: 1 });
    first().resolve(pageOf(1));
    await expect.poll(() => state(1)).toEqual({ status: 'ready', page: 1, data: pageOf(1) });

    const second = held();
    observer.setOptions(outfitPageQuery('10000001', 2));
    await expect.poll(() => list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[1]?.slice(0, 2)).toEqual([2, 10]);
    expect(state(2)).toEqual({ status: 'loading', page: 2, data: pageOf(1) });
    const failure = new NetworkError('timeout');
    second().reject(failure);
    await expect.poll(() => state(2)).toEqual({ status: 'error', page: 2, error: failure });

    const retry = held();
    void observer.refetch();
    await expect.poll(() => list).toHaveBeenCalledTimes(3);
    expect(state(2).status).toBe('loading');
    retry().resolve(pageOf(2));
    await expect.poll(() => state(2)).toEqual({ status: 'ready', page: 2, data: pageOf(2) });

    // A shown page that fails to refresh says so; asked again, it loads with its rows still there.
    const refresh = held();
    void observer.refetch();
    refresh().reject(failure);
    await expect.poll(() => state(2)).toEqual({ status: 'error', page: 2, error: failure });
    const again = held();
    void observer.refetch();
    await expect.poll(() => list).toHaveBeenCalledTimes(5);
    expect(state(2)).toEqual({ status: 'loading', page: 2, data: pageOf(2) });
    again().resolve(pageOf(2));
    await expect.poll(() => state(2).status).toBe('ready');
    stop();
  });

  it('never shows one viewer the rows cached for another', () => {
    expect(outfitPageQuery('10000001', 1).queryKey).not.toEqual(outfitPageQuery('10000002', 1).queryKey);
  });
});
