import { MutationCache, QueryClient, queryOptions } from '@tanstack/react-query';
import { NetworkError } from '@vsp/api-client/api-client';
import { consoleAccountDeletionsPath } from '@vsp/contract/endpoints/account-data';
import { consoleAnalyticsDailyPath } from '@vsp/contract/endpoints/analytics-daily';
import { consoleAuditPath, consoleReviewQueuePath, consoleUserSearchPath } from '@vsp/contract/endpoints/console';
import { consoleGiftPacksPath, consoleOrderPath, consoleOrderSearchPath, consoleUncreditedOrdersPath, consoleUserWalletPath } from '@vsp/contract/endpoints/console-operations';
import { campaignCodesPath, giftCampaignsPath } from '@vsp/contract/endpoints/gift-codes';
import { consoleLabelOverridesPath } from '@vsp/contract/endpoints/labels';
import { operatorInvitationsPath, operatorMePath, operatorsPath } from '@vsp/contract/endpoints/operators';
import { rechargeStatusPath } from '@vsp/contract/endpoints/recharge';
import { consoleSiteSettingsPath } from '@vsp/contract/endpoints/site-settings';
import { labelListPath, type PublishedLabelEntry } from '@vsp/contract/label-assets';
import { api } from './api';

/**
 * The console's server state (decision 0119): every query's key and fetcher, in one place. A key
 * starts with its group; a write names the groups it changes and those queries refetch.
 */
export type QueryGroup = 'operators' | 'me' | 'review' | 'users' | 'account-deletions' | 'wallets' | 'orders' | 'campaigns' | 'gift-packs' | 'switches' | 'site-settings' | 'labels' | 'audit' | 'analytics' | 'outfit-archives';

declare module '@tanstack/react-query' {
  interface Register {
    /** `invalidates`: the groups a write changes; the audit log changes with every one. */
    mutationMeta: { invalidates?: readonly QueryGroup[] };
  }
}

export const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    // Shown data is refetched whenever its page opens (staleTime 0). A failure shows at once with
    // its Retry button, and a window regaining focus refetches nothing, as before TanStack Query.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
  mutationCache: new MutationCache({
    // Awaited before the mutation counts as done, so its message appears beside fresh lists.
    onSuccess: async (_data, _variables, _context, mutation) => {
      const groups = mutation.meta?.invalidates;
      if (!groups) return;
      const stale = new Set<unknown>([...groups, 'audit']);
      await queryClient.invalidateQueries({ predicate: ({ queryKey }) => stale.has(queryKey[0]) });
    },
  }),
});

export const queries = {
  /** The signed-in operator: roles, factors, this session's second factor and what each operation needs. */
  me: () => queryOptions({ queryKey: ['me'], queryFn: () => api.get(operatorMePath) }),
  operators: () => queryOptions({ queryKey: ['operators'], queryFn: () => api.get(operatorsPath) }),
  operatorInvitations: () => queryOptions({ queryKey: ['operators', 'invitations'], queryFn: async () => api.get(operatorInvitationsPath) }),
  // Asked again every 15 s: another operator's claims and decisions show without a reload.
  reviewQueue: () => queryOptions({ queryKey: ['review'], queryFn: () => api.get(consoleReviewQueuePath), refetchInterval: 15_000 }),
  users: (q: string) => queryOptions({ queryKey: ['users', q], queryFn: async () => (await api.get(consoleUserSearchPath, { query: { q } })).users }),
  wallet: (uid: number, page: number, pageSize: number) =>
    queryOptions({ queryKey: ['wallets', uid, page, pageSize], queryFn: () => api.get(consoleUserWalletPath, { query: { uid, page, pageSize } }) }),
  orders: (q: string) => queryOptions({ queryKey: ['orders', 'search', q], queryFn: async () => (await api.get(consoleOrderSearchPath, { query: { q } })).orders }),
  uncredited: () => queryOptions({ queryKey: ['orders', 'uncredited'], queryFn: async () => (await api.get(consoleUncreditedOrdersPath)).orders }),
  order: (orderNo: string) => queryOptions({ queryKey: ['orders', 'detail', orderNo], queryFn: () => api.get(consoleOrderPath, { query: { orderNo } }) }),
  giftPacks: () => queryOptions({ queryKey: ['gift-packs'], queryFn: async () => (await api.get(consoleGiftPacksPath)).packs }),
  campaigns: () => queryOptions({ queryKey: ['campaigns'], queryFn: () => api.get(giftCampaignsPath) }),
  campaignCodes: (id: number) => queryOptions({ queryKey: ['campaigns', id, 'codes'], queryFn: () => api.get(campaignCodesPath, { params: { id } }) }),
  // A form opens on what the server has now, never on a kept copy that the refetch of its opening
  // would replace under the operator's typing: their data goes once their page closes (gcTime 0).
  switches: () => queryOptions({ queryKey: ['switches'], queryFn: () => api.get(rechargeStatusPath), gcTime: 0 }),
  siteSettings: () => queryOptions({ queryKey: ['site-settings'], queryFn: () => api.get(consoleSiteSettingsPath), gcTime: 0 }),
  labels: () => queryOptions({ queryKey: ['labels'], queryFn: loadLabels }),
  audit: (limit: number) => queryOptions({ queryKey: ['audit', limit], queryFn: () => api.get(consoleAuditPath, { query: { limit } }) }),
  accountDeletions: () => queryOptions({ queryKey: ['account-deletions'], queryFn: () => api.get(consoleAccountDeletionsPath) }),
  analyticsDaily: (days: number) => queryOptions({ queryKey: ['analytics', days], queryFn: () => api.get(consoleAnalyticsDailyPath, { query: { days } }) }),
  /** A stored outfit archive for the 3D preview (the object store's URL, not the API); it never changes. */
  outfitArchive: (url: string) =>
    queryOptions({ queryKey: ['outfit-archives', url], queryFn: () => download(url), staleTime: Infinity, structuralSharing: false, gcTime: 0 }),
};

/** Refetches everything shown from the API (an archive once downloaded stays: its upload never changes). */
export function refreshShown(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== 'outfit-archives' });
}

export type Labels = Awaited<ReturnType<typeof loadLabels>>;

/** The published catalogue (the website's own download, unsigned) and the drafts of the console. */
async function loadLabels() {
  const [published, overrides] = await Promise.all([download(`${labelListPath}?t=${Date.now()}`, 'json'), api.get(consoleLabelOverridesPath)]);
  return { published: published as PublishedLabelEntry[], overrides };
}

/** A file the server serves outside the API; no answer or a refusal reads as the server not reached. */
async function download(url: string): Promise<Uint8Array>;
async function download(url: string, as: 'json'): Promise<unknown>;
async function download(url: string, as?: 'json'): Promise<unknown> {
  const response = await fetch(url, as ? { headers: { accept: 'application/json' } } : {}).catch(() => {
    throw new NetworkError('offline');
  });
  if (!response.ok) throw new NetworkError('offline');
  return as ? response.json() : new Uint8Array(await response.arrayBuffer());
}
