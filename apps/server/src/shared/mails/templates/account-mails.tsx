import { PASSWORD_RESET_TTL_MS } from '@vsp/contract/endpoints/password-reset';
import { sitePaths } from '@vsp/contract/site-paths';
import { Action, MailLayout, P } from '../mail-layout';
import { defineMail } from '../mail-template';

/** Who an account mail greets. */
export interface AccountMailData {
  nickname: string;
  userName: string;
}

const exampleAccount: AccountMailData = { nickname: 'Pia', userName: 'pia_2026' };

/** The forgotten-password link, in the language of the request (the link itself holds the one-time token). */
export const passwordResetMail = defineMail<AccountMailData & { resetPath: string }>({
  describe: 'Forgotten password: the single-use link to choose a new one',
  subject: (ctx) => ctx.texts.t('mail.reset.subject', { site: ctx.texts.t('site.name') }),
  render: (ctx, data) => {
    const { t } = ctx.texts;
    const heading = t('mail.reset.subject', { site: t('site.name') });
    return (
      <MailLayout ctx={ctx} heading={heading} preview={t('mail.reset.action')}>
        <P>{t('mail.greeting', { nickname: data.nickname })}</P>
        <P>{t('mail.reset.intro', { userName: data.userName, minutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000) })}</P>
        <Action href={ctx.url(data.resetPath)}>{t('mail.reset.action')}</Action>
        <P>{t('mail.reset.ignore')}</P>
      </MailLayout>
    );
  },
  example: { ...exampleAccount, resetPath: `${sitePaths.resetPassword}?token=example-token` },
});

/** Sent when the player asks for the deletion: the day it happens, and that signing in cancels it. */
export const deletionRequestedMail = defineMail<AccountMailData & { dueAt: Date }>({
  describe: 'Account deletion asked for: when it happens, and that signing in before then cancels it',
  subject: (ctx, data) => ctx.texts.t('mail.deletion_requested.subject', { site: ctx.texts.t('site.name'), date: ctx.texts.day(data.dueAt) }),
  render: (ctx, data) => {
    const { t, day } = ctx.texts;
    const date = day(data.dueAt);
    return (
      <MailLayout ctx={ctx} heading={t('mail.deletion_requested.subject', { site: t('site.name'), date })} preview={t('mail.deletion_requested.keep')}>
        <P>{t('mail.greeting', { nickname: data.nickname })}</P>
        <P>{t('mail.deletion_requested.body', { userName: data.userName, date })}</P>
        <P>{t('mail.deletion_requested.keep')}</P>
        <Action href={ctx.url(sitePaths.login)}>{t('mail.deletion_requested.action')}</Action>
      </MailLayout>
    );
  },
  example: { ...exampleAccount, dueAt: new Date('2026-12-28T07:00:00Z') },
});

/** Sent when a pending deletion is cancelled (by signing in, or by "Keep my account"). */
export const deletionCancelledMail = defineMail<AccountMailData>({
  describe: 'Account deletion cancelled: by signing in or by the account page’s button',
  subject: (ctx) => ctx.texts.t('mail.deletion_cancelled.subject', { site: ctx.texts.t('site.name') }),
  render: (ctx, data) => {
    const { t } = ctx.texts;
    return (
      <MailLayout ctx={ctx} heading={t('mail.deletion_cancelled.subject', { site: t('site.name') })} preview={t('mail.deletion_cancelled.action')}>
        <P>{t('mail.greeting', { nickname: data.nickname })}</P>
        <P>{t('mail.deletion_cancelled.body', { userName: data.userName })}</P>
        <Action href={ctx.url(sitePaths.account)}>{t('mail.deletion_cancelled.action')}</Action>
      </MailLayout>
    );
  },
  example: exampleAccount,
});

/** The last mail to the address: sent by the sweep once the account is erased (the address is then forgotten). */
export const deletionCompletedMail = defineMail<AccountMailData & { uid: number; requestedAt: Date }>({
  describe: 'Account deleted: sent by the sweep after the erasure, to the address the account had',
  subject: (ctx) => ctx.texts.t('mail.deletion_completed.subject', { site: ctx.texts.t('site.name') }),
  render: (ctx, data) => {
    const { t, day } = ctx.texts;
    return (
      <MailLayout ctx={ctx} heading={t('mail.deletion_completed.subject', { site: t('site.name') })} preview={t('mail.deletion_completed.last')}>
        <P>{t('mail.greeting', { nickname: data.nickname })}</P>
        <P>{t('mail.deletion_completed.body', { date: day(data.requestedAt), userName: data.userName, uid: String(data.uid) })}</P>
        <P>{t('mail.deletion_completed.last')}</P>
      </MailLayout>
    );
  },
  example: { ...exampleAccount, uid: 10_000_001, requestedAt: new Date('2026-11-28T07:00:00Z') },
});
