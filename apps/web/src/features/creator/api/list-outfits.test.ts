import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { NetworkError } from '@vsp/api-client/api-client';
import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { listOutfitsPath } from '@vsp/contract/outfit-submissions';
import { api } from '../../../shared/http/api';
import { createQueryClient } from '../../../shared/http/query-client';
import { pageQuery, pagedListState } from '../../../shared/http/use-paged-list';
import { outfitPages } from './list-outfits';

vi.mock(import('../../../shared/http/api'), () => ({ api: { get: vi.fn() } }) as never);

/** The one client's GET, as the creator's list calls it. */
const list = api.get as unknown as Mock<(path: string, options: { query: { page: number; pageSize: number }; signal?: AbortSignal }) => Promise<OutfitPage>>;
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
    const observer = new QueryObserver(createQueryClient(), pageQuery(outfitPages('10000001'), 1));
    const stop = observer.subscribe(() => undefined);
    const state = () => pagedListState(observer.getCurrentResult());
    await expect.poll(() => list).toHaveBeenCalledTimes(1);
    expect(state()).toEqual({ status: 'loading' });
    first().resolve(pageOf(1));
    await expect.poll(() => state()).toEqual({ status: 'ready', data: pageOf(1) });

    const second = held();
    observer.setOptions(pageQuery(outfitPages('10000001'), 2));
    await expect.poll(() => list).toHaveBeenCalledTimes(2);
    expect(list.mock.calls[1]?.[0]).toBe(listOutfitsPath);
    expect(list.mock.calls[1]?.[1].query).toEqual({ page: 2, pageSize: 10 });
    expect(state()).toEqual({ status: 'loading', data: pageOf(1) });
    const failure = new NetworkError('timeout');
    second().reject(failure);
    await expect.poll(() => state()).toEqual({ status: 'error', error: failure });

    const retry = held();
    void observer.refetch();
    await expect.poll(() => list).toHaveBeenCalledTimes(3);
    expect(state().status).toBe('loading');
    retry().resolve(pageOf(2));
    await expect.poll(() => state()).toEqual({ status: 'ready', data: pageOf(2) });

    // A shown page that fails to refresh says so; asked again, it loads with its rows still there.
    const refresh = held();
    void observer.refetch();
    refresh().reject(failure);
    await expect.poll(() => state()).toEqual({ status: 'error', error: failure });
    const again = held();
    void observer.refetch();
    await expect.poll(() => list).toHaveBeenCalledTimes(5);
    expect(state()).toEqual({ status: 'loading', data: pageOf(2) });
    again().resolve(pageOf(2));
    await expect.poll(() => state().status).toBe('ready');
    stop();
  });

  it('never shows one viewer the rows cached for another', () => {
    expect(pageQuery(outfitPages('10000001'), 1).queryKey).not.toEqual(pageQuery(outfitPages('10000002'), 1).queryKey);
  });
});
