import type { MailTemplate } from './mail-template';
import { deletionCancelledMail, deletionCompletedMail, deletionRequestedMail, passwordResetMail } from './templates/account-mails';
import { operatorInviteMail } from './templates/operator-mails';
import { receiptMail, refundMail } from './templates/order-mails';
import { parentConfirmMail, parentNoticeMail, parentSignInMail } from './templates/parent-mails';

/**
 * Every kind of mail the platform sends: one template each. A new mail is a template and one
 * line here; the unit tests then render it in every language and the browser test opens it
 * (docs/architecture.md). Modules send them with `mails.send(kind, ...)` (mails.ts).
 */
export const MAIL_TEMPLATES = {
  receipt: receiptMail,
  refund: refundMail,
  'password-reset': passwordResetMail,
  'deletion-requested': deletionRequestedMail,
  'deletion-cancelled': deletionCancelledMail,
  'deletion-completed': deletionCompletedMail,
  'parent-confirm': parentConfirmMail,
  'parent-sign-in': parentSignInMail,
  'parent-notice': parentNoticeMail,
  'operator-invite': operatorInviteMail,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailData<K extends MailKind> = (typeof MAIL_TEMPLATES)[K] extends MailTemplate<infer Data> ? Data : never;

export const MAIL_KINDS = Object.keys(MAIL_TEMPLATES) as MailKind[];
