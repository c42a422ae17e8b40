import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../platform';
import type { DatabaseHandle } from '../db/database';
import { createTestApp, type TestApp } from './test-app';
import { seedCatalogue } from '../seed/seed-demo';
import type { DeliverFn, SandboxEventBody } from '../modules/payments/sandbox/sandbox-gateway';
import { signSandboxPayload } from '../modules/payments/sandbox/sandbox-signature';

/** Helpers the top-up tests share: sign-and-call, order creation, the sandbox checkout as a payer. */
export function rechargeKit(t: TestApp) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope holds
  const body = (response: LightMyRequestResponse) => response.json() as { status: number; data: any; errInfo?: { code: number } };

  /** The sandbox gateway's deliveries, routed into this app instead of over the network. */
  const deliver: DeliverFn = async (url, payload, headers) =>
    (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload, headers: { ...headers, 'content-type': 'application/json' } })).statusCode;

  return {
    body,
    deliver,
    async get(url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
      return t.app.inject({ method: 'GET', url, query: t.sign(query), headers });
    },
    /** The session headers of a signed-in account, as the website sends them. */
    async signIn(uid: number): Promise<Record<string, string>> {
      // An operator's session counts as having verified its second factor (players ignore it).
      const { token } = await t.app.sessions.create(uid, 'test', { secondFactor: 'totp' });
      return { token, uid: String(uid) };
    },
    async createOrder(
      input: { uid: number; kind?: 'product' | 'gift_pack'; itemId: number; paymentMethodId: number; idempotencyKey?: string; email?: string },
      remoteAddress?: string,
      headers: Record<string, string> = {},
    ) {
      return t.app.inject({
        method: 'POST',
        url: '/v1/recharge/order',
        payload: t.sign({ kind: 'product', idempotencyKey: randomBytes(12).toString('hex'), returnPath: '/recharge', ...input }),
        headers,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
    async order(orderNo: string) {
      return body(await t.app.inject({ method: 'GET', url: '/v1/recharge/order', query: t.sign({ orderNo }) })).data;
    },
    /** The payer's button on the hosted checkout page. */
    async checkout(checkoutUrl: string, action: 'pay' | 'pay_hold' | 'release' | 'decline' | 'abandon') {
      return t.app.inject({ method: 'POST', url: checkoutUrl, payload: `action=${action}&lang=en`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    },
    async dispatch() {
      return t.app.payments.sandbox!.dispatchDue(deliver);
    },
    /**
     * Posts one sandbox gateway event signed with the gateway's secret, as the gateway would: an
     * event, or a body as it is (a replay, a field left out).
     */
    async notify(event: string | (Omit<SandboxEventBody, 'created'> & { created?: number })) {
      const payload = typeof event === 'string' ? event : JSON.stringify({ created: Date.now(), ...event });
      return t.app.inject({
        method: 'POST',
        url: '/v1/payment/notify/sandbox',
        payload,
        headers: { 'content-type': 'application/json', 'sandbox-signature': signSandboxPayload(t.config.SANDBOX_SECRET, payload, Date.now()) },
      });
    },
    async catalogue(country?: string) {
      return body(await t.app.inject({ method: 'GET', url: '/v1/recharge/catalogue', query: t.sign(country ? { country } : {}) })).data;
    },
  };
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A top-up test's app: the demo catalogue, payments confirmed at once, no address limit, and every
 * mail it sends kept in `mails`. Answers the kit with the sandbox card and a product and pack id.
 */
export async function rechargeTestApp(database: DatabaseHandle, options: Pick<AppDeps, 'now'> = {}) {
  const mails: SentMail[] = [];
  const t = await createTestApp({
    database,
    ...options,
    mailer: { kind: 'outbox', send: async (message) => void mails.push(message), close: () => undefined },
    env: { SANDBOX_CONFIRM_DELAY_MS: '0', RECHARGE_LIMIT_PER_ADDRESS: '100000' },
  });
  const kit = rechargeKit(t);
  await seedCatalogue(t.app.rechargeRepository);
  const catalogue = await kit.catalogue();
  const cardId: number = catalogue.paymentMethods.find((m: { name: string }) => m.name === 'Sandbox Card').id;
  return { t, kit, mails, catalogue, cardId, productId: catalogue.products[1].id as number };
}
