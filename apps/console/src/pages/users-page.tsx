import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { consoleUserBlockPath, consoleUserRevokeSessionsPath, type ConsoleUser } from '@vsp/contract/endpoints/console';
import { api } from '../api/api';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { ActionMessage, failure, outcome } from './status';
import { UserWalletPanel } from './user-wallet';

type UserAction = { user: ConsoleUser; action: 'block' | 'unblock' | 'revoke' };
const DONE = { block: TEXTS.users.blockedDone, unblock: TEXTS.users.unblockedDone, revoke: TEXTS.users.revokedDone };

export function UsersPage() {
  const [query, setQuery] = useState('');
  /** The search the table shows (the previous one until a new one answers); the same words again ask again. */
  const [searched, setSearched] = useState<string | null>(null);
  const found = useQuery({ ...queries.users(searched ?? ''), enabled: searched !== null, placeholderData: keepPreviousData });
  const columns = TEXTS.users.columns;
  const [walletOf, setWalletOf] = useState<ConsoleUser | null>(null);
  const act = useMutation({
    mutationFn: ({ user, action }: UserAction) =>
      action === 'revoke'
        ? api.post(consoleUserRevokeSessionsPath, { body: { uid: user.uid } })
        : api.post(consoleUserBlockPath, { body: { uid: user.uid, blocked: action === 'block' } }),
    meta: { invalidates: ['users'] },
  });
  const message = act.isIdle && found.error ? failure(found.error) : outcome(act, (_updated, { user, action }) => DONE[action](user.userName));
  const users = found.data;
  const busy = found.isFetching || act.isPending;

  function search(event: FormEvent) {
    event.preventDefault();
    act.reset();
    const q = query.trim();
    if (q === searched) void found.refetch();
    else setSearched(q);
  }

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading">{TEXTS.users.heading}</h1>
      <form role="search" onSubmit={search} className="row">
        <label htmlFor="user-query" className="visually-hidden">
          {TEXTS.users.search}
        </label>
        <input id="user-query" placeholder={TEXTS.users.search} required value={query} onChange={(e) => setQuery(e.target.value)} />
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
                  <button type="button" disabled={busy} onClick={() => act.mutate({ user, action: 'unblock' })}>
                    {TEXTS.users.unblock}
                  </button>
                ) : (
                  <button type="button" className="danger" disabled={busy} onClick={() => act.mutate({ user, action: 'block' })}>
                    {TEXTS.users.block}
                  </button>
                )}
                {user.erasedAt === null && (
                  <button type="button" disabled={busy} onClick={() => act.mutate({ user, action: 'revoke' })}>
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
