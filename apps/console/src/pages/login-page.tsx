import { useMutation } from '@tanstack/react-query';
import { useForm } from '@vsp/form/use-form';
import { errorText, type OperatorSession } from '../api/api';
import { NotOperator, mutations } from '../api/mutations';
import { TEXTS } from '../texts';
import { Alert } from './status';

/** The operator's user name and password; the account must be an operator's. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: OperatorSession) => void }) {
  const login = useMutation({ ...mutations.login(), onSuccess: onLoggedIn });
  const busy = login.isPending;
  const form = useForm({ initial: { userName: '', password: '' }, busy, browserChecks: true });
  const error = login.error ? (login.error instanceof NotOperator ? TEXTS.login.notOperator : errorText(login.error)) : '';

  return (
    <main className="login">
      <h1>{TEXTS.login.heading}</h1>
      <form {...form.props} onSubmit={form.onSubmit(({ userName, password }) => login.mutate({ userName, passWord: password }))} className="stack">
        <label>
          {TEXTS.login.userName}
          <input {...form.field('userName')} autoComplete="username" required />
        </label>
        <label>
          {TEXTS.login.password}
          <input {...form.field('password')} type="password" autoComplete="current-password" required />
        </label>
        {error && <Alert text={error} />}
        <button type="submit" disabled={busy}>
          {busy ? TEXTS.login.busy : TEXTS.login.submit}
        </button>
      </form>
    </main>
  );
}
