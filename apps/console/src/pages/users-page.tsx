import { useState, type FormEvent } from 'react';
import {
  consoleUserBlockPath,
  consoleUserRevokeSessionsPath,
  consoleUserSearchPath,
  type ConsoleUser,
} from '@vsp/contract/endpoints/console';
import { api, errorText } from '../api/api';
import { TEXTS } from '../texts';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { ActionMessage } from './status';
import { UserWalletPanel } from './user-wallet';

export function UsersPage() {
  const [query, setQuery] = useState('');
  const [users, setUsers] = useState<ConsoleUser[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const columns = TEXTS.users.columns;
  const [walletOf, setWalletOf] = useState<ConsoleUser | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      setUsers((await api.get(consoleUserSearchPath, { query: { q: query.trim() } })).users);
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function act(request: () => Promise<ConsoleUser>, done: string) {
    setBusy(true);
    try {
      const updated = await request();
      setUsers((list) => list?.map((u) => (u.uid === updated.uid ? updated : u)) ?? null);
      setMessage({ text: done });
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading">{TEXTS.users.heading}</h1>
      <form role="search" onSubmit={(e) => void search(e)} className="row">
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
              <td>{user.blocked ? TEXTS.users.blockedState : TEXTS.users.activeState}</td>
              <td>{user.liveSessions}</td>
              <td className="row">
                {user.blocked ? (
                  <button type="button" disabled={busy} onClick={() => void act(() => api.post(consoleUserBlockPath, { body: { uid: user.uid, blocked: false } }), TEXTS.users.unblockedDone(user.userName))}>
                    {TEXTS.users.unblock}
                  </button>
                ) : (
                  <button type="button" className="danger" disabled={busy} onClick={() => void act(() => api.post(consoleUserBlockPath, { body: { uid: user.uid, blocked: true } }), TEXTS.users.blockedDone(user.userName))}>
                    {TEXTS.users.block}
                  </button>
                )}
                <button type="button" disabled={busy} onClick={() => void act(() => api.post(consoleUserRevokeSessionsPath, { body: { uid: user.uid } }), TEXTS.users.revokedDone(user.userName))}>
                  {TEXTS.users.revoke}
                </button>
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
