import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { sandboxDeliveries, sandboxSessions } from './sandbox.schema';
import type { CheckoutState } from '../payment-provider';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from './sandbox-signature';

export type SandboxSession = typeof sandboxSessions.$inferSelect;

export interface SandboxGatewayOptions {
  /** Shared HMAC secret of the notifications. */
  secret: string;
  /** How long a payment takes to be confirmed (and notified) after the payer pays. */
  confirmDelayMs: number;
  /** Waits between delivery attempts: seconds, then minutes, then hours. */
  retryScheduleMs: readonly number[];
  now: () => number;
}

/** How long a claimed delivery stays with one dispatcher before another may take it. */
const LEASE_MS = 30_000;

type NewSandboxSession = Pick<typeof sandboxSessions.$inferInsert, 'merchantRef' | 'amountMinor' | 'currency' | 'description' | 'returnUrl' | 'notifyUrl' | 'expiresAt'>;

/** Posts one signed notification; resolves with the HTTP status the merchant answered. */
export type DeliverFn = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export const fetchDeliver: DeliverFn = async (url, body, headers) => {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
};

export interface SandboxEventBody {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.refunded';
  created: number;
  /** `refund`: the refund's id, on payment.refunded. */
  data: { session: string; merchantRef: string; amountMinor: number; currency: string; refund?: string };
}

/**
 * The built-in payment gateway, played in process: checkout sessions a payer pays, declines or
 * abandons on the hosted page, and an outbox of signed notifications delivered to the merchant
 * with retries on a growing schedule until the merchant answers 2xx. Its state lives in its own
 * tables so deliveries survive a restart, and claims use row leases so several API processes can
 * run dispatchers side by side.
 */
export class SandboxGateway {
  constructor(
    private readonly db: Database,
    readonly options: SandboxGatewayOptions,
  ) {}

  /** Opens a session for a merchant reference, or answers the one already open for it. */
  async createSession(input: NewSandboxSession): Promise<SandboxSession> {
    const id = `sbx_${randomBytes(12).toString('hex')}`;
    await this.db.insert(sandboxSessions).values({ id, ...input }).onConflictDoNothing({ target: sandboxSessions.merchantRef });
    const [row] = await this.db.select().from(sandboxSessions).where(eq(sandboxSessions.merchantRef, input.merchantRef));
    return row!;
  }

  async session(id: string): Promise<SandboxSession | undefined> {
    const [row] = await this.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
    return row;
  }

  /** Whether the hosted page still takes a payment for this session. */
  isPayable(session: SandboxSession): boolean {
    return session.status === 'open' && session.expiresAt.getTime() > this.options.now();
  }

  /**
   * The payer pays. With `holdNotification` the gateway takes the money as usual (its state answers
   * paid once confirmed) but keeps the notification to the merchant back until `release`: the
   * merchant's view of a lost webhook, to show and test "paid at the provider, not credited".
   */
  async pay(id: string, options: { holdNotification?: boolean } = {}): Promise<SandboxSession | undefined> {
    return this.#finish(id, 'paid', 'payment.succeeded', options.holdNotification ?? false);
  }

  /**
   * Sends a session's held notifications now (a gateway dashboard's "resend"); answers how many.
   * Each is delivered, signed and retried like any other from here on.
   */
  async release(id: string): Promise<number> {
    const released = await this.db
      .update(sandboxDeliveries)
      .set({ heldAt: null, nextAttemptAt: new Date(this.options.now()) })
      .where(and(eq(sandboxDeliveries.sessionId, id), isNotNull(sandboxDeliveries.heldAt), isNull(sandboxDeliveries.deliveredAt)))
      .returning({ id: sandboxDeliveries.id });
    return released.length;
  }

  /** How many of a session's notifications the payer holds back. */
  async heldCount(id: string): Promise<number> {
    return this.db.$count(sandboxDeliveries, and(eq(sandboxDeliveries.sessionId, id), isNotNull(sandboxDeliveries.heldAt), isNull(sandboxDeliveries.deliveredAt)));
  }

  async decline(id: string): Promise<SandboxSession | undefined> {
    return this.#finish(id, 'declined', 'payment.failed', false);
  }

  async #finish(id: string, status: 'paid' | 'declined', type: SandboxEventBody['type'], hold: boolean) {
    const now = this.options.now();
    const confirmAt = new Date(now + (status === 'paid' ? this.options.confirmDelayMs : 0));
    return this.db.transaction(async (tx) => {
      const [session] = await tx
        .update(sandboxSessions)
        .set({ status, confirmAt })
        .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open'), sql`${sandboxSessions.expiresAt} > ${new Date(now)}`))
        .returning();
      if (!session) return undefined;
      await this.#notify(tx, session, type, now, confirmAt, undefined, hold);
      return session;
    });
  }

  /** Puts one signed-later notification of a session in the outbox, due at `due`. */
  async #notify(tx: Pick<Database, 'insert'>, session: SandboxSession, type: SandboxEventBody['type'], now: number, due: Date, refund?: string, hold = false) {
    const event: SandboxEventBody = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: now,
      data: { session: session.id, merchantRef: session.merchantRef, amountMinor: session.amountMinor, currency: session.currency, ...(refund ? { refund } : {}) },
    };
    await tx
      .insert(sandboxDeliveries)
      .values({ sessionId: session.id, eventId: event.id, notifyUrl: session.notifyUrl, body: JSON.stringify(event), nextAttemptAt: due, heldAt: hold ? new Date(now) : null });
  }

  async expire(id: string): Promise<void> {
    await this.db.update(sandboxSessions).set({ status: 'expired' }).where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open')));
  }

  /**
   * Returns a confirmed payment in full, as a card network would: only a paid, confirmed session of
   * the same amount and currency; asking again answers the same refund. Answers the refund's id, or
   * the reason it is refused. Like a real gateway it then notifies the merchant (payment.refunded),
   * whoever asked: the merchant's API call, or someone at the gateway (a test plays its dashboard).
   */
  async refund(id: string, amountMinor: number, currency: string): Promise<{ refundId: string } | { refused: string }> {
    const refundId = `re_${id.replace(/^sbx_/, '')}`;
    const now = this.options.now();
    const refunded = await this.db.transaction(async (tx) => {
      const [session] = await tx
        .update(sandboxSessions)
        .set({ status: 'refunded' })
        .where(
          and(
            eq(sandboxSessions.id, id),
            eq(sandboxSessions.status, 'paid'),
            lte(sandboxSessions.confirmAt, new Date(now)),
            eq(sandboxSessions.amountMinor, amountMinor),
            eq(sandboxSessions.currency, currency),
          ),
        )
        .returning();
      if (!session) return false;
      // Notified after the same settling time as a payment, as a card network's refund takes a moment.
      await this.#notify(tx, session, 'payment.refunded', now, new Date(now + this.options.confirmDelayMs), refundId);
      return true;
    });
    if (refunded) return { refundId };
    const session = await this.session(id);
    if (!session) return { refused: 'no such payment' };
    if (session.status === 'refunded') return { refundId };
    if (session.status !== 'paid' || (session.confirmAt && session.confirmAt.getTime() > this.options.now())) return { refused: `payment is ${session.status === 'paid' ? 'not confirmed yet' : session.status}` };
    return { refused: 'amount or currency differs from the payment' };
  }

  /** What the gateway says about a session: a payment counts only once it is confirmed. */
  async state(id: string): Promise<CheckoutState> {
    const session = await this.session(id);
    if (!session) return 'expired';
    if (session.status === 'refunded') return 'paid';
    if (session.status === 'paid') return session.confirmAt && session.confirmAt.getTime() > this.options.now() ? 'open' : 'paid';
    if (session.status === 'declined') return 'failed';
    if (session.status === 'expired' || session.expiresAt.getTime() <= this.options.now()) return 'expired';
    return 'open';
  }

  /**
   * Delivers the notifications that are due: claims up to `limit` (leasing them so no other
   * dispatcher takes them meanwhile), posts each signed afresh, and records success or schedules
   * the next attempt. Answers how many were delivered.
   */
  async dispatchDue(deliver: DeliverFn, limit = 20): Promise<number> {
    const now = this.options.now();
    const claimed = await this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(sandboxDeliveries)
        .where(and(isNull(sandboxDeliveries.deliveredAt), isNull(sandboxDeliveries.heldAt), lte(sandboxDeliveries.nextAttemptAt, new Date(now))))
        .orderBy(asc(sandboxDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await tx.update(sandboxDeliveries).set({ nextAttemptAt: new Date(now + LEASE_MS) }).where(eq(sandboxDeliveries.id, row.id));
      }
      return due;
    });
    let delivered = 0;
    for (const row of claimed) {
      const attempt = row.attempts + 1;
      let status = 0;
      let error: string | null = null;
      try {
        status = await deliver(row.notifyUrl, row.body, { [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(this.options.secret, row.body, this.options.now()) });
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      if (status >= 200 && status < 300) {
        delivered += 1;
        await this.db.update(sandboxDeliveries).set({ attempts: attempt, deliveredAt: new Date(this.options.now()), lastError: null }).where(eq(sandboxDeliveries.id, row.id));
      } else {
        const wait = this.options.retryScheduleMs[attempt - 1];
        const next = wait === undefined ? new Date('9999-12-31T00:00:00Z') : new Date(this.options.now() + wait);
        await this.db
          .update(sandboxDeliveries)
          .set({ attempts: attempt, nextAttemptAt: next, lastError: error ?? `HTTP ${status}` })
          .where(eq(sandboxDeliveries.id, row.id));
      }
    }
    return delivered;
  }

  async deliveries(sessionId: string) {
    return this.db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.sessionId, sessionId)).orderBy(asc(sandboxDeliveries.id));
  }
}
