import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import { useSession } from '../../../shared/session/session-store';
import { OrdersLoadFailed } from '../components/orders-load-failed';
import { fetchMyOrders, rechargeKeys } from '../api/recharge-api';
import { OrderRecordView } from '../components/order-record';
import '../components/orders.css';

/**
 * The signed-in player's order history (issue 19): every top-up and gift-pack order made for their
 * account, newest first, each with its steps and a link to its receipt. The route requires login.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const viewer = useSession()?.uid ?? '';
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: rechargeKeys.history(viewer, page), queryFn: () => fetchMyOrders(page), placeholderData: keepPreviousData });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  let body;
  if (query.isError && !query.isFetching) {
    body = <OrdersLoadFailed error={query.error} onRetry={() => void query.refetch()} testId="orders-error" />;
  } else if (!data || (query.isError && query.isFetching)) {
    body = (
      <p className="recharge-loading" role="status" data-testid="orders-loading">
        <span className="spinner" aria-hidden="true" /> {t('orders.loading')}
      </p>
    );
  } else if (data.orders.length === 0) {
    body = (
      <p className="recharge-empty" data-testid="orders-empty">
        {t('orders.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="order-list" aria-busy={query.isFetching}>
          {data.orders.map((record) => (
            <li key={record.order.orderNo}>
              <OrderRecordView record={record} headingLevel={2}>
                <Link
                  className="secondary-button order-record__receipt"
                  to={`${sitePaths.receipt}?${new URLSearchParams({ order: record.order.orderNo }).toString()}`}
                  aria-label={t('orders.receipt.open_for', { orderNo: record.order.orderNo })}
                  data-testid="open-receipt"
                >
                  {t('orders.receipt.open')}
                </Link>
              </OrderRecordView>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav className="order-pages" aria-label={t('creator.table.page', { page, pages })}>
            <button type="button" className="secondary-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('orders.previous')}
            </button>
            <span>{t('creator.table.page', { page, pages })}</span>
            <button type="button" className="secondary-button" disabled={page >= pages} onClick={() => setPage(page + 1)} data-testid="orders-next">
              {t('orders.next')}
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="page orders-page" data-testid="orders-page">
      <h1>{t('route.orders')}</h1>
      <p className="recharge-muted">{t('orders.intro')}</p>
      {body}
    </section>
  );
}
