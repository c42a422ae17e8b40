import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorText, type OperatorSession } from '../api/api';
import { NotOperator, mutations } from '../api/mutations';
import { TEXTS } from '../texts';

/** The operator's user name and password; the account must be an operator's. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: OperatorSession) => void }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ ...mutations.login(), onSuccess: onLoggedIn });
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
