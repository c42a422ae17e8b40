import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { getUserInfoByTokenPath, loginPath } from '@vsp/contract/endpoints/user';
import { api, errorText, saveSession, type OperatorSession } from '../api/api';
import { TEXTS } from '../texts';

/** Not an operator: the login worked, the account may not use the console. */
class NotOperator extends Error {}

/** Call 1 of the contract (login), then call 2 to confirm the account is an operator. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: OperatorSession) => void }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: async (body: { userName: string; passWord: string }): Promise<OperatorSession> => {
      const user = await api.post(loginPath, { body });
      const session = { token: user.token, uid: user.uid, userName: user.userName };
      saveSession(session);
      const info = await api.get(getUserInfoByTokenPath);
      if (info.role !== 'operator') throw new NotOperator();
      return session;
    },
    onSuccess: onLoggedIn,
    onError: () => saveSession(null),
  });
  const busy = login.isPending;
  const error = login.error ? (login.error instanceof NotOperator ? TEXTS.login.notOperator : errorText(login.error)) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    login.mutate({ userName, passWord: password });
  }

  return (
    <main className="login">
      <h1>{TEXTS.login.heading}</h1>
      <form onSubmit={submit} className="stack">
        <label>
          {TEXTS.login.userName}
          <input name="userName" autoComplete="username" required value={userName} onChange={(e) => setUserName(e.target.value)} />
        </label>
        <label>
          {TEXTS.login.password}
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="message message-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? TEXTS.login.busy : TEXTS.login.submit}
        </button>
      </form>
    </main>
  );
}
