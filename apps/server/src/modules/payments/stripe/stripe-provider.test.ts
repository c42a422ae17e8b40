import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { NotificationRejected, RefundRefused } from '../payment-provider';
import { StripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_offline_fixture_secret';
const offline = new Stripe('sk_test_offline_fixture');
const provider = new StripeProvider({ secretKey: 'sk_test_offline_fixture', webhookSecret: WEBHOOK_SECRET, publicUrl: 'https://shop.example', client: offline });

/** A Stripe event as its webhook delivers it, signed the way Stripe signs (fixture, no network). */
function fixture(type: string, session: Record<string, unknown>, id = 'evt_fixture_1') {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', data: { object: { object: 'checkout.session', id: 'cs_test_1', ...session } } });
  return { payload, header: offline.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe('Stripe Checkout webhook handling (offline, signed fixtures)', () => {
  it('reads a completed paid session as a payment of the order with its amount', async () => {
    const { payload, header } = fixture('checkout.session.completed', { client_reference_id: 'TU-20250601-AAAAAAAAAA', payment_status: 'paid', amount_total: 499, currency: 'usd' });
    expect(await provider.verifyNotification(Buffer.from(payload), { 'stripe-signature': header })).toEqual({
      eventId: 'evt_fixture_1',
      orderNo: 'TU-20250601-AAAAAAAAAA',
      reference: 'cs_test_1',
      outcome: 'paid',
      amountMinor: 499,
      currency: 'USD',
      type: 'checkout.session.completed',
    });
  });

  it('waits on a completed session whose asynchronous payment is pending, then reads its result', async () => {
    const pending = fixture('checkout.session.completed', { metadata: { orderNo: 'TU-1' }, payment_status: 'unpaid' });
    expect((await provider.verifyNotification(Buffer.from(pending.payload), { 'stripe-signature': pending.header })).outcome).toBe('ignored');
    const failed = fixture('checkout.session.async_payment_failed', { client_reference_id: 'TU-1' }, 'evt_2');
    expect((await provider.verifyNotification(Buffer.from(failed.payload), { 'stripe-signature': failed.header })).outcome).toBe('failed');
    const expired = fixture('checkout.session.expired', { client_reference_id: 'TU-1' }, 'evt_3');
    expect((await provider.verifyNotification(Buffer.from(expired.payload), { 'stripe-signature': expired.header })).outcome).toBe('expired');
  });

  it('reads a refunded charge (our refund or one made in Stripe’s dashboard) as a refund of the order its payment intent named', async () => {
    const charge = (object: Record<string, unknown>, id: string) => {
      const payload = JSON.stringify({ id, object: 'event', type: 'charge.refunded', api_version: '2025-01-01', data: { object: { object: 'charge', id: 'ch_test_1', amount: 499, ...object } } });
      return provider.verifyNotification(Buffer.from(payload), { 'stripe-signature': offline.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) });
    };
    expect(await charge({ metadata: { orderNo: 'TU-20250601-AAAAAAAAAA' }, amount_refunded: 499, refunded: true, currency: 'usd' }, 'evt_r1')).toEqual({
      eventId: 'evt_r1',
      orderNo: 'TU-20250601-AAAAAAAAAA',
      reference: 'ch_test_1',
      outcome: 'refunded',
      amountMinor: 499,
      currency: 'USD',
      type: 'charge.refunded',
    });
    // A part returned says how much; the service refuses to treat it as a full refund.
    expect(await charge({ metadata: { orderNo: 'TU-1' }, amount_refunded: 100, refunded: false, currency: 'usd' }, 'evt_r2')).toMatchObject({ outcome: 'refunded', amountMinor: 100 });
    // A charge that is not one of our orders' is nothing for us.
    expect((await charge({ metadata: {}, amount_refunded: 499, refunded: true, currency: 'usd' }, 'evt_r3')).outcome).toBe('ignored');
  });

  it('refuses a wrong secret, a changed body, an old signature and a missing header', async () => {
    const { payload } = fixture('checkout.session.completed', { client_reference_id: 'TU-1', payment_status: 'paid' });
    const wrongSecret = offline.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const old = offline.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const good = offline.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const attempts: [string, string | undefined][] = [
      [payload, wrongSecret],
      [payload.replace('"paid"', '"unpaid"'), good],
      [payload, old],
      [payload, undefined],
    ];
    for (const [body, header] of attempts) {
      await expect(provider.verifyNotification(Buffer.from(body), header ? { 'stripe-signature': header } : {})).rejects.toThrow(NotificationRejected);
    }
  });
});

/**
 * Stripe's API for refunds, answered offline: the real client library sends its real requests
 * through a fetch that answers recorded-shape fixtures, so the adapter's calls, idempotency key and
 * error handling are what runs against Stripe.
 */
function offlineStripe(answer: (method: string, path: string, body: URLSearchParams, headers: Headers) => { status: number; json: unknown }) {
  const calls: { method: string; path: string; query: URLSearchParams; body: URLSearchParams; idempotencyKey: string | null }[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, path: url.pathname, query: url.searchParams, body, idempotencyKey: headers.get('idempotency-key') });
    const { status, json } = answer(method, url.pathname, body, headers);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_offline' } });
  }) as typeof fetch;
  const client = new Stripe('sk_test_offline_fixture', { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 0 });
  return { calls, provider: new StripeProvider({ secretKey: 'sk_test_offline_fixture', webhookSecret: WEBHOOK_SECRET, publicUrl: 'https://shop.example', client }) };
}

const paidSession = { object: 'checkout.session', id: 'cs_test_9', payment_status: 'paid', status: 'complete', payment_intent: 'pi_test_9', amount_total: 499, currency: 'usd' };
const request = { orderNo: 'TU-20260101-AAAAAAAAAA', amountMinor: 499, currency: 'USD' };
const stripeError = (code: string, message: string) => ({ status: 400, json: { error: { type: 'invalid_request_error', code, message } } });

describe('Stripe refunds (offline fixtures through the real client)', () => {
  it('refunds the session’s payment intent in full under the order’s idempotency key', async () => {
    const { calls, provider: stripe } = offlineStripe((method, path) =>
      method === 'GET' && path === '/v1/checkout/sessions/cs_test_9'
        ? { status: 200, json: paidSession }
        : { status: 200, json: { object: 'refund', id: 're_test_9', status: 'succeeded', amount: 499, payment_intent: 'pi_test_9' } },
    );
    await expect(stripe.refund('cs_test_9', request)).resolves.toEqual({ reference: 're_test_9' });
    const create = calls.find((c) => c.method === 'POST')!;
    expect(create.path).toBe('/v1/refunds');
    expect(create.body.get('payment_intent')).toBe('pi_test_9');
    expect(create.body.get('metadata[orderNo]')).toBe(request.orderNo);
    expect(create.idempotencyKey).toBe(`refund-${request.orderNo}`);
  });

  it('answers the refund Stripe already made when the charge was refunded before', async () => {
    const { provider: stripe } = offlineStripe((method, path) => {
      if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_9') return { status: 200, json: paidSession };
      if (method === 'POST') return stripeError('charge_already_refunded', 'Charge ch_1 has already been refunded.');
      return { status: 200, json: { object: 'list', data: [{ object: 'refund', id: 're_earlier', status: 'succeeded' }], has_more: false, url: '/v1/refunds' } };
    });
    await expect(stripe.refund('cs_test_9', request)).resolves.toEqual({ reference: 're_earlier' });
  });

  it('turns Stripe’s refusals, an unpaid session and a different amount into RefundRefused', async () => {
    const disputed = offlineStripe((method) => (method === 'GET' ? { status: 200, json: paidSession } : stripeError('charge_disputed', 'Charge ch_1 has been charged back.')));
    await expect(disputed.provider.refund('cs_test_9', request)).rejects.toThrow(RefundRefused);
    await expect(disputed.provider.refund('cs_test_9', request)).rejects.toThrow('charge_disputed');

    const unpaid = offlineStripe(() => ({ status: 200, json: { ...paidSession, payment_status: 'unpaid', payment_intent: null } }));
    await expect(unpaid.provider.refund('cs_test_9', request)).rejects.toThrow(RefundRefused);
    expect(unpaid.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const other = offlineStripe(() => ({ status: 200, json: paidSession }));
    await expect(other.provider.refund('cs_test_9', { ...request, amountMinor: 999 })).rejects.toThrow(RefundRefused);
    expect(other.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const failed = offlineStripe((method) => (method === 'GET' ? { status: 200, json: paidSession } : { status: 200, json: { object: 'refund', id: 're_x', status: 'failed' } }));
    await expect(failed.provider.refund('cs_test_9', request)).rejects.toThrow(RefundRefused);
  });
});

describe('Stripe checkout (offline fixtures through the real client)', () => {
  it('names the order on the session and on its payment intent, so a refund made in Stripe names it too', async () => {
    const { calls, provider: stripe } = offlineStripe(() => ({ status: 200, json: { object: 'checkout.session', id: 'cs_test_new', url: 'https://checkout.stripe.com/c/pay/cs_test_new' } }));
    const checkout = await stripe.createCheckout({
      orderNo: request.orderNo,
      amountMinor: 499,
      currency: 'USD',
      description: '330 diamonds',
      returnPath: '/recharge?order=x',
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    expect(checkout).toEqual({ reference: 'cs_test_new', checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_new' });
    const create = calls.find((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')!;
    expect(create.body.get('client_reference_id')).toBe(request.orderNo);
    expect(create.body.get('payment_intent_data[metadata][orderNo]')).toBe(request.orderNo);
    expect(create.idempotencyKey).toBe(`checkout-${request.orderNo}`);
  });
});

describe('Stripe money returned without the order on it (offline fixtures through the real client)', () => {
  const signed = (type: string, object: Record<string, unknown>, id: string) => {
    const payload = JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', data: { object } });
    return [Buffer.from(payload), { 'stripe-signature': offline.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }] as const;
  };
  const sessionsOf = (orderNo: string | null) => (method: string, path: string) =>
    method === 'GET' && path === '/v1/checkout/sessions'
      ? { status: 200, json: { object: 'list', data: orderNo ? [{ ...paidSession, client_reference_id: orderNo }] : [], has_more: false, url: '/v1/checkout/sessions' } }
      : { status: 404, json: { error: { type: 'invalid_request_error', message: 'unexpected' } } };

  it('reads a chargeback whose money was withdrawn as a refund of the order its checkout names', async () => {
    const { calls, provider: stripe } = offlineStripe(sessionsOf(request.orderNo));
    const event = await stripe.verifyNotification(...signed('charge.dispute.funds_withdrawn', { object: 'dispute', id: 'dp_test_1', charge: 'ch_test_9', payment_intent: 'pi_test_9', amount: 499, currency: 'usd', status: 'needs_response' }, 'evt_d1'));
    expect(event).toEqual({ eventId: 'evt_d1', orderNo: request.orderNo, reference: 'dp_test_1', outcome: 'refunded', amountMinor: 499, currency: 'USD', type: 'charge.dispute.funds_withdrawn' });
    // Asked of Stripe: the checkout session of the dispute's payment intent.
    const lookup = calls.find((c) => c.method === 'GET' && c.path === '/v1/checkout/sessions')!;
    expect(lookup.query.get('payment_intent')).toBe('pi_test_9');
  });

  it('finds the order of a refund made in the dashboard for a checkout from before the order went on the payment intent', async () => {
    const { provider: stripe } = offlineStripe(sessionsOf(request.orderNo));
    const event = await stripe.verifyNotification(...signed('charge.refunded', { object: 'charge', id: 'ch_old', payment_intent: 'pi_test_9', metadata: {}, amount_refunded: 499, currency: 'usd' }, 'evt_old'));
    expect(event).toMatchObject({ orderNo: request.orderNo, outcome: 'refunded', amountMinor: 499 });
    // A payment that is none of our checkouts' is nothing for us.
    const stranger = offlineStripe(sessionsOf(null));
    expect((await stranger.provider.verifyNotification(...signed('charge.refunded', { object: 'charge', id: 'ch_x', payment_intent: 'pi_x', metadata: {}, amount_refunded: 5, currency: 'usd' }, 'evt_x'))).outcome).toBe('ignored');
  });

  it('answers 503 (Stripe sends the event again) when Stripe cannot be asked', async () => {
    const { provider: stripe } = offlineStripe(() => ({ status: 500, json: { error: { type: 'api_error', message: 'Stripe is down' } } }));
    await expect(stripe.verifyNotification(...signed('charge.dispute.funds_withdrawn', { object: 'dispute', id: 'dp_2', payment_intent: 'pi_test_9', amount: 499, currency: 'usd' }, 'evt_d2'))).rejects.toMatchObject({ code: 9001 });
  });
});
