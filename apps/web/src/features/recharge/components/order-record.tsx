import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { isOverLimitReason, type OrderRecord } from '@vsp/contract/endpoints/recharge';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { MOMENT, dateTimeFormat } from '@vsp/contract/intl-formats';
import { PackContents } from '../../../shared/wallet/pack-contents';

export function useDateTimeFormat() {
  const lang = useLanguageCode();
  return (iso: string) => dateTimeFormat(lang, MOMENT).format(new Date(iso));
}

/**
 * One order as its payer reads it (history and receipt): kind, number, status, date, contents,
 * price, payment method, account, and its steps with their times.
 */
export function OrderRecordView({ record, children }: { record: OrderRecord; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const formatDate = useDateTimeFormat();
  const { order, timeline } = record;
  // A payment that arrived over a limit: never credited, refunded or about to be (decision 0141).
  const overLimit = isOverLimitReason(order.reason) && (order.status === 'paid' || order.status === 'refunded');
  return (
    <article className="order-record" data-testid="order-record" data-order-no={order.orderNo} data-status={order.status} aria-labelledby={`order-${order.orderNo}`}>
      <header className="order-record__head">
        <h2 id={`order-${order.orderNo}`} className="order-record__title">
          {t(`orders.kind.${order.kind}`)} · <bdi>{order.orderNo}</bdi>
        </h2>
        <span className={`order-status order-status--${order.status}`} data-testid="order-status">
          {t(`recharge.status.${order.status}`)}
        </span>
      </header>
      <dl className="order-record__facts">
        <dt>{t('orders.date')}</dt>
        <dd>{formatDate(order.createdAt)}</dd>
        <dt>{t('orders.contents')}</dt>
        <dd>
          <PackContents contents={order.contents} />
        </dd>
        <dt>{t('recharge.summary.total')}</dt>
        <dd data-testid="order-price">{formatPrice(order.priceMinor, order.currency, lang)}</dd>
        <dt>{t('recharge.summary.method')}</dt>
        <dd>{order.paymentMethod}</dd>
        <dt>{t('recharge.summary.account')}</dt>
        <dd>
          <bdi>{order.uid}</bdi>
        </dd>
      </dl>
      {overLimit ? (
        <p className="order-record__note" role="note" data-testid="order-over-limit-note">
          {t(order.reason === 'parent_limit' ? 'orders.parent_limit_note' : 'orders.over_limit_note')}
        </p>
      ) : null}
      {order.status === 'awaiting_payment' && order.checkoutUrl && (
        // Paid at the provider and not heard of yet looks exactly like this (a lost notification):
        // nobody should pay twice (decision 0151).
        <p className="order-record__note" role="note" data-testid="order-awaiting-note">
          {t('orders.awaiting_note')}
        </p>
      )}
      {order.status === 'paid' && !overLimit && (
        <p className="order-record__note" role="note" data-testid="order-paid-note">
          {t('orders.paid_note')}
        </p>
      )}
      {order.status === 'refunded' && !overLimit && (
        <p className="order-record__note" role="note" data-testid="order-refunded-note">
          {t('orders.refunded_note')}
        </p>
      )}
      <div className="order-record__timeline">
        <h2 className="order-record__subtitle">{t('orders.timeline')}</h2>
        <ol className="order-timeline" data-testid="order-timeline">
          {timeline.map((event) => (
            <li key={event.kind} className={`order-timeline__step order-timeline__step--${event.kind}`} data-kind={event.kind}>
              <span className="order-timeline__label">{t(`orders.event.${event.kind}`)}</span>
              {event.at ? <time dateTime={event.at}>{formatDate(event.at)}</time> : null}
            </li>
          ))}
        </ol>
      </div>
      {children}
    </article>
  );
}
