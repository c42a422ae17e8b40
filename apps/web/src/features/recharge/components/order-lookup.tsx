import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FORM_PAGES, PAGE_FORM_FIELD, PAGE_FORM_FIELD_MAX, orderNoOf, orderNoProblem, pageFormAction, type LookedUpOrder } from '@vsp/contract/page-forms';
import { useErrorText, useLanguageCode } from '../../../shared/http/use-error-text';
import { usePageFormAnswer, useProblemText } from '../../../shared/page-form/page-form-answer';
import { PackContents } from '../../../shared/wallet/pack-contents';
import { fetchOrder } from '../api/recharge-api';
import { useDateTimeFormat } from './order-record';

/**
 * Order lookup by order number, for a payer who closed the page. Without scripts the form posts to
 * the top-up page, whose answer (the order, or why not) is this component's first state (decision 0144).
 */
export function OrderLookup() {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const formatDate = useDateTimeFormat();
  const errorText = useErrorText();
  const problemText = useProblemText();
  const answer = usePageFormAnswer('order-lookup');
  const [value, setValue] = useState(answer?.values.orderNo ?? '');
  const [badFormat, setBadFormat] = useState(false);
  /** The server's answer to a post, shown until the next lookup. */
  const [answered, setAnswered] = useState<{ order: LookedUpOrder | null; problem: string | null }>(() => ({
    order: answer?.order ?? null,
    problem: answer?.problem ? problemText(answer.problem) : null,
  }));
  // Asked on the payer's press, answered for that press: a mutation, though it only reads.
  const lookup = useMutation({ mutationFn: (orderNo: string) => fetchOrder(orderNo) });
  const order: LookedUpOrder | null = lookup.data ?? answered.order;
  const problem = badFormat ? t('recharge.lookup.format') : lookup.isError ? errorText(lookup.error) : answered.problem;
  const busy = lookup.isPending;
  const inputId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswered({ order: null, problem: null });
    const wellFormed = orderNoProblem(value) === null;
    setBadFormat(!wellFormed);
    if (wellFormed) lookup.mutate(orderNoOf(value));
    else lookup.reset();
  }

  return (
    <section className="order-lookup" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('recharge.lookup.title')}</h2>
      <form action={pageFormAction(FORM_PAGES.topUp, lang)} method="post" onSubmit={submit} className="order-lookup__form" noValidate>
        <input type="hidden" name={PAGE_FORM_FIELD} value="order-lookup" />
        <input
          id={inputId}
          name="orderNo"
          maxLength={PAGE_FORM_FIELD_MAX.orderNo}
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
        <p className="field-problem" role="alert" data-testid="lookup-problem">
          {problem}
        </p>
      )}
      {order && (
        <dl className="order-lookup__result" data-testid="lookup-result">
          <dt>{t('recharge.lookup.orderNo')}</dt>
          <dd>
            <bdi>{order.orderNo}</bdi>
          </dd>
          <dt>{t('orders.date')}</dt>
          <dd>{formatDate(order.createdAt)}</dd>
          <dt>{t('recharge.summary.amount')}</dt>
          <dd>
            <PackContents contents={order.contents} />
          </dd>
          <dt>{t('recharge.lookup.status')}</dt>
          <dd data-testid="lookup-status">{t(`recharge.status.${order.status}`)}</dd>
        </dl>
      )}
    </section>
  );
}
