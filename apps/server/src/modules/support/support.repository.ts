import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { supportMessages } from './support.schema';

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type NewSupportMessage = Omit<typeof supportMessages.$inferInsert, 'id' | 'status' | 'createdAt'>;

export class SupportRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the message; undefined when the reference is already taken (the caller draws another). */
  async insert(message: NewSupportMessage): Promise<SupportMessageRow | undefined> {
    const [row] = await this.db.insert(supportMessages).values(message).onConflictDoNothing({ target: supportMessages.reference }).returning();
    return row;
  }

  async findByReference(reference: string): Promise<SupportMessageRow | undefined> {
    const [row] = await this.db.select().from(supportMessages).where(eq(supportMessages.reference, reference)).limit(1);
    return row;
  }
}
