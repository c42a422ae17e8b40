import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { sitePaths } from '@vsp/contract/site-paths';
import { publicConfig } from '../../../shared/config/public-config';
import { useSession } from '../../../shared/session/session-store';
import { OrdersLoadFailed } from '../components/orders-load-failed';
import { useReceipt } from '../api/get-receipt';
import { OrderRecordView, useDateTimeFormat } from '../components/order-record';
import '../components/orders.css';

const ORDER_NO = /^[A-Z0-9-]{8,40}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * One order's receipt (issue 19), printable: the merchant, the order, its steps and the support
 * mailbox, in the visitor's language. The owner opens it signed in; a payer without a session
 * opens it from the mailed link, whose token the server checks.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const session = useSession();
  const [params] = useSearchParams();
  const orderNo = (params.get('order') ?? '').trim().toUpperCase();
  const rawToken = params.get('token');
  const token = rawToken && TOKEN.test(rawToken) ? rawToken : null;
  const wellFormed = ORDER_NO.test(orderNo);
  const viewer = session?.uid ?? null;
  const query = useReceipt(orderNo, token, viewer, wellFormed);
  const { company, supportEmails } = publicConfig;
  const notFound = !wellFormed || (query.error instanceof AppError && query.error.code === Errors.OrderNotFound);

  let body;
  if (notFound) {
    body = (
      <div className="recharge-error" role="alert" data-testid="receipt-not-found">
        <p>{t('receipt.not_found')}</p>
        {!session && (
          <Link to={`${sitePaths.login}?${new URLSearchParams({ redirect: `${sitePaths.receipt}?${params.toString()}` }).toString()}`}>{t('route.login')}</Link>
        )}
      </div>
    );
  } else if (query.isError && !query.isFetching) {
    body = <OrdersLoadFailed error={query.error} onRetry={() => void query.refetch()} testId="receipt-error" />;
  } else if (!query.data) {
    body = (
      <p className="recharge-loading" role="status" data-testid="receipt-loading">
        <span className="spinner" aria-hidden="true" /> {t('receipt.loading')}
      </p>
    );
  } else {
    body = (
      <>
        <OrderRecordView record={query.data} />
        <p className="receipt__issued">{t('receipt.issued', { date: formatDate(new Date(query.dataUpdatedAt).toISOString()) })}</p>
        <div className="receipt__actions">
          <button type="button" className="primary-button" onClick={() => window.print()} data-testid="print-receipt">
            {t('receipt.print')}
          </button>
          {session?.uid === String(query.data.order.uid) && <Link to={sitePaths.orders}>{t('receipt.back')}</Link>}
        </div>
      </>
    );
  }

  return (
    <section className="page receipt-page" data-testid="receipt-page">
      <h1>{t('route.receipt')}</h1>
      {company.name && (
        <p className="receipt__merchant" data-testid="receipt-merchant">
          <span>{t('receipt.merchant')}: </span>
          <strong>{company.name}</strong>
          {company.registrationNumber ? <span> · {company.registrationNumber}</span> : null}
        </p>
      )}
      {body}
      <p className="receipt__support" data-testid="receipt-support">
        {t('receipt.support', { email: supportEmails.service })}
      </p>
    </section>
  );
}
