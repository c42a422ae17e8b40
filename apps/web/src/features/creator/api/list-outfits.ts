import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { listOutfitsPath } from '@vsp/contract/outfit-submissions';
import { api } from '../../../shared/http/api';
import type { PageSource } from '../../../shared/http/use-paged-list';

/**
 * The creator feature's query keys. A page of submissions belongs to the session that asked for it
 * (`viewer`, its uid), so one account never sees another's rows from the cache.
 */
export const outfitKeys = {
  all: ['outfits'] as const,
  page: (viewer: string | null, page: number) => ['outfits', 'page', viewer, page] as const,
};

export const OUTFIT_PAGE_SIZE = 10;

/** One page of the logged-in creator's submissions, newest first. */
export function listOutfits(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get(listOutfitsPath, { query: { page, pageSize }, signal });
}

/** The creator's list of submissions, a page at a time, as `viewer`'s session sees it. */
export function outfitPages(viewer: string | null): PageSource<OutfitPage> {
  return { queryKey: (page) => outfitKeys.page(viewer, page), fetchPage: (page, signal) => listOutfits(page, OUTFIT_PAGE_SIZE, signal) };
}
