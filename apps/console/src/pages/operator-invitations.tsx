import { useMutation, useQuery } from '@tanstack/react-query';
import { checkEmail } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import { LANGUAGES, type LanguageCode } from '@vsp/contract/languages';
import { OPERATOR_ROLES, type OperatorRole } from '@vsp/contract/operator-roles';
import { FieldError, useForm } from '@vsp/form/use-form';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { OPERATOR_TEXTS } from '../texts-operators';
import { DataTable } from './data-table';
import { ActionMessage, LoadState, outcome } from './status';

const TEXTS = OPERATOR_TEXTS.invite;

/** The invitation form's fields: the address, a check box per role (named by the role) and the mail's language. */
type InviteFields = { email: string; lang: string } & Record<OperatorRole, boolean>;
const NO_INVITATION: InviteFields = { email: '', lang: 'en', ...(Object.fromEntries(OPERATOR_ROLES.map((role) => [role, role === 'reviewer'])) as Record<OperatorRole, boolean>) };
const rolesOf = (fields: InviteFields) => OPERATOR_ROLES.filter((role) => fields[role]);

/** The address's rule first (its field gets the focus), then at least one role. */
function validate(fields: InviteFields): Partial<Record<'email' | 'roles', string>> {
  const rule = checkEmail(fields.email.trim());
  if (rule) return { email: TEXTS.emailRules[rule] ?? rule };
  return rolesOf(fields).length === 0 ? { roles: TEXTS.needRole } : {};
}

/** Administrators: invite someone by e-mail with chosen roles (decision 0158), and the invitations still open. */
export function OperatorInvitations() {
  const form = useForm<InviteFields, 'roles'>({ initial: NO_INVITATION, validate });
  const open = useQuery(queries.operatorInvitations());
  const invite = useMutation({
    ...mutations.inviteOperator(),
    onSuccess: () => form.set('email', ''),
    onError: (error) => form.failWith(error, (issue) => (issue.field === 'email' ? { email: TEXTS.emailRules[issue.rule] ?? issue.rule } : undefined)),
  });
  const cancel = useMutation(mutations.cancelInvitation());
  const sent = outcome(invite, (invitation) => TEXTS.sent(invitation.email));
  /** An address the server refused shows at its field (`failWith`), not as the outcome too. */
  const addressRefused = invite.error instanceof AppError && (invite.error.fields ?? []).some((issue) => issue.field === 'email' && issue.rule);
  const cancelled = outcome(cancel, (invitation) => TEXTS.cancelled(invitation.email));

  function submit(fields: InviteFields) {
    invite.mutate({ email: fields.email.trim(), roles: rolesOf(fields), lang: fields.lang as LanguageCode });
  }

  return (
    <section aria-labelledby="invite-heading" className="stack stack--wide">
      <h2 id="invite-heading">{TEXTS.heading}</h2>
      <p>{TEXTS.intro}</p>
      <form {...form.props} onSubmit={form.onSubmit(submit)} className="stack" aria-labelledby="invite-heading">
        <label>
          {TEXTS.email}
          <input {...form.field('email')} type="email" autoComplete="off" />
        </label>
        <FieldError form={form} field="email" className="message message-error" />
        <fieldset className="row" aria-describedby={form.aria('roles')['aria-describedby']}>
          <legend>{TEXTS.roles}</legend>
          {OPERATOR_ROLES.map((role) => (
            <label key={role} className="check">
              <input {...form.checkbox(role)} />
              {OPERATOR_TEXTS.roles[role]}
            </label>
          ))}
        </fieldset>
        <FieldError form={form} field="roles" className="message message-error" />
        <label>
          {TEXTS.lang}
          <select {...form.field('lang')}>
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
      {!addressRefused && <ActionMessage message={sent} />}
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
