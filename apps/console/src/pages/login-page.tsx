import { useState, type FormEvent } from 'react';
import { getUserInfoByTokenPath, loginPath } from '@vsp/contract/endpoints/user';
import { api, errorText, saveSession, type OperatorSession } from '../api/api';
import { TEXTS } from '../texts';

/** Call 1 of the contract (login), then call 2 to confirm the account is an operator. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: OperatorSession) => void }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const user = await api.post(loginPath, { body: { userName, passWord: password } });
      const session = { token: user.token, uid: user.uid, userName: user.userName };
      saveSession(session);
      const info = await api.get(getUserInfoByTokenPath);
      if (info.role !== 'operator') {
        saveSession(null);
        setError(TEXTS.login.notOperator);
        return;
      }
      onLoggedIn(session);
    } catch (e) {
      saveSession(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <h1>{TEXTS.login.heading}</h1>
      <form onSubmit={(e) => void submit(e)} className="stack">
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
