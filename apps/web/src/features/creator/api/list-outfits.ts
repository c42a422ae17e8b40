import type { OutfitPage } from '@vsp/contract/endpoints/outfits';
import { listOutfitsPath } from '@vsp/contract/outfit-submissions';
import { api } from '../../../shared/http/api';
import { usePagedList, type PageSource } from '../../../shared/http/use-paged-list';
import { outfitKeys } from './keys';

export const OUTFIT_PAGE_SIZE = 10;

/** One page of the logged-in creator's submissions, newest first. */
export function listOutfits(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get(listOutfitsPath, { query: { page, pageSize }, signal });
}

/** The creator's list of submissions, a page at a time, as `viewer`'s session sees it. */
export function outfitPages(viewer: string | null): PageSource<OutfitPage> {
  return { queryKey: (page) => outfitKeys.page(viewer, page), fetchPage: (page, signal) => listOutfits(page, OUTFIT_PAGE_SIZE, signal) };
}

/** The creator's submissions as the website's one paged list. */
export function useOutfitList(viewer: string | null) {
  return usePagedList(outfitPages(viewer));
}
