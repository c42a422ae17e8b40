import { useCallback, useState } from 'react';
import type { RechargeAccount, RechargeCatalogue } from '@vsp/contract/endpoints/recharge';
import { useSession } from '../../../shared/session/session-store';
import { newIdempotencyKey, useCreateOrder } from '../api/create-order';
import { useCatalogue } from '../api/get-catalogue';
import { payOrderStore } from './pay-order-store';

/** The visitor's country from the browser locale ("ms-MY" -> "MY"), if it names one. */
export function browserCountry(): string | undefined {
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const region = /^[a-z]{2,3}[-_]([A-Z]{2})\b/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}

export type CatalogueState = { phase: 'idle' | 'loading' } | { phase: 'ready'; catalogue: RechargeCatalogue } | { phase: 'error'; error: unknown };

/**
 * The catalogue for an account and country while the shop is `open`, and order submission that
 * hands over to the gateway. Whenever the catalogue is being asked for, the shop shows loading: a
 * payer never picks from prices or limits that are being replaced.
 */
export function useRechargeShop(account: RechargeAccount | null, open: boolean) {
  const viewer = useSession()?.uid ?? null;
  const [country, setCountry] = useState<string | undefined>(browserCountry);
  const [redirecting, setRedirecting] = useState(false);

  const query = useCatalogue({ uid: account?.uid, country, viewer, open });
  let catalogue: CatalogueState;
  if (!account) catalogue = { phase: 'idle' };
  else if (query.isFetching) catalogue = { phase: 'loading' };
  else if (query.isError) catalogue = { phase: 'error', error: query.error };
  else catalogue = query.data ? { phase: 'ready', catalogue: query.data } : { phase: 'idle' };
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  const { mutateAsync: placeOrder, isPending: creating } = useCreateOrder();

  /** Creates the order, remembers it as the pay order, and goes to the checkout. */
  const submit = useCallback(
    async (input: { kind: 'product' | 'gift_pack'; itemId: number; paymentMethodId: number; email?: string; lang: string }) => {
      if (!account) return;
      const order = await placeOrder({
        uid: account.uid,
        kind: input.kind,
        itemId: input.itemId,
        paymentMethodId: input.paymentMethodId,
        idempotencyKey: newIdempotencyKey(),
        returnPath: window.location.pathname,
        // The receipt and a later refund mail are written in it.
        lang: input.lang,
        ...(input.email ? { email: input.email } : {}),
      });
      payOrderStore.save({ orderNo: order.orderNo, uid: account.uid, nickname: account.nickname, kind: input.kind, startedAt: Date.now() });
      if (order.checkoutUrl) {
        setRedirecting(true);
        const url = new URL(order.checkoutUrl, window.location.origin);
        url.searchParams.set('lang', input.lang);
        window.location.assign(url.toString());
      }
      return order;
    },
    [account, placeOrder],
  );

  const submitting = redirecting ? 'redirecting' : creating ? 'creating' : null;
  return { country, setCountry, catalogue, reload, submit, submitting };
}
