import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { NotificationRejected } from '../payment-provider';
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
  it('reads a completed paid session as a payment of the order with its amount', () => {
    const { payload, header } = fixture('checkout.session.completed', { client_reference_id: 'TU-20250601-AAAAAAAAAA', payment_status: 'paid', amount_total: 499, currency: 'usd' });
    expect(provider.verifyNotification(Buffer.from(payload), { 'stripe-signature': header })).toEqual({
      eventId: 'evt_fixture_1',
      orderNo: 'TU-20250601-AAAAAAAAAA',
      reference: 'cs_test_1',
      outcome: 'paid',
      amountMinor: 499,
      currency: 'USD',
      type: 'checkout.session.completed',
    });
  });

  it('waits on a completed session whose asynchronous payment is pending, then reads its result', () => {
    const pending = fixture('checkout.session.completed', { metadata: { orderNo: 'TU-1' }, payment_status: 'unpaid' });
    expect(provider.verifyNotification(Buffer.from(pending.payload), { 'stripe-signature': pending.header }).outcome).toBe('ignored');
    const failed = fixture('checkout.session.async_payment_failed', { client_reference_id: 'TU-1' }, 'evt_2');
    expect(provider.verifyNotification(Buffer.from(failed.payload), { 'stripe-signature': failed.header }).outcome).toBe('failed');
    const expired = fixture('checkout.session.expired', { client_reference_id: 'TU-1' }, 'evt_3');
    expect(provider.verifyNotification(Buffer.from(expired.payload), { 'stripe-signature': expired.header }).outcome).toBe('expired');
  });

  it('refuses a wrong secret, a changed body, an old signature and a missing header', () => {
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
      expect(() => provider.verifyNotification(Buffer.from(body), header ? { 'stripe-signature': header } : {})).toThrow(NotificationRejected);
    }
  });
});
