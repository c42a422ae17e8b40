import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { giftCampaigns, giftCodes, giftRedemptions } from './gift-codes.schema';

/**
 * The gift codes the account redeemed. The erasure keeps the redemptions and a code's `usedBy`:
 * they hold the once-per-account caps and the ledger's references, and name only the account ID,
 * whose name becomes the pseudonym (decision 0134).
 */
export const giftCodesPersonalData = (db: Database): PersonalData => ({
  tables: [giftCodes, giftRedemptions],
  async export({ uid }) {
    const rows = await db
      .select({ id: giftRedemptions.id, campaign: giftCampaigns.name, code: giftRedemptions.code, contents: giftCampaigns.contents, createdAt: giftRedemptions.createdAt })
      .from(giftRedemptions)
      .innerJoin(giftCampaigns, eq(giftCampaigns.id, giftRedemptions.campaignId))
      .where(eq(giftRedemptions.uid, uid))
      .orderBy(desc(giftRedemptions.createdAt), desc(giftRedemptions.id));
    return [{ path: 'gift-code-redemptions.json', about: 'gift codes you redeemed', content: rows.map((r) => ({ ...r, createdAt: isoOf(r.createdAt) })) }];
  },
  async erase() {},
});
