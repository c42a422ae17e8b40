import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export class SessionsRepository {
  constructor(private readonly db: Database) {}

  async insert(values: { tokenHash: string; uid: number; device: string; expiresAt: Date }): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  }

  async revoke(id: number, at: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(uid: number, at: Date): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.uid, uid), isNull(sessions.revokedAt)));
  }

  async listOf(uid: number): Promise<SessionRow[]> {
    return this.db.select().from(sessions).where(eq(sessions.uid, uid));
  }
}
