import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { passwordResets } from './password-resets.schema';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export class PasswordResetRepository {
  constructor(private readonly db: Database) {}

  async insert(values: { tokenHash: string; uid: number; email: string; expiresAt: Date }): Promise<PasswordResetRow> {
    const [row] = await this.db.insert(passwordResets).values(values).returning();
    return row!;
  }

  async findByTokenHash(tokenHash: string): Promise<PasswordResetRow | undefined> {
    const [row] = await this.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** Marks one link used; answers false when another request used it first. */
  async claim(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    return rows.length === 1;
  }

  /** Uses up every other open link of the account once its password changed. */
  async consumeAllOf(uid: number, at: Date): Promise<void> {
    await this.db.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.uid, uid), isNull(passwordResets.usedAt)));
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(passwordResets).where(eq(passwordResets.id, id));
  }
}
