import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { uploadSessions, type UploadState } from './uploads.schema';

export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type NewUploadSession = typeof uploadSessions.$inferInsert;

export class UploadsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(session: NewUploadSession): Promise<UploadSessionRow> {
    const [row] = await this.db.insert(uploadSessions).values(session).returning();
    return row!;
  }

  /**
   * Runs `work` on the upload's row locked for update, in one transaction: a concurrent complete or
   * abort of the same upload waits for it and then sees the state it left (decision 0086).
   */
  async withLockedSession<T>(id: string, work: (row: UploadSessionRow | undefined, locked: UploadsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const locked = new UploadsRepository(tx);
      const [row] = await tx.select().from(uploadSessions).where(eq(uploadSessions.id, id)).for('update');
      return work(row, locked);
    });
  }

  async findById(id: string): Promise<UploadSessionRow | undefined> {
    const [row] = await this.db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).limit(1);
    return row;
  }

  async findByObjectKey(objectKey: string): Promise<UploadSessionRow | undefined> {
    const [row] = await this.db.select().from(uploadSessions).where(eq(uploadSessions.objectKey, objectKey)).limit(1);
    return row;
  }

  /** The open upload of the same file by the same user, if any. */
  async findOpenByFingerprint(uid: number, fileType: string, fingerprint: string): Promise<UploadSessionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(uploadSessions)
      .where(
        and(
          eq(uploadSessions.uid, uid),
          eq(uploadSessions.fileType, fileType),
          eq(uploadSessions.fingerprint, fingerprint),
          eq(uploadSessions.state, 'open'),
        ),
      )
      .limit(1);
    return row;
  }

  /** Moves an upload from one state to another; answers false when it was not in `from` any more. */
  async transition(id: string, from: UploadState, to: UploadState, completedAt?: Date): Promise<boolean> {
    const rows = await this.db
      .update(uploadSessions)
      .set({ state: to, ...(completedAt ? { completedAt } : {}) })
      .where(and(eq(uploadSessions.id, id), eq(uploadSessions.state, from)))
      .returning({ id: uploadSessions.id });
    return rows.length > 0;
  }
}
