import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { useErrorText, useLanguageCode } from '../../../shared/http/use-error-text';
import { PackContents } from '../../../shared/wallet/pack-contents';
import { fetchOrder } from '../api/recharge-api';

const ORDER_NO = /^[A-Z0-9-]{8,40}$/;

/** Order lookup by order number, for a payer who closed the page. */
export function OrderLookup() {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const errorText = useErrorText();
  const [value, setValue] = useState('');
  const [badFormat, setBadFormat] = useState(false);
  // Asked on the payer's press, answered for that press: a mutation, though it only reads.
  const lookup = useMutation({ mutationFn: (orderNo: string) => fetchOrder(orderNo) });
  const order = lookup.data;
  const problem = badFormat ? t('recharge.lookup.format') : lookup.isError ? errorText(lookup.error) : null;
  const busy = lookup.isPending;
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const orderNo = value.trim().toUpperCase();
    const wellFormed = ORDER_NO.test(orderNo);
    setBadFormat(!wellFormed);
    if (wellFormed) lookup.mutate(orderNo);
    else lookup.reset();
  }

  return (
    <section className="order-lookup" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('recharge.lookup.title')}</h2>
      <form onSubmit={submit} className="order-lookup__form" noValidate>
        <input
          id={inputId}
          aria-label={t('recharge.lookup.tips')}
          placeholder={t('recharge.lookup.tips')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          data-testid="lookup-input"
        />
        <button type="submit" className="secondary-button" disabled={busy} data-testid="lookup-submit">
          {t('recharge.lookup.button')}
        </button>
      </form>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {order && (
        <dl className="order-lookup__result" data-testid="lookup-result">
          <dt>{t('recharge.lookup.orderNo')}</dt>
          <dd>{order.orderNo}</dd>
          <dt>{t('recharge.summary.account')}</dt>
          <dd>{order.uid}</dd>
          <dt>{t('recharge.summary.amount')}</dt>
          <dd>
            <PackContents contents={order.contents} />
          </dd>
          <dt>{t('recharge.summary.total')}</dt>
          <dd>{formatPrice(order.priceMinor, order.currency, lang)}</dd>
          <dt>{t('recharge.summary.method')}</dt>
          <dd>{order.paymentMethod}</dd>
          <dt>{t('recharge.lookup.status')}</dt>
          <dd data-testid="lookup-status">{t(`recharge.status.${order.status}`)}</dd>
        </dl>
      )}
    </section>
  );
}
