import { useQuery } from '@tanstack/react-query';
import type { ConsoleAccountDeletion } from '@vsp/contract/endpoints/account-data';
import { queries } from '../api/queries';
import { ACCOUNT_DATA_TEXTS } from '../texts-account-data';
import { DataTable } from './data-table';
import { LoadState } from './status';

const when = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString());

/** The requests of one state: pending ones show when their account is due, completed ones when it was erased. */
function Deletions({ state, rows }: { state: 'pending' | 'completed'; rows: readonly ConsoleAccountDeletion[] | undefined }) {
  const t = ACCOUNT_DATA_TEXTS;
  const pending = state === 'pending';
  return (
    <section aria-labelledby={`deletions-${state}-heading`} data-testid={`${state}-deletions`}>
      <h2 id={`deletions-${state}-heading`}>{pending ? t.pendingHeading : t.completedHeading}</h2>
      {rows && rows.length === 0 && <p>{pending ? t.pendingNone : t.completedNone}</p>}
      {rows && rows.length > 0 && (
        <DataTable columns={[t.columns.uid, t.columns.userName, t.columns.requested, pending ? t.columns.due : t.columns.completed]}>
          {rows.map((row) => (
            <tr key={`${row.uid}-${row.requestedAt}`} data-uid={row.uid}>
              <td>{row.uid}</td>
              <td>{row.userName}</td>
              <td>{when(row.requestedAt)}</td>
              <td>{pending ? when(row.dueAt) : when(row.completedAt)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/**
 * Issue 20: the players' account deletion requests still in their grace period, and the latest
 * ones completed (the account pseudonymised; its orders stay, found in Orders by account ID).
 */
export function AccountDeletionsPage() {
  const t = ACCOUNT_DATA_TEXTS;
  const list = useQuery(queries.accountDeletions());
  return (
    <section aria-labelledby="deletions-heading">
      <h1 id="deletions-heading">{t.heading}</h1>
      <p className="muted">{t.intro}</p>
      <LoadState query={list} />
      <Deletions state="pending" rows={list.data?.pending} />
      <Deletions state="completed" rows={list.data?.completed} />
    </section>
  );
}
