import { useMutation } from '@tanstack/react-query';
import { checkPassword, checkUserName } from '@vsp/contract/account-rules';
import { AppError, type FieldIssue } from '@vsp/contract/app-error';
import { FieldError, useForm } from '@vsp/form/use-form';
import { errorText } from '../api/api';
import { mutations } from '../api/mutations';
import { OPERATOR_TEXTS } from '../texts-operators';
import { Alert } from './status';

const TEXTS = OPERATOR_TEXTS.accept;
type Field = 'userName' | 'passWord';

/** A broken rule of the user name or the password, as a sentence (the form's or the server's). */
function ruleText(field: Field, rule: string): string {
  return TEXTS.rules[field]?.[rule] ?? rule;
}

/** The rules both sides run (`@vsp/contract`). */
function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const nameRule = checkUserName(values.userName.trim());
  const passwordRule = checkPassword(values.passWord);
  return { userName: nameRule ? ruleText('userName', nameRule) : undefined, passWord: passwordRule ? ruleText('passWord', passwordRule) : undefined };
}

const isField = (field: string): field is Field => field === 'userName' || field === 'passWord';
const wordIssue = ({ field, rule }: FieldIssue) => (isField(field) ? { [field]: ruleText(field, rule) } : undefined);

/**
 * The page of an invitation link (/console/invite#token, decision 0158): the token rides in the
 * fragment, which the browser never sends to a server, nor in a Referer. The invited person chooses
 * a user name and password; the account gets the invitation's address and roles.
 */
export function AcceptInvitationPage({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm({ initial: { userName: '', passWord: '' }, validate });
  const accept = useMutation({ ...mutations.acceptInvitation(), onError: (error) => form.failWith(error, wordIssue) });

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
  const fieldIssues = accept.error instanceof AppError && (accept.error.fields ?? []).some((issue) => isField(issue.field));
  const field = (name: Field, label: string, input: { type?: string; autoComplete: string }) => (
    <>
      <label>
        {label}
        <input {...form.field(name)} {...input} />
      </label>
      <FieldError form={form} field={name} className="message message-error" />
    </>
  );
  return (
    <main className="login">
      <h1>{TEXTS.heading}</h1>
      {token ? (
        <form {...form.props} onSubmit={form.onSubmit((values) => accept.mutate({ token, userName: values.userName.trim(), passWord: values.passWord }))} className="stack">
          <p>{TEXTS.intro}</p>
          {field('userName', TEXTS.userName, { autoComplete: 'username' })}
          {field('passWord', TEXTS.password, { type: 'password', autoComplete: 'new-password' })}
          {accept.error && !fieldIssues && <Alert text={errorText(accept.error)} />}
          <button type="submit" disabled={accept.isPending}>
            {accept.isPending ? TEXTS.busy : TEXTS.submit}
          </button>
        </form>
      ) : (
        <Alert text={TEXTS.noToken} />
      )}
    </main>
  );
}
