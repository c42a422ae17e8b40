import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { checkPassword, checkUserName } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import { errorText } from '../api/api';
import { mutations } from '../api/mutations';
import { OPERATOR_TEXTS } from '../texts-operators';

const TEXTS = OPERATOR_TEXTS.accept;
type Field = 'userName' | 'passWord';

/**
 * The page of an invitation link (/console/invite#token, decision 0158): the token rides in the
 * fragment, which the browser never sends to a server, nor in a Referer. The invited person chooses
 * a user name and password; the account gets the invitation's address and roles.
 */
export function AcceptInvitationPage({ token, onDone }: { token: string; onDone: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ userName: '', passWord: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const inputs = { userName: useRef<HTMLInputElement>(null), passWord: useRef<HTMLInputElement>(null) };
  const accept = useMutation({
    ...mutations.acceptInvitation(),
    onError: (error) => {
      const issues = error instanceof AppError ? (error.fields ?? []) : [];
      const found: Partial<Record<Field, string>> = {};
      for (const issue of issues) if (issue.field === 'userName' || issue.field === 'passWord') found[issue.field] = TEXTS.rules[issue.field]?.[issue.rule] ?? issue.rule;
      show(found);
    },
  });

  function show(found: Partial<Record<Field, string>>) {
    setProblems(found);
    const first = (['userName', 'passWord'] as const).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const nameRule = checkUserName(values.userName.trim());
    const passwordRule = checkPassword(values.passWord);
    if (nameRule) found.userName = TEXTS.rules.userName?.[nameRule] ?? nameRule;
    if (passwordRule) found.passWord = TEXTS.rules.passWord?.[passwordRule] ?? passwordRule;
    show(found);
    if (Object.keys(found).length === 0) accept.mutate({ token, userName: values.userName.trim(), passWord: values.passWord });
  }

  if (accept.data) {
    return (
      <main className="login">
        <h1>{TEXTS.heading}</h1>
        <p role="status">{TEXTS.done(accept.data.userName)}</p>
        <button type="button" onClick={onDone}>
          {TEXTS.toLogin}
        </button>
      </main>
    );
  }
  const fieldIssues = accept.error instanceof AppError && (accept.error.fields ?? []).some((issue) => issue.field === 'userName' || issue.field === 'passWord');
  const field = (name: Field, label: string, input: { type?: string; autoComplete: string }) => (
    <>
      <label>
        {label}
        <input
          ref={inputs[name]}
          name={name}
          {...input}
          value={values[name]}
          onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
          aria-invalid={Boolean(problems[name])}
          aria-describedby={problems[name] ? `accept-${name}-problem` : undefined}
        />
      </label>
      {problems[name] && (
        <p id={`accept-${name}-problem`} className="message message-error">
          {problems[name]}
        </p>
      )}
    </>
  );
  return (
    <main className="login">
      <h1>{TEXTS.heading}</h1>
      {token ? (
        <form onSubmit={submit} className="stack" noValidate>
          <p>{TEXTS.intro}</p>
          {field('userName', TEXTS.userName, { autoComplete: 'username' })}
          {field('passWord', TEXTS.password, { type: 'password', autoComplete: 'new-password' })}
          {accept.error && !fieldIssues && (
            <p role="alert" className="message message-error">
              {errorText(accept.error)}
            </p>
          )}
          <button type="submit" disabled={accept.isPending}>
            {accept.isPending ? TEXTS.busy : TEXTS.submit}
          </button>
        </form>
      ) : (
        <p role="alert" className="message message-error">
          {TEXTS.noToken}
        </p>
      )}
    </main>
  );
}
