import type { PackLine } from '@vsp/contract/wallet-assets';
import { Action, Contents, Facts, MailLayout, P } from '../mail-layout';
import { defineMail, type MailContext } from '../mail-template';

/** What the mails about an order show: as its receipt page does. */
export interface OrderMailData {
  orderNo: string;
  uid: number;
  contents: readonly PackLine[];
  priceMinor: number;
  currency: string;
  /** The payment method's name as the catalogue gives it. */
  paymentMethod: string;
  /** The order's receipt page with its token (decision 0128), a path of the website. */
  receiptPath: string;
}

const exampleOrder: OrderMailData = {
  orderNo: 'TU-20261128-7K3M9QX2HD',
  uid: 10_000_001,
  contents: [
    { asset: 'diamonds', quantity: 330 },
    { asset: 'party_hat', quantity: 1 },
  ],
  priceMinor: 499,
  currency: 'USD',
  paymentMethod: 'Sandbox Card',
  receiptPath: '/receipt?order=TU-20261128-7K3M9QX2HD&token=example-token',
};

function orderFacts(ctx: MailContext, order: OrderMailData, date: { label: string; at: Date }) {
  const { t } = ctx.texts;
  return (
    <Facts
      rows={[
        [t('recharge.summary.account'), <bdi key="uid">{order.uid}</bdi>],
        [t('orders.contents'), <Contents key="contents" ctx={ctx} contents={order.contents} />],
        [t('recharge.summary.total'), ctx.texts.price(order.priceMinor, order.currency)],
        [t('recharge.summary.method'), <bdi key="method">{order.paymentMethod}</bdi>],
        [date.label, ctx.texts.moment(date.at)],
      ]}
    />
  );
}

/** The receipt of a fulfilled order, to the address given with the order. */
export const receiptMail = defineMail<OrderMailData & { paidAt: Date }>({
  describe: 'Receipt of a paid and credited order, to the address the payer gave (or the account’s)',
  subject: (ctx, order) => ctx.texts.t('mail.receipt.subject', { site: ctx.texts.t('site.name'), orderNo: order.orderNo }),
  render: (ctx, order) => {
    const { t } = ctx.texts;
    return (
      <MailLayout ctx={ctx} heading={t('mail.receipt.heading')} preview={t('recharge.orderNo', { orderNo: order.orderNo })}>
        <P>{t('mail.receipt.intro')}</P>
        <P>
          <bdi>{t('recharge.orderNo', { orderNo: order.orderNo })}</bdi>
        </P>
        {orderFacts(ctx, order, { label: t('orders.date'), at: order.paidAt })}
        <Action href={ctx.url(order.receiptPath)}>{t('mail.receipt.action')}</Action>
      </MailLayout>
    );
  },
  example: { ...exampleOrder, paidAt: new Date('2026-11-28T07:00:00Z') },
});

/** The notice that an order was refunded in full (by an operator, the provider, or a receiving limit). */
export const refundMail = defineMail<OrderMailData & { refundedAt: Date }>({
  describe: 'Notice that an order was refunded in full and its items taken back, to the order’s address or the account’s',
  subject: (ctx, order) => ctx.texts.t('mail.refund.subject', { site: ctx.texts.t('site.name'), orderNo: order.orderNo }),
  render: (ctx, order) => {
    const { t } = ctx.texts;
    return (
      <MailLayout ctx={ctx} heading={t('mail.refund.heading')} preview={t('recharge.orderNo', { orderNo: order.orderNo })}>
        <P>{t('mail.refund.intro', { price: ctx.texts.price(order.priceMinor, order.currency), method: order.paymentMethod })}</P>
        <P>
          <bdi>{t('recharge.orderNo', { orderNo: order.orderNo })}</bdi>
        </P>
        <P>{t('mail.refund.taken_back')}</P>
        {orderFacts(ctx, order, { label: t('orders.event.refunded'), at: order.refundedAt })}
        <Action href={ctx.url(order.receiptPath)}>{t('mail.refund.action')}</Action>
      </MailLayout>
    );
  },
  example: { ...exampleOrder, refundedAt: new Date('2026-11-29T09:30:00Z') },
});
