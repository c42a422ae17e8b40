import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import { useSession } from '../../../shared/session/session-store';
import { Pager } from '../../../shared/ui/pager';
import { OrdersLoadFailed } from '../components/orders-load-failed';
import { useMyOrders } from '../api/list-my-orders';
import { OrderRecordView } from '../components/order-record';
import '../components/orders.css';

/**
 * The signed-in player's order history (issue 19): every top-up and gift-pack order made for their
 * account, newest first, each with its steps and a link to its receipt. The route requires login.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const viewer = useSession()?.uid ?? '';
  const list = useMyOrders(viewer);
  const { state } = list;

  let body;
  if (state.status === 'error') {
    body = <OrdersLoadFailed error={state.error} onRetry={list.reload} testId="orders-error" />;
  } else if (!state.data) {
    body = (
      <p className="recharge-loading" role="status" data-testid="orders-loading">
        <span className="spinner" aria-hidden="true" /> {t('orders.loading')}
      </p>
    );
  } else if (state.data.orders.length === 0) {
    body = (
      <p className="recharge-empty" data-testid="orders-empty">
        {t('orders.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <ul className="order-list" aria-busy={state.status === 'loading'}>
          {state.data.orders.map((record) => (
            <li key={record.order.orderNo}>
              <OrderRecordView record={record}>
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
        <Pager label={t('orders.pages')} page={list.page} pages={list.pages} onPage={list.setPage} />
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
