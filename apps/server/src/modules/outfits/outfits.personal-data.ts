import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { outfitSubmissions } from './outfits.schema';

/**
 * The outfits the account submitted, each finished one with a link to its archive; the erasure
 * deletes the archives, then the rows. A claimer's ID on someone else's outfit names an operator.
 */
export const outfitsPersonalData = (db: Database): PersonalData => ({
  tables: [outfitSubmissions],
  async export({ uid }, { objectUrl }) {
    const rows = await db
      .select({
        id: outfitSubmissions.id,
        gender: outfitSubmissions.gender,
        componentType: outfitSubmissions.componentType,
        objectKey: outfitSubmissions.objectKey,
        sizeBytes: outfitSubmissions.size,
        uploadStatus: outfitSubmissions.uploadStatus,
        reviewState: outfitSubmissions.reviewState,
        reviewCategory: outfitSubmissions.reviewCategory,
        reviewNote: outfitSubmissions.reviewReason,
        createdAt: outfitSubmissions.createdAt,
      })
      .from(outfitSubmissions)
      .where(eq(outfitSubmissions.uid, uid))
      .orderBy(desc(outfitSubmissions.createdAt), desc(outfitSubmissions.id));
    const content = rows.map(({ objectKey, ...outfit }) => ({ ...outfit, url: outfit.uploadStatus === 'success' ? objectUrl(objectKey) : null, createdAt: isoOf(outfit.createdAt) }));
    return [{ path: 'uploads/outfits.json', about: 'outfits you submitted, with a link to each archive', content }];
  },
  async erase({ tx, person, removeObjects, count }) {
    const outfits = await tx.select({ key: outfitSubmissions.objectKey }).from(outfitSubmissions).where(eq(outfitSubmissions.uid, person.uid));
    await removeObjects({ keys: outfits.map((outfit) => outfit.key) });
    count('outfits', (await tx.delete(outfitSubmissions).where(eq(outfitSubmissions.uid, person.uid)).returning({ id: outfitSubmissions.id })).length);
  },
});
