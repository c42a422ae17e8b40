/**
 * The music feature's query keys that a write makes out of date, shared by the list and the
 * submission. A page of the list belongs to the session that asked for it (`viewer`, its uid), so
 * one account never sees another's rows from the cache.
 */
export const musicKeys = {
  all: ['music'] as const,
  page: (viewer: string | null, page: number) => ['music', 'page', viewer, page] as const,
};
