import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { accountDeletionRequests } from './account-deletions.schema';

/**
 * The account's pending deletion request. The erasure keeps the requests: they record that it was
 * asked for and done, under the account ID only (the sweep marks this one completed).
 */
export const accountDataPersonalData = (db: Database): PersonalData => ({
  tables: [accountDeletionRequests],
  async export({ uid }) {
    const [pending] = await db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.uid, uid), eq(accountDeletionRequests.state, 'pending')));
    return [{ path: 'account-deletion.json', about: 'your deletion request, if there is one', content: pending ? { requestedAt: isoOf(pending.requestedAt), dueAt: isoOf(pending.dueAt) } : null }];
  },
  async erase() {},
});
