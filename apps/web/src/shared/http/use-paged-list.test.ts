import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { pageCountOf, pageInRange, pageQuery, type PageSource } from './use-paged-list';

type Rows = { rows: number[]; total: number; pageSize: number };

/** A list of `total` rows, `pageSize` a page, that the test can shrink. */
function rowsSource(list: { total: number }, pageSize = 10) {
  const fetchPage = vi.fn((page: number) => Promise.resolve<Rows>({ rows: [page], total: list.total, pageSize }));
  const source: PageSource<Rows> = { queryKey: (page) => ['rows', page], fetchPage };
  return { source, fetchPage };
}

describe('the paged list', () => {
  it('counts its pages from the total and the page size, one at the least', () => {
    expect(pageCountOf(undefined)).toBe(1);
    expect(pageCountOf({ total: 0, pageSize: 10 })).toBe(1);
    expect(pageCountOf({ total: 10, pageSize: 10 })).toBe(1);
    expect(pageCountOf({ total: 11, pageSize: 10 })).toBe(2);
    expect(pageCountOf({ total: 41, pageSize: 20 })).toBe(3);
  });

  it('asks the feature’s fetcher for the page under the feature’s key, with the query’s abort signal', async () => {
    const { source, fetchPage } = rowsSource({ total: 25 });
    const observer = new QueryObserver(createQueryClient(), pageQuery(source, 2));
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toEqual({ rows: [2], total: 25, pageSize: 10 });
    expect(observer.getCurrentResult().data && pageCountOf(observer.getCurrentResult().data)).toBe(3);
    expect(pageQuery(source, 2).queryKey).toEqual(['rows', 2]);
    expect(fetchPage).toHaveBeenCalledWith(2, expect.any(AbortSignal));
    stop();
  });

  it('moves back to the last page when the list shrinks under the page shown, and only on that page’s own answer', async () => {
    const list = { total: 25 };
    const { source } = rowsSource(list);
    const observer = new QueryObserver(createQueryClient(), pageQuery(source, 3));
    const stop = observer.subscribe(() => undefined);
    const inRange = (page: number) => pageInRange(page, observer.getCurrentResult());
    /** The list now holds `total` rows, and the page shown has answered so. */
    const shrinkTo = async (total: number) => {
      list.total = total;
      void observer.refetch();
      await expect.poll(() => observer.getCurrentResult().data?.total).toBe(total);
    };
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);
    expect(inRange(3)).toBe(3);

    // Five rows deleted: page 3 is past the end, and its fresh answer says so.
    await shrinkTo(20);
    expect(inRange(3)).toBe(2);

    // A page asked for beyond the end shows the page before as a stand-in: that decides nothing.
    observer.setOptions(pageQuery(source, 4));
    expect(observer.getCurrentResult().isPlaceholderData).toBe(true);
    expect(inRange(4)).toBe(4);
    await expect.poll(() => observer.getCurrentResult().isPlaceholderData).toBe(false);
    expect(inRange(4)).toBe(2);

    // Emptied: one page, the first.
    await shrinkTo(0);
    expect(inRange(4)).toBe(1);
    stop();
  });
});
