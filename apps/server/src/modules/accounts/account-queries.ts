import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import type { Person } from '../../shared/personal-data';
import { users } from './users.schema';

/**
 * The accounts module's answers inside another module's query or transaction (decision 0159): the
 * users table is this module's, so a module that shows whose row it is asks here, never joins the
 * table itself.
 */

/**
 * The user name of the account `uid` holds, as a value of another module's select (null when none).
 * Nested in a second `sql`: a select of one table writes the columns of its own fields without their
 * table, which would turn `users.uid = <uid>` into `"uid" = "uid"` (every account) for a column
 * named uid; a nested fragment keeps every column's table.
 */
export const userNameOf = (uid: AnyColumn | SQL) => sql<string | null>`${sql`(select ${users.userName} from ${users} where ${users.uid} = ${uid})`}`;

/** Whom the account is, read on `db` (a caller's transaction, say), and whether it was erased already. */
export async function personOf(db: Queryable, uid: number): Promise<(Person & { erasedAt: Date | null }) | undefined> {
  const [row] = await db.select({ uid: users.uid, email: users.email, userName: users.userName, nickname: users.nickname, erasedAt: users.erasedAt }).from(users).where(eq(users.uid, uid));
  return row;
}

/**
 * Locks the account's row until `db`'s transaction ends, to serialise work on one account (orders
 * and credits of top-ups); false when there is no such account.
 */
export async function lockAccount(db: Queryable, uid: number): Promise<boolean> {
  const rows = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
  return rows.length > 0;
}
