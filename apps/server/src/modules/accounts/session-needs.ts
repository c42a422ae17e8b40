import type { Transaction } from '../../db/database';

/**
 * What the accounts module needs of the sessions module, by shape: the sessions module reads the
 * accounts (whose session it is), so accounts names no type of it (issue 29).
 */

/** Starts a session for a signed-in account; `notices` say what signing in changed (a deletion cancelled). */
export interface SessionStarter {
  create(uid: number, device?: string): Promise<{ token: string; notices: readonly string[] }>;
}

/** Ends every live session of an account, in a caller's transaction when given. */
export interface SessionEnder {
  revokeAllOf(uid: number, at: Date, on?: Transaction): Promise<void>;
}
