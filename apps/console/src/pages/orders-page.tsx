import { useEffect, useRef, useState, type RefObject } from 'react';
import { keepPreviousData, useIsMutating, useMutation, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@vsp/contract/endpoints/console-operations';
import type { Order } from '@vsp/contract/endpoints/recharge';
import { currencyExponent } from '@vsp/contract/wallet-assets';
import { useForm } from '@vsp/form/use-form';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { OPERATIONS_TEXTS } from '../texts-operations';
import { DataTable } from './data-table';
import { ActionMessage, LoadState, failure, lastRun, outcome } from './status';
import { contentsText } from '../asset-names';

/** The cells every order row starts with: number, account, contents, price, payment method. */
function OrderCells({ order }: { order: Pick<Order, 'orderNo' | 'uid' | 'contents' | 'priceMinor' | 'currency' | 'paymentMethod'> }) {
  return (
    <>
      <td className="code">{order.orderNo}</td>
      <td>{order.uid}</td>
      <td>{contentsText(order.contents)}</td>
      <td>{formatPrice(order.priceMinor, order.currency)}</td>
      <td>{order.paymentMethod}</td>
    </>
  );
}

/**
 * Orders paid at the provider and not credited yet (issue 19), then checkouts with no word from the
 * provider (a lost notification looks like this; decision 0151): what the reconciler has still to do.
 */
function UncreditedOrders() {
  const t = OPERATIONS_TEXTS.orders;
  const list = useQuery(queries.uncredited());
  return (
    <section aria-labelledby="uncredited-heading" className="stack" data-testid="uncredited-orders">
      <h2 id="uncredited-heading">{t.uncreditedHeading}</h2>
      <p className="muted">{t.uncreditedIntro}</p>
      <LoadState query={list} />
      {list.data && list.data.length === 0 && <p>{t.uncreditedNone}</p>}
      {list.data && list.data.length > 0 && (
        <DataTable columns={[t.columns.orderNo, t.columns.account, t.columns.contents, t.columns.price, t.columns.method, t.columns.status, t.since]}>
          {list.data.map((order) => (
            <tr key={order.orderNo} data-status={order.status}>
              <OrderCells order={order} />
              <td>{t.uncreditedState[order.status] ?? order.status}</td>
              <td>{new Date(order.paidAt ?? order.createdAt).toLocaleString()}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function formatPrice(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/** One order's timeline, the manual re-check with its payment provider, and the full refund of a fulfilled one. */
function OrderTimeline({ detail, panel, onClose }: { detail: OrderDetail; panel: RefObject<HTMLElement | null>; onClose: () => void }) {
  const t = OPERATIONS_TEXTS.orders;
  const { order } = detail;
  const actions = { recheck: useMutation(mutations.recheckOrder()), refund: useMutation(mutations.refundOrder()) };
  /** The message tells of the action run last (both wait while one runs). */
  const last = lastRun(actions);
  const busy = actions[last].isPending;
  const message = busy
    ? { text: last === 'refund' ? t.refunding : t.rechecking }
    : last === 'refund'
      ? outcome(actions.refund, () => t.refundDone)
      : outcome(actions.recheck, (result) => t.recheckDone(result.providerState, result.outcome));
  // Opening the timeline moves focus to it, so keyboard and screen-reader users land on what opened.
  useEffect(() => panel.current?.focus(), [panel]);

  return (
    <section aria-labelledby="timeline-heading" ref={panel} className="panel" tabIndex={-1} id="order-timeline">
      <h2 id="timeline-heading">{t.timelineHeading(order.orderNo)}</h2>
      <p className="muted">{t.provider(detail.provider)}</p>
      <DataTable columns={Object.values(t.timelineColumns)}>
        {detail.timeline.map((event, index) => (
          <tr key={`${event.kind}-${index}`}>
            <td>{event.at === null ? t.noTime : new Date(event.at).toLocaleString()}</td>
            <td>{t.kinds[event.kind] ?? event.kind}</td>
            <td className="code">{event.assets.length > 0 ? `${contentsText(event.assets)} ${event.detail}` : event.detail}</td>
          </tr>
        ))}
      </DataTable>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => actions.recheck.mutate(order.orderNo)}>
          {t.recheck}
        </button>
        {order.status === 'fulfilled' && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t.refundConfirm(order.orderNo, formatPrice(order.priceMinor, order.currency), order.uid))) actions.refund.mutate(order.orderNo);
            }}
          >
            {t.refund}
          </button>
        )}
        <button type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
      <ActionMessage message={message} />
    </section>
  );
}

/** Orders by order number or account ID, each with its timeline (issue 10, "answer payers"). */
export function OrdersPage() {
  const t = OPERATIONS_TEXTS.orders;
  const form = useForm({ initial: { query: '' }, browserChecks: true });
  /** The search the table shows (the previous one until a new one answers); the same words again ask again. */
  const [searched, setSearched] = useState<string | null>(null);
  const found = useQuery({ ...queries.orders(searched ?? ''), enabled: searched !== null, placeholderData: keepPreviousData });
  const [opened, setOpened] = useState<string | null>(null);
  const detail = useQuery({ ...queries.order(opened ?? ''), enabled: opened !== null });
  const timeline = useRef<HTMLElement>(null);
  const timelineOpener = useRef<HTMLButtonElement | null>(null);
  // A re-check refreshes the list too; only a search the operator asked for says so.
  const writing = useIsMutating() > 0;
  const searching = found.isFetching && !writing;
  const message = searching ? { text: t.searching } : found.error ? failure(found.error) : detail.error ? failure(detail.error) : null;
  const busy = found.isFetching || detail.isFetching;
  const orders = found.data;

  function search({ query }: { query: string }) {
    setOpened(null);
    const q = query.trim();
    if (q === searched) void found.refetch();
    else setSearched(q);
  }

  function open(order: Order, button: HTMLButtonElement) {
    timelineOpener.current = button;
    if (order.orderNo !== opened) return setOpened(order.orderNo);
    void detail.refetch();
    timeline.current?.focus();
  }

  function close() {
    setOpened(null);
    timelineOpener.current?.focus();
  }

  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading">{t.heading}</h1>
      <UncreditedOrders />
      <form {...form.props} role="search" onSubmit={form.onSubmit(search)} className="row">
        <label htmlFor="order-query" className="visually-hidden">
          {t.search}
        </label>
        <input {...form.field('query')} id="order-query" placeholder={t.search} required maxLength={40} />
        <button type="submit" disabled={busy}>
          {t.submit}
        </button>
      </form>
      <ActionMessage message={message} />
      {orders && orders.length === 0 && <p>{t.none}</p>}
      {orders && orders.length > 0 && (
        <DataTable columns={Object.values(t.columns)}>
          {orders.map((order) => (
            <tr key={order.orderNo}>
              <OrderCells order={order} />
              <td>{order.status}</td>
              <td>{new Date(order.createdAt).toLocaleString()}</td>
              <td>
                <button type="button" disabled={busy} aria-label={t.show(order.orderNo)} onClick={(e) => open(order, e.currentTarget)}>
                  {t.showShort}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {opened && detail.data && <OrderTimeline key={opened} detail={detail.data} panel={timeline} onClose={close} />}
    </section>
  );
}
