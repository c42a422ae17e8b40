import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkEmail } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import { LANGUAGES, type LanguageCode } from '@vsp/contract/languages';
import { OPERATOR_ROLES, type OperatorRole } from '@vsp/contract/operator-roles';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { OPERATOR_TEXTS } from '../texts-operators';
import { DataTable } from './data-table';
import { ActionMessage, LoadState, outcome } from './status';

const TEXTS = OPERATOR_TEXTS.invite;

/** The rule the server or the form found broken in the address, as a sentence. */
function emailProblem(error: unknown): string | undefined {
  const rule = error instanceof AppError ? error.fields?.find((issue) => issue.field === 'email')?.rule : undefined;
  return rule ? (TEXTS.emailRules[rule] ?? rule) : undefined;
}

/** Administrators: invite someone by e-mail with chosen roles (decision 0158), and the invitations still open. */
export function OperatorInvitations() {
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<OperatorRole[]>(['reviewer']);
  const [lang, setLang] = useState<LanguageCode>('en');
  const [problem, setProblem] = useState<{ field: 'email' | 'roles'; text: string } | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const open = useQuery(queries.operatorInvitations());
  const invite = useMutation({
    ...mutations.inviteOperator(),
    onSuccess: () => setEmail(''),
    onError: (error) => {
      const text = emailProblem(error);
      if (text) {
        setProblem({ field: 'email', text });
        emailInput.current?.focus();
      }
    },
  });
  const cancel = useMutation(mutations.cancelInvitation());
  const sent = outcome(invite, (invitation) => TEXTS.sent(invitation.email));
  const cancelled = outcome(cancel, (invitation) => TEXTS.cancelled(invitation.email));

  function submit(event: FormEvent) {
    event.preventDefault();
    const rule = checkEmail(email.trim());
    if (rule) {
      setProblem({ field: 'email', text: TEXTS.emailRules[rule] ?? rule });
      emailInput.current?.focus();
      return;
    }
    if (roles.length === 0) {
      setProblem({ field: 'roles', text: TEXTS.needRole });
      return;
    }
    setProblem(null);
    invite.mutate({ email: email.trim(), roles, lang });
  }

  return (
    <section aria-labelledby="invite-heading" className="stack stack--wide">
      <h2 id="invite-heading">{TEXTS.heading}</h2>
      <p>{TEXTS.intro}</p>
      <form onSubmit={submit} className="stack" noValidate aria-labelledby="invite-heading">
        <label>
          {TEXTS.email}
          <input
            ref={emailInput}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={problem?.field === 'email'}
            aria-describedby={problem?.field === 'email' ? 'invite-email-problem' : undefined}
          />
        </label>
        {problem?.field === 'email' && (
          <p id="invite-email-problem" className="message message-error">
            {problem.text}
          </p>
        )}
        <fieldset className="row" aria-describedby={problem?.field === 'roles' ? 'invite-roles-problem' : undefined}>
          <legend>{TEXTS.roles}</legend>
          {OPERATOR_ROLES.map((role) => (
            <label key={role} className="check">
              <input type="checkbox" checked={roles.includes(role)} onChange={(e) => setRoles((current) => OPERATOR_ROLES.filter((r) => (r === role ? e.target.checked : current.includes(r))))} />
              {OPERATOR_TEXTS.roles[role]}
            </label>
          ))}
        </fieldset>
        {problem?.field === 'roles' && (
          <p id="invite-roles-problem" className="message message-error">
            {problem.text}
          </p>
        )}
        <label>
          {TEXTS.lang}
          <select value={lang} onChange={(e) => setLang(e.target.value as LanguageCode)}>
            {LANGUAGES.map((language) => (
              <option key={language.value} value={language.value} lang={language.value}>
                {language.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={invite.isPending}>
          {invite.isPending ? TEXTS.busy : TEXTS.submit}
        </button>
      </form>
      {!emailProblem(invite.error) && <ActionMessage message={sent} />}
      <ActionMessage message={cancelled} />
      <h2>{TEXTS.pendingHeading}</h2>
      <LoadState query={open} />
      {open.data &&
        (open.data.invitations.length === 0 ? (
          <p className="muted">{TEXTS.none}</p>
        ) : (
          <DataTable columns={Object.values(TEXTS.columns)}>
            {open.data.invitations.map((invitation) => (
              <tr key={invitation.id}>
                <td>{invitation.email}</td>
                <td>{invitation.roles.map((role) => OPERATOR_TEXTS.roles[role]).join(', ')}</td>
                <td>{invitation.invitedBy ?? '—'}</td>
                <td>{new Date(invitation.expiresAt).toLocaleString()}</td>
                <td>
                  <button type="button" className="secondary" disabled={cancel.isPending} aria-label={TEXTS.cancelOf(invitation.email)} onClick={() => cancel.mutate(invitation.id)}>
                    {TEXTS.cancel}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        ))}
    </section>
  );
}
