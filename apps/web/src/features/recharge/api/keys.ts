/**
 * The top-up feature's query keys that a write makes out of date: a refused order, the catalogues.
 * A catalogue depends on the session too (`viewer`, its uid): its purchase counts are shown to the
 * account's signed-in owner only (decision 0095).
 */
export const rechargeKeys = {
  catalogues: ['recharge', 'catalogue'] as const,
  catalogue: (uid: number, country: string | undefined, viewer: string | null) => ['recharge', 'catalogue', uid, country ?? null, viewer] as const,
};
