import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { FORM_PAGES, PAGE_FORM_FIELD, PAGE_FORM_FIELD_MAX, orderNoOf, orderNoProblem, pageFormAction, type LookedUpOrder } from '@vsp/contract/page-forms';
import { useErrorText } from '../../../shared/http/use-error-text';
import { usePageFormAnswer, useProblemText } from '../../../shared/page-form/page-form-answer';
import { FieldError, useForm, worded } from '../../../shared/form/use-form';
import { PackContents } from '../../../shared/wallet/pack-contents';
import { getOrder } from '../api/get-order';
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
  const form = useForm({
    initial: { orderNo: answer?.values.orderNo ?? '' },
    initialErrors: () => ({ orderNo: answer?.problem && problemText(answer.problem) }),
    validate: ({ orderNo }) => ({ orderNo: worded(t, orderNoProblem(orderNo)) }),
  });
  /** The order the server answered a post with, shown until the next lookup. */
  const [answered, setAnswered] = useState<LookedUpOrder | null>(answer?.order ?? null);
  // Asked on the payer's press, answered for that press: a mutation, though it only reads.
  const lookup = useMutation({ mutationFn: (orderNo: string) => getOrder(orderNo), onError: (error) => form.fail({ orderNo: errorText(error) }) });
  // A new lookup's problem hides the last answer.
  const order: LookedUpOrder | null = form.errors.orderNo ? null : (lookup.data ?? answered);
  const busy = lookup.isPending;
  const inputId = useId();
  const submit = form.onSubmit(({ orderNo }) => {
    setAnswered(null);
    lookup.mutate(orderNoOf(orderNo));
  });

  return (
    <section className="order-lookup" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('recharge.lookup.title')}</h2>
      <form {...form.props} action={pageFormAction(FORM_PAGES.topUp, lang)} method="post" onSubmit={submit} className="order-lookup__form">
        <input type="hidden" name={PAGE_FORM_FIELD} value="order-lookup" />
        <input
          id={inputId}
          {...form.field('orderNo')}
          maxLength={PAGE_FORM_FIELD_MAX.orderNo}
          aria-label={t('recharge.lookup.tips')}
          placeholder={t('recharge.lookup.tips')}
          autoComplete="off"
          data-testid="lookup-input"
        />
        <button type="submit" className="secondary-button" disabled={busy} data-testid="lookup-submit">
          {t('recharge.lookup.button')}
        </button>
      </form>
      <FieldError form={form} field="orderNo" className="field-problem" testId="lookup-problem" />
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
