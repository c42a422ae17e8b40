import { sitePaths } from '@vsp/contract/site-paths';
import { Action, MailLayout, P } from '../mail-layout';
import { defineMail, type MailContext } from '../mail-template';

/** The child a parent's mail is about. */
export interface ParentMailChild {
  uid: number;
  nickname: string;
}

/** A one-time link of the parent page (issue 32): its path and query, with the token. */
export interface ParentLinkMailData extends ParentMailChild {
  linkPath: string;
  /** How long the link works, in hours. */
  hours: number;
}

const exampleChild: ParentMailChild = { uid: 10_000_001, nickname: 'Pia' };

function childValues(ctx: MailContext, child: ParentMailChild, hours?: number) {
  return { site: ctx.texts.t('site.name'), nickname: child.nickname, uid: String(child.uid), ...(hours === undefined ? {} : { hours }) };
}

/** A mail of the parent page's one-time link: its texts are the labels `mail.<key>.*`. */
function parentLinkMail(key: 'parent_confirm' | 'parent_sign_in', describe: string, linkPath: string) {
  return defineMail<ParentLinkMailData>({
    describe,
    subject: (ctx, data) => ctx.texts.t(`mail.${key}.subject`, childValues(ctx, data)),
    render: (ctx, data) => {
      const { t } = ctx.texts;
      const values = childValues(ctx, data, data.hours);
      return (
        <MailLayout ctx={ctx} heading={t(`mail.${key}.subject`, values)} preview={t(`mail.${key}.action`)}>
          <P>{t(`mail.${key}.intro`, values)}</P>
          <Action href={ctx.url(data.linkPath)}>{t(`mail.${key}.action`)}</Action>
          <P>{t('mail.parent.ignore')}</P>
        </MailLayout>
      );
    },
    example: { ...exampleChild, linkPath, hours: 24 },
  });
}

/** Mailed when a player names a parent: confirm, choose a PIN (the link lapses). */
export const parentConfirmMail = parentLinkMail('parent_confirm', 'Parent link asked for by the player: the one-time link to confirm and set a PIN', `${sitePaths.parent}?confirm=example-token`);

/** Mailed when a parent asks to sign in: the link and the PIN open the parent page (the link lapses). */
export const parentSignInMail = parentLinkMail('parent_sign_in', 'Parent sign-in: the one-time link to the parent page (the PIN is asked there)', `${sitePaths.parent}?token=example-token`);

/** What the purchase notice says about one credited order. */
export interface ParentNoticeMailData extends ParentMailChild {
  orderNo: string;
  kind: 'product' | 'gift_pack';
  priceMinor: number;
  currency: string;
  creditedAt: Date;
}

/** Mailed to the parent for every order credited to a parent-managed account, whoever paid. */
export const parentNoticeMail = defineMail<ParentNoticeMailData>({
  describe: 'Purchase notice to the parent: an order credited to the child’s account',
  subject: (ctx, data) => ctx.texts.t('mail.parent_notice.subject', { ...childValues(ctx, data), amount: ctx.texts.price(data.priceMinor, data.currency) }),
  render: (ctx, data) => {
    const { t } = ctx.texts;
    const amount = ctx.texts.price(data.priceMinor, data.currency);
    const item = t(data.kind === 'gift_pack' ? 'mail.parent_notice.gift_pack' : 'mail.parent_notice.top_up');
    return (
      <MailLayout ctx={ctx} heading={t('mail.parent_notice.subject', { ...childValues(ctx, data), amount })} preview={item}>
        <P>{t('mail.parent_notice.body', { ...childValues(ctx, data), amount, item, date: ctx.texts.moment(data.creditedAt), orderNo: data.orderNo })}</P>
        <P>{t('mail.parent_notice.manage')}</P>
        <Action href={ctx.url(sitePaths.parent)}>{t('mail.parent_sign_in.action')}</Action>
      </MailLayout>
    );
  },
  example: { ...exampleChild, orderNo: 'TU-20261128-7K3M9QX2HD', kind: 'product', priceMinor: 499, currency: 'USD', creditedAt: new Date('2026-11-28T07:00:00Z') },
});
