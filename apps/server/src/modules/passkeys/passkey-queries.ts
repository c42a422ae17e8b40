import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { passkeys } from './passkeys.schema';

/** Which of the accounts hold at least one passkey. */
export async function passkeyHolders(db: Queryable, uids: readonly number[]): Promise<Set<number>> {
  if (uids.length === 0) return new Set();
  const rows = await db.selectDistinct({ uid: passkeys.uid }).from(passkeys).where(inArray(passkeys.uid, [...uids]));
  return new Set(rows.map((row) => row.uid));
}
