import { and, asc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import type { OperatorRole } from '@vsp/contract/operator-roles';
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

/** What a request's authentication needs of an account (the sessions module's one query of every signed-in request). */
export type AccountSummary = Pick<typeof users.$inferSelect, 'uid' | 'role' | 'nickname' | 'userName' | 'email' | 'blocked' | 'operatorRoles'>;

/**
 * The account `uid` holds as one value of another module's select (null when none), so the query
 * of every signed-in request stays one statement.
 */
export const accountSummaryOf = (uid: AnyColumn | SQL) =>
  sql<AccountSummary | null>`${sql`(select json_build_object('uid', ${users.uid}, 'role', ${users.role}, 'nickname', ${users.nickname}, 'userName', ${users.userName}, 'email', ${users.email}, 'blocked', ${users.blocked}, 'operatorRoles', ${users.operatorRoles}) from ${users} where ${users.uid} = ${uid})`}`;

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

/** Operators' accounts (all, or the one `uid` names), by account ID: for the Operators page. */
export function operatorAccounts(db: Queryable, uid?: number): Promise<{ uid: number; userName: string; email: string; operatorRoles: OperatorRole[] }[]> {
  return db
    .select({ uid: users.uid, userName: users.userName, email: users.email, operatorRoles: users.operatorRoles })
    .from(users)
    .where(and(eq(users.role, 'operator'), uid === undefined ? undefined : eq(users.uid, uid)))
    .orderBy(asc(users.uid));
}

/** An operator's roles (decision 0154); an account that is not an operator's is left as it is. */
export async function setOperatorRoles(db: Queryable, uid: number, roles: readonly OperatorRole[]): Promise<void> {
  await db.update(users).set({ operatorRoles: [...roles] }).where(and(eq(users.uid, uid), eq(users.role, 'operator')));
}

/**
 * The account `uid` names as a one-row table of another module's query (no row when there is no
 * such account): its ID and whether it is blocked. `uid` may be a prepared statement's placeholder.
 */
export function accountRowOf(db: Queryable, uid: number | Placeholder) {
  return db.select({ uid: users.uid, blocked: users.blocked }).from(users).where(eq(users.uid, uid)).as('account');
}
