import { and, asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import { passkeys } from './passkeys.schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

export class PasskeysRepository {
  constructor(private readonly db: Database) {}

  async listOf(uid: number): Promise<PasskeyRow[]> {
    return this.db.select().from(passkeys).where(eq(passkeys.uid, uid)).orderBy(asc(passkeys.id));
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
    return row;
  }

  /** Answers the new row, or undefined when the credential is already registered (to anyone). */
  async insert(values: { uid: number; credentialId: string; publicKey: string; counter: number; transports: string[]; createdAt: Date }): Promise<PasskeyRow | undefined> {
    const rows = await this.db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
    return rows[0];
  }

  async used(id: number, counter: number, at: Date): Promise<void> {
    await this.db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
  }

  /** Removes one of the account's passkeys; answers whether it was theirs. */
  async remove(uid: number, id: number): Promise<boolean> {
    const rows = await this.db.delete(passkeys).where(and(eq(passkeys.uid, uid), eq(passkeys.id, id))).returning({ id: passkeys.id });
    return rows.length === 1;
  }

  /** `on` a caller's transaction (an operator's factors reset in it). */
  async removeAllOf(uid: number, on: Queryable = this.db): Promise<void> {
    await on.delete(passkeys).where(eq(passkeys.uid, uid));
  }
}
