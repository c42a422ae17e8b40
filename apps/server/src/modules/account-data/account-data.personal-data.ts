import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { AccountDataRepository } from './account-data.repository';
import { accountDeletionRequests } from './account-deletions.schema';

/**
 * The account's pending deletion request. The erasure keeps the requests: they record that it was
 * asked for and done, under the account ID only (the sweep marks this one completed).
 */
export const accountDataPersonalData = (db: Database): PersonalData => ({
  tables: [accountDeletionRequests],
  async export({ uid }) {
    const pending = await new AccountDataRepository(db).pendingOf(uid);
    return [{ path: 'account-deletion.json', about: 'your deletion request, if there is one', content: pending ? { requestedAt: isoOf(pending.requestedAt), dueAt: isoOf(pending.dueAt) } : null }];
  },
  async erase() {},
});
