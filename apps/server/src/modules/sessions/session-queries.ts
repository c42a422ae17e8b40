import { inArray, max } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { sessions } from './sessions.schema';

/** When each of the accounts last signed in (its newest session); an account that never did is absent. */
export async function lastSignIns(db: Queryable, uids: readonly number[]): Promise<Map<number, Date>> {
  if (uids.length === 0) return new Map();
  const rows = await db.select({ uid: sessions.uid, at: max(sessions.createdAt) }).from(sessions).where(inArray(sessions.uid, [...uids])).groupBy(sessions.uid);
  return new Map(rows.flatMap((row) => (row.at ? [[row.uid, row.at] as const] : [])));
}
