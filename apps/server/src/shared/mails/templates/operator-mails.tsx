import type { OperatorRole } from '@vsp/contract/operator-roles';
import { Action, MailLayout, P } from '../mail-layout';
import { defineMail } from '../mail-template';

/** An invitation to the operator console (issue 30, decision 0158). */
export interface OperatorInviteMailData {
  /** The administrator's user name. */
  inviter: string;
  roles: OperatorRole[];
  /** The console's invitation page, the one-time token in its fragment. */
  linkPath: string;
  /** How long the link works, in hours. */
  hours: number;
}

/** Mailed when an administrator invites someone: the roles, and the link to make the operator account. */
export const operatorInviteMail = defineMail<OperatorInviteMailData>({
  describe: 'Operator invitation: the roles offered and the one-time link to make the operator account',
  subject: (ctx) => ctx.texts.t('mail.operator_invite.subject', { site: ctx.texts.t('site.name') }),
  render: (ctx, data) => {
    const { t, list } = ctx.texts;
    const heading = t('mail.operator_invite.subject', { site: t('site.name') });
    const roles = list(data.roles.map((role) => t(`mail.operator_role.${role}`)));
    return (
      <MailLayout ctx={ctx} heading={heading} preview={t('mail.operator_invite.action')}>
        <P>{t('mail.operator_invite.intro', { inviter: data.inviter, roles, hours: data.hours })}</P>
        <Action href={ctx.url(data.linkPath)}>{t('mail.operator_invite.action')}</Action>
        <P>{t('mail.operator_invite.ignore')}</P>
      </MailLayout>
    );
  },
  example: { inviter: 'rita_admin', roles: ['reviewer', 'support'], linkPath: '/console/invite#example-token', hours: 72 },
});
