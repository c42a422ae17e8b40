/**
 * The creator feature's query keys, shared by the list and the submission that makes it out of
 * date. A page of submissions belongs to the session that asked for it (`viewer`, its uid), so one
 * account never sees another's rows from the cache.
 */
export const outfitKeys = {
  all: ['outfits'] as const,
  page: (viewer: string | null, page: number) => ['outfits', 'page', viewer, page] as const,
};
