import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from './users.schema';

/**
 * The accounts module's answers inside another module's query (decision 0159): the users table is
 * this module's, so a module that shows whose row it is asks here, never joins the table itself.
 */

/** The user name of the account `uid` holds, as a value of another module's select (null when none). */
export const userNameOf = (uid: AnyColumn | SQL) => sql<string | null>`(select ${users.userName} from ${users} where ${users.uid} = ${uid})`;
