import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ConsoleUser } from '@vsp/contract/endpoints/console';
import { useForm } from '@vsp/form/use-form';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { ActionMessage, failure, lastRun, outcome } from './status';
import { UserWalletPanel } from './user-wallet';

const DONE = { block: TEXTS.users.blockedDone, unblock: TEXTS.users.unblockedDone, revoke: TEXTS.users.revokedDone };

export function UsersPage() {
  /** The search the table shows (the previous one until a new one answers); the same words again ask again. */
  const [searched, setSearched] = useState<string | null>(null);
  const found = useQuery({ ...queries.users(searched ?? ''), enabled: searched !== null, placeholderData: keepPreviousData });
  const columns = TEXTS.users.columns;
  const [walletOf, setWalletOf] = useState<ConsoleUser | null>(null);
  const actions = { block: useMutation(mutations.blockUser()), unblock: useMutation(mutations.unblockUser()), revoke: useMutation(mutations.revokeSessions()) };
  const last = lastRun(actions);
  const act = actions[last];
  const message = act.isIdle && found.error ? failure(found.error) : outcome(act, (updated) => DONE[last](updated.userName));
  const users = found.data;
  const busy = found.isFetching || act.isPending;
  const form = useForm({ initial: { query: '' }, browserChecks: true });

  function search({ query }: { query: string }) {
    for (const action of Object.values(actions)) action.reset();
    const q = query.trim();
    if (q === searched) void found.refetch();
    else setSearched(q);
  }

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading">{TEXTS.users.heading}</h1>
      <form {...form.props} role="search" onSubmit={form.onSubmit(search)} className="row">
        <label htmlFor="user-query" className="visually-hidden">
          {TEXTS.users.search}
        </label>
        <input {...form.field('query')} id="user-query" placeholder={TEXTS.users.search} required />
        <button type="submit" disabled={busy}>
          {TEXTS.users.submit}
        </button>
      </form>
      <ActionMessage message={message} />
      {users && users.length === 0 && <p>{TEXTS.users.none}</p>}
      {users && users.length > 0 && (
        <DataTable columns={Object.values(columns)}>
          {users.map((user) => (
            <tr key={user.uid}>
              <td>{user.uid}</td>
              <td>{user.userName}</td>
              <td>{user.email}</td>
              <td>{user.role}</td>
              <td>{user.erasedAt !== null ? TEXTS.users.erasedState(new Date(user.erasedAt).toLocaleString()) : user.blocked ? TEXTS.users.blockedState : TEXTS.users.activeState}</td>
              <td>{user.liveSessions}</td>
              <td data-testid="user-parent-managed">{user.parentManagedSince !== null ? TEXTS.users.parentSince(new Date(user.parentManagedSince).toLocaleString()) : TEXTS.users.notParentManaged}</td>
              <td className="row">
                {user.erasedAt !== null ? null : user.blocked ? (
                  <button type="button" disabled={busy} onClick={() => actions.unblock.mutate(user.uid)}>
                    {TEXTS.users.unblock}
                  </button>
                ) : (
                  <button type="button" className="danger" disabled={busy} onClick={() => actions.block.mutate(user.uid)}>
                    {TEXTS.users.block}
                  </button>
                )}
                {user.erasedAt === null && (
                  <button type="button" disabled={busy} onClick={() => actions.revoke.mutate(user.uid)}>
                    {TEXTS.users.revoke}
                  </button>
                )}
                <button type="button" aria-expanded={walletOf?.uid === user.uid} aria-label={OPERATIONS_TEXTS.wallet.show(user.userName)} onClick={() => setWalletOf(user)}>
                  {OPERATIONS_TEXTS.wallet.showShort}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {walletOf && <UserWalletPanel key={walletOf.uid} uid={walletOf.uid} userName={walletOf.userName} onClose={() => setWalletOf(null)} />}
    </section>
  );
}
