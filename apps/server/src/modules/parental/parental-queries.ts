import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { parentLinks } from './parental.schema';

/** Since when a parent manages the account (issue 32), or null: what operators see in the console. */
export async function parentManagedSince(db: Queryable, uid: number): Promise<Date | null> {
  const [row] = await db.select({ since: parentLinks.confirmedAt }).from(parentLinks).where(and(eq(parentLinks.uid, uid), eq(parentLinks.state, 'active')));
  return row?.since ?? null;
}
