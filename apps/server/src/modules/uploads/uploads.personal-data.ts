import { eq } from 'drizzle-orm';
import type { PersonalData } from '../../shared/personal-data';
import { uploadSessions } from './uploads.schema';

/**
 * The account's uploads: finished ones' objects are deleted, open multipart uploads aborted, before
 * the rows go. Not a file of the export: the songs and outfits they became are, with links.
 */
export const uploadsPersonalData: PersonalData = {
  tables: [uploadSessions],
  async erase({ tx, person, removeObjects, count }) {
    const uploads = await tx.select({ key: uploadSessions.objectKey, storageUploadId: uploadSessions.storageUploadId, state: uploadSessions.state }).from(uploadSessions).where(eq(uploadSessions.uid, person.uid));
    await removeObjects({
      keys: uploads.filter((u) => u.state !== 'open').map((u) => u.key),
      openUploads: uploads.filter((u) => u.state === 'open').map(({ key, storageUploadId }) => ({ key, storageUploadId })),
    });
    count('uploads', (await tx.delete(uploadSessions).where(eq(uploadSessions.uid, person.uid)).returning({ id: uploadSessions.id })).length);
  },
};
