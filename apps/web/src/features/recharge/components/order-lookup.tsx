import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@vsp/contract/endpoints/recharge';
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
  const [order, setOrder] = useState<Order | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const orderNo = value.trim().toUpperCase();
    setOrder(null);
    if (!ORDER_NO.test(orderNo)) {
      setProblem(t('recharge.lookup.format'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setOrder(await fetchOrder(orderNo));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
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
