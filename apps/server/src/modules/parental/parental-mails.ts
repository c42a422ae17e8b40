import type { LanguageCode } from '@vsp/contract/languages';
import { languageEntry } from '@vsp/contract/languages';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { mailLabel } from '../../shared/mail-labels';
import type { MailMessage } from '../../shared/mailer';

/**
 * The parent's three mails (issue 32), each a small function of what it says, worded from labels in
 * the parent's stored language: the confirmation link, the sign-in link and the purchase notice.
 * Plain text only for now: the HTML mail templates arrive on their own branch and take these over.
 */

/** The child as a mail names them. */
export interface MailChild {
  uid: number;
  nickname: string;
}

function hoursOf(ms: number): number {
  return Math.round(ms / 3_600_000);
}

/** Mailed when a player enters a parent's address: confirm, choose a PIN (the link lapses). */
export function parentConfirmMail(to: string, lang: LanguageCode, child: MailChild, link: string, ttlMs: number): MailMessage {
  const site = mailLabel('site.name', lang);
  const params = { site, nickname: child.nickname, uid: child.uid, hours: hoursOf(ttlMs) };
  return {
    to,
    subject: mailLabel('mail.parent_confirm.subject', lang, params),
    text: [mailLabel('mail.parent_confirm.intro', lang, params), '', `${mailLabel('mail.parent_confirm.action', lang)}: ${link}`, '', mailLabel('mail.parent.ignore', lang), '', site, ''].join('\n'),
  };
}

/** Mailed when a parent asks to sign in: the link and the PIN open the parent page (the link lapses). */
export function parentSignInMail(to: string, lang: LanguageCode, child: MailChild, link: string, ttlMs: number): MailMessage {
  const site = mailLabel('site.name', lang);
  const params = { site, nickname: child.nickname, uid: child.uid, hours: hoursOf(ttlMs) };
  return {
    to,
    subject: mailLabel('mail.parent_sign_in.subject', lang, params),
    text: [mailLabel('mail.parent_sign_in.intro', lang, params), '', `${mailLabel('mail.parent_sign_in.action', lang)}: ${link}`, '', mailLabel('mail.parent.ignore', lang), '', site, ''].join('\n'),
  };
}

/** What the purchase notice says about one credited order. */
export interface NoticeOrder {
  orderNo: string;
  kind: 'product' | 'gift_pack';
  priceMinor: number;
  currency: string;
  creditedAt: Date;
}

/** Mailed for every order credited to a parent-managed account, whoever paid. */
export function parentNoticeMail(to: string, lang: LanguageCode, child: MailChild, order: NoticeOrder, parentPageUrl: string): MailMessage {
  const site = mailLabel('site.name', lang);
  const locale = languageEntry(lang).browserCodes[0] ?? 'en';
  const amount = formatPrice(order.priceMinor, order.currency, locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(order.creditedAt);
  const item = mailLabel(order.kind === 'gift_pack' ? 'mail.parent_notice.gift_pack' : 'mail.parent_notice.top_up', lang);
  const params = { site, nickname: child.nickname, uid: child.uid, amount, item, date, orderNo: order.orderNo };
  return {
    to,
    subject: mailLabel('mail.parent_notice.subject', lang, params),
    text: [mailLabel('mail.parent_notice.body', lang, params), '', `${mailLabel('mail.parent_notice.manage', lang)} ${parentPageUrl}`, '', site, ''].join('\n'),
  };
}
