import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { musicSubmissions } from './music.schema';

/**
 * The songs the account submitted, each with a link to its file; the erasure deletes the files,
 * then the rows. A reviewer's or claimer's ID on someone else's song names an operator.
 */
export const musicPersonalData = (db: Database): PersonalData => ({
  tables: [musicSubmissions],
  async export({ uid }, { objectUrl }) {
    const rows = await db
      .select({
        id: musicSubmissions.id,
        songName: musicSubmissions.songName,
        singer: musicSubmissions.singer,
        language: musicSubmissions.language,
        objectKey: musicSubmissions.objectKey,
        sizeBytes: musicSubmissions.sizeBytes,
        durationMs: musicSubmissions.durationMs,
        state: musicSubmissions.state,
        reviewCategory: musicSubmissions.reviewCategory,
        reviewNote: musicSubmissions.reviewReason,
        createdAt: musicSubmissions.createdAt,
      })
      .from(musicSubmissions)
      .where(eq(musicSubmissions.uid, uid))
      .orderBy(desc(musicSubmissions.createdAt), desc(musicSubmissions.id));
    const content = rows.map(({ objectKey, ...song }) => ({ ...song, url: objectUrl(objectKey), createdAt: isoOf(song.createdAt) }));
    return [{ path: 'uploads/songs.json', about: 'songs you submitted, with a link to each file', content }];
  },
  async erase({ tx, person, removeObjects, count }) {
    const songs = await tx.select({ key: musicSubmissions.objectKey }).from(musicSubmissions).where(eq(musicSubmissions.uid, person.uid));
    await removeObjects({ keys: songs.map((song) => song.key) });
    count('songs', (await tx.delete(musicSubmissions).where(eq(musicSubmissions.uid, person.uid)).returning({ id: musicSubmissions.id })).length);
  },
});
