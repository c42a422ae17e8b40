import { useCallback, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, type QueryKey, type QueryObserverResult } from '@tanstack/react-query';

/** What every page of a paged list answers beside its rows (the rows' name differs by list). */
export interface PageCount {
  total: number;
  pageSize: number;
}

/**
 * Where a list's pages come from: the feature's query key of one page and its fetcher, both from
 * the operation's file in the feature's api/ folder (decision 0169). The key names whose session asks (its `viewer`), so one account never
 * sees another's rows from the cache.
 */
export interface PageSource<Page> {
  queryKey: (page: number) => QueryKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page>;
}

/** Loading (with the rows shown before, while there are any), ready, or failed. */
export type PagedListState<Page> = { status: 'loading'; data?: Page } | { status: 'ready'; data: Page } | { status: 'error'; error: unknown };

/** What every paged list of the website gives its table and its `Pager`. */
export interface PagedList<Page> {
  state: PagedListState<Page>;
  /** The page asked for, from 1. */
  page: number;
  /** How many pages there are: 1 until the first answer, and for an empty list. */
  pages: number;
  setPage: (page: number) => void;
  /** Asks for the page shown again (the retry of an error). */
  reload: () => void;
  /** After a new submission (which marks every page out of date): back to the first page, where it shows. */
  showFirstPage: () => void;
}

/** One page of a list; while it loads, the page shown before stands in for it. */
export function pageQuery<Page>(source: PageSource<Page>, page: number) {
  return queryOptions({
    queryKey: source.queryKey(page),
    queryFn: ({ signal }) => source.fetchPage(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many pages an answer spans: one at the least (an empty list is one empty page), one before any answer. */
export function pageCountOf(answer: PageCount | undefined): number {
  return answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
}

/** The list's state: loading whenever the page is being asked for (with the rows it has), then ready or error. */
export function pagedListState<Page>(query: Pick<QueryObserverResult<Page>, 'data' | 'error' | 'isError' | 'isFetching' | 'isSuccess'>): PagedListState<Page> {
  if (!query.isFetching && query.isError) return { status: 'error', error: query.error };
  if (!query.isFetching && query.isSuccess && query.data !== undefined) return { status: 'ready', data: query.data };
  return query.data === undefined ? { status: 'loading' } : { status: 'loading', data: query.data };
}

/**
 * The page to show instead of `page` once the asked page's own answer has fewer pages than that
 * (its rows were deleted or moved on since): the last one there is. A stand-in answer (the page
 * shown before) decides nothing.
 */
export function pageInRange(page: number, query: Pick<QueryObserverResult<PageCount>, 'data' | 'isPlaceholderData' | 'isSuccess'>): number {
  if (!query.isSuccess || query.isPlaceholderData) return page;
  return Math.min(page, pageCountOf(query.data));
}

/**
 * The website's one paged list (songs, uploads, orders): the page asked for, its query (the rows
 * shown stay on screen until the next page arrives), how many pages there are, and the page moved
 * back into range when the list shrinks.
 */
export function usePagedList<Page extends PageCount>(source: PageSource<Page>): PagedList<Page> {
  const [page, setPage] = useState(1);
  const query = useQuery(pageQuery(source, page));
  const inRange = pageInRange(page, query);
  // Adjusting state while rendering (React's way for state that follows an answer, where an effect
  // would paint the page past the end first): the last page is asked for at once.
  if (inRange !== page) setPage(inRange);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const showFirstPage = useCallback(() => setPage(1), []);
  return { state: pagedListState(query), page, pages: pageCountOf(query.data), setPage, reload, showFirstPage };
}
