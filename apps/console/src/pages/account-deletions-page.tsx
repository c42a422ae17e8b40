import { useQuery } from '@tanstack/react-query';
import type { ConsoleAccountDeletion } from '@vsp/contract/endpoints/account-data';
import { queries } from '../api/queries';
import { ACCOUNT_DATA_TEXTS } from '../texts-account-data';
import { DataTable } from './data-table';
import { LoadState } from './status';

const when = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString());

function DeletionRows({ rows, completed }: { rows: readonly ConsoleAccountDeletion[]; completed: boolean }) {
  return rows.map((row) => (
    <tr key={`${row.uid}-${row.requestedAt}`} data-uid={row.uid}>
      <td>{row.uid}</td>
      <td>{row.userName}</td>
      <td>{when(row.requestedAt)}</td>
      <td>{completed ? when(row.completedAt) : when(row.dueAt)}</td>
    </tr>
  ));
}

/**
 * Issue 20: the players' account deletion requests still in their grace period, and the latest
 * ones completed (the account pseudonymised; its orders stay, found in Orders by account ID).
 */
export function AccountDeletionsPage() {
  const t = ACCOUNT_DATA_TEXTS;
  const list = useQuery(queries.accountDeletions());
  const pending = list.data?.pending;
  const completed = list.data?.completed;
  return (
    <section aria-labelledby="deletions-heading">
      <h1 id="deletions-heading">{t.heading}</h1>
      <p className="muted">{t.intro}</p>
      <LoadState query={list} />
      <section aria-labelledby="deletions-pending-heading" data-testid="pending-deletions">
        <h2 id="deletions-pending-heading">{t.pendingHeading}</h2>
        {pending && pending.length === 0 && <p>{t.pendingNone}</p>}
        {pending && pending.length > 0 && (
          <DataTable columns={[t.columns.uid, t.columns.userName, t.columns.requested, t.columns.due]}>
            <DeletionRows rows={pending} completed={false} />
          </DataTable>
        )}
      </section>
      <section aria-labelledby="deletions-completed-heading" data-testid="completed-deletions">
        <h2 id="deletions-completed-heading">{t.completedHeading}</h2>
        {completed && completed.length === 0 && <p>{t.completedNone}</p>}
        {completed && completed.length > 0 && (
          <DataTable columns={[t.columns.uid, t.columns.userName, t.columns.requested, t.columns.completed]}>
            <DeletionRows rows={completed} completed />
          </DataTable>
        )}
      </section>
    </section>
  );
}
