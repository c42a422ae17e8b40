import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accountDeletionRequests } from './account-deletions.schema';
import { analyticsEvents, analyticsPageViews, clientErrorReports } from '../analytics/analytics.schema';
import { auditLog } from '../audit/audit.schema';
import { giftCampaigns, giftRedemptions } from '../gift-codes/gift-codes.schema';
import { ledgerEntries } from '../wallet/wallet.schema';
import { musicSubmissions } from '../music/music.schema';
import { outfitSubmissions } from '../outfits/outfits.schema';
import { passkeys } from '../passkeys/passkeys.schema';
import { passwordResets } from '../accounts/password-resets.schema';
import { paymentNotifications, topUpOrders } from '../recharge/recharge.schema';
import { sessions } from '../sessions/sessions.schema';
import { supportMessages } from '../support/support.schema';
import { uploadSessions } from '../uploads/uploads.schema';
import { users } from '../accounts/users.schema';
import { ParentalRepository } from '../parental';
import { accountPayer, ordersTheOwnerSees } from '../recharge';

export type DeletionRequestRow = typeof accountDeletionRequests.$inferSelect;

/** Where a page of the ledger ends: its last entry's time (as the database's text) and id. */
export interface LedgerCursor {
  at: string;
  id: number;
}

/** The pseudonym an erased account keeps: its user name and nickname (decision 0134). */
export const pseudonymOf = (uid: number) => `deleted-${uid}`;

/** What erasing an account left for the object store: objects to delete and multipart uploads to abort. */
export interface ErasedAccount {
  uid: number;
  objectKeys: string[];
  openUploads: { key: string; storageUploadId: string }[];
  erased: { sessions: number; songs: number; outfits: number; uploads: number; supportMessages: number };
  /** Whom the last mail goes to: the address, names and request language as they were before the erasure (held only until it is sent). */
  farewell?: { email: string; nickname: string; userName: string; lang: string; requestedAt: Date };
}

/**
 * Everything the platform holds about one account, read for its export, and the deletion requests:
 * the SQL of issue 20 in one place. Erasure is one transaction across the tables that hold personal
 * data; orders and ledger entries stay (decision 0134).
 */
/** `text` with every one of `addresses` (lower case) replaced, whatever its case. */
function withoutAddresses(text: string, addresses: readonly string[], replacement: string): string {
  let out = text;
  for (const address of addresses) out = out.replace(new RegExp(address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), replacement);
  return out;
}

/**
 * A stored JSON value without a person: a string that is their user name or nickname becomes the
 * pseudonym, their addresses inside any string become the pseudonymous address.
 */
function withoutPerson(value: unknown, names: ReadonlySet<string>, pseudonym: string, addresses: readonly string[], replacement: string): unknown {
  if (typeof value === 'string') return names.has(value.toLowerCase()) ? pseudonym : withoutAddresses(value, addresses, replacement);
  if (Array.isArray(value)) return value.map((item) => withoutPerson(item, names, pseudonym, addresses, replacement));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutPerson(item, names, pseudonym, addresses, replacement)]));
  return value;
}

export class AccountDataRepository {
  constructor(private readonly db: Database) {}

  async profile(uid: number) {
    const [row] = await this.db
      .select({ uid: users.uid, userName: users.userName, email: users.email, nickname: users.nickname, role: users.role, blocked: users.blocked, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.uid, uid));
    return row;
  }

  /** Sessions without their token hashes. */
  sessionsOf(uid: number) {
    return this.db
      .select({ id: sessions.id, device: sessions.device, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.uid, uid))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
  }

  /** The account's passkeys: when added and last used, never the keys themselves. */
  passkeysOf(uid: number) {
    return this.db
      .select({ id: passkeys.id, transports: passkeys.transports, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.uid, uid))
      .orderBy(asc(passkeys.id));
  }

  ordersOf(uid: number) {
    return this.db
      .select({
        orderNo: topUpOrders.orderNo,
        kind: topUpOrders.kind,
        contents: topUpOrders.contents,
        priceMinor: topUpOrders.priceMinor,
        currency: topUpOrders.currency,
        paymentMethod: topUpOrders.paymentMethodName,
        status: topUpOrders.status,
        // The address a receipt went to, when it is the owner's: the owner placed the order, or
        // gave the account's own address. A friend's or a stranger's address is theirs (issue 28).
        receiptEmail: sql<string | null>`case when ${topUpOrders.payer} = ${accountPayer(uid)} or lower(${topUpOrders.email}) = (select lower(${users.email}) from ${users} where ${users.uid} = ${uid}) then ${topUpOrders.email} end`,
        createdAt: topUpOrders.createdAt,
        paidAt: topUpOrders.paidAt,
        fulfilledAt: topUpOrders.fulfilledAt,
        refundedAt: topUpOrders.refundedAt,
      })
      .from(topUpOrders)
      .where(ordersTheOwnerSees(uid))
      .orderBy(desc(topUpOrders.createdAt), desc(topUpOrders.id));
  }

  /**
   * Up to `limit` of the account's ledger entries, newest first, after the entry `after` names (null:
   * from the newest): the longest list of an export, read a page at a time (decision 0143). The
   * cursor keeps the time as the database's text, to the microsecond a Date would lose.
   */
  ledgerPage(uid: number, after: LedgerCursor | null, limit: number) {
    return this.db
      .select({
        asset: ledgerEntries.asset,
        delta: ledgerEntries.delta,
        reason: ledgerEntries.reason,
        reference: ledgerEntries.reference,
        createdAt: ledgerEntries.createdAt,
        cursor: { at: sql<string>`${ledgerEntries.createdAt}::text`, id: ledgerEntries.id },
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.uid, uid), after ? sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit);
  }

  redemptionsOf(uid: number) {
    return this.db
      .select({ id: giftRedemptions.id, campaign: giftCampaigns.name, code: giftRedemptions.code, contents: giftCampaigns.contents, createdAt: giftRedemptions.createdAt })
      .from(giftRedemptions)
      .innerJoin(giftCampaigns, eq(giftCampaigns.id, giftRedemptions.campaignId))
      .where(eq(giftRedemptions.uid, uid))
      .orderBy(desc(giftRedemptions.createdAt), desc(giftRedemptions.id));
  }

  songsOf(uid: number) {
    return this.db
      .select({
        id: musicSubmissions.id,
        songName: musicSubmissions.songName,
        singer: musicSubmissions.singer,
        language: musicSubmissions.language,
        objectKey: musicSubmissions.objectKey,
        sizeBytes: musicSubmissions.sizeBytes,
        durationMs: musicSubmissions.durationMs,
        state: musicSubmissions.state,
        reviewCategory: musicSubmissions.reviewCategory,
        reviewNote: musicSubmissions.reviewReason,
        createdAt: musicSubmissions.createdAt,
      })
      .from(musicSubmissions)
      .where(eq(musicSubmissions.uid, uid))
      .orderBy(desc(musicSubmissions.createdAt), desc(musicSubmissions.id));
  }

  outfitsOf(uid: number) {
    return this.db
      .select({
        id: outfitSubmissions.id,
        gender: outfitSubmissions.gender,
        componentType: outfitSubmissions.componentType,
        objectKey: outfitSubmissions.objectKey,
        sizeBytes: outfitSubmissions.size,
        uploadStatus: outfitSubmissions.uploadStatus,
        reviewState: outfitSubmissions.reviewState,
        reviewCategory: outfitSubmissions.reviewCategory,
        reviewNote: outfitSubmissions.reviewReason,
        createdAt: outfitSubmissions.createdAt,
      })
      .from(outfitSubmissions)
      .where(eq(outfitSubmissions.uid, uid))
      .orderBy(desc(outfitSubmissions.createdAt), desc(outfitSubmissions.id));
  }

  /** The parent link (without the PIN's hash), its one-time links' dates and the purchase notices (issue 32). */
  parentalOf(uid: number) {
    return new ParentalRepository(this.db).exportOf(uid);
  }

  /** Customer-service messages left with the account's e-mail (the form does not need a session). */
  supportMessagesOf(email: string) {
    return this.db
      .select({ reference: supportMessages.reference, name: supportMessages.name, email: supportMessages.email, topic: supportMessages.topic, message: supportMessages.message, status: supportMessages.status, createdAt: supportMessages.createdAt })
      .from(supportMessages)
      .where(sql`lower(${supportMessages.email}) = ${email.toLowerCase()}`)
      .orderBy(desc(supportMessages.createdAt));
  }

  async pendingOf(uid: number): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.uid, uid), eq(accountDeletionRequests.state, 'pending')));
    return row;
  }

  /**
   * Records a pending request (with the language its mails are written in) unless one is pending
   * already; answers the pending one either way, and whether this call made it.
   */
  async requestDeletion(uid: number, requestedAt: Date, dueAt: Date, lang: string): Promise<{ request: DeletionRequestRow; created: boolean }> {
    const inserted = await this.db.insert(accountDeletionRequests).values({ uid, requestedAt, dueAt, lang }).onConflictDoNothing().returning({ id: accountDeletionRequests.id });
    return { request: (await this.pendingOf(uid))!, created: inserted.length > 0 };
  }

  /** Cancels the account's pending request; answers it, or nothing when none was pending. */
  async cancelPending(uid: number, at: Date): Promise<DeletionRequestRow | undefined> {
    const [row] = await this.db
      .update(accountDeletionRequests)
      .set({ state: 'cancelled', cancelledAt: at })
      .where(and(eq(accountDeletionRequests.uid, uid), eq(accountDeletionRequests.state, 'pending')))
      .returning();
    return row;
  }

  async isErased(uid: number): Promise<boolean> {
    const [row] = await this.db.select({ erasedAt: users.erasedAt }).from(users).where(eq(users.uid, uid));
    return Boolean(row?.erasedAt);
  }

  /** Pending requests whose grace period is over, oldest due first. */
  due(at: Date, limit: number): Promise<DeletionRequestRow[]> {
    return this.db
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.state, 'pending'), lte(accountDeletionRequests.dueAt, at)))
      .orderBy(asc(accountDeletionRequests.dueAt))
      .limit(limit);
  }

  /** For operators: pending requests, oldest first, and the latest completed ones. */
  async consoleList(limit: number) {
    const columns = { uid: accountDeletionRequests.uid, userName: users.userName, requestedAt: accountDeletionRequests.requestedAt, dueAt: accountDeletionRequests.dueAt, completedAt: accountDeletionRequests.completedAt };
    const pending = await this.db
      .select(columns)
      .from(accountDeletionRequests)
      .innerJoin(users, eq(users.uid, accountDeletionRequests.uid))
      .where(eq(accountDeletionRequests.state, 'pending'))
      .orderBy(asc(accountDeletionRequests.dueAt))
      .limit(limit);
    const completed = await this.db
      .select(columns)
      .from(accountDeletionRequests)
      .innerJoin(users, eq(users.uid, accountDeletionRequests.uid))
      .where(and(eq(accountDeletionRequests.state, 'completed'), isNotNull(accountDeletionRequests.completedAt)))
      .orderBy(desc(accountDeletionRequests.completedAt))
      .limit(limit);
    return { pending, completed };
  }

  /**
   * Erases the account of a pending request that is due, in one transaction that holds the request
   * row: a sign-in that would cancel it waits, then finds it completed. `removeObjects` runs inside,
   * before the rows go, so an object store failure leaves everything for the next sweep. Answers
   * undefined when the request is no longer pending (cancelled meanwhile, or done by another run).
   */
  async erase(requestId: number, at: Date, removeObjects: (account: Omit<ErasedAccount, 'erased' | 'farewell'>) => Promise<void>): Promise<ErasedAccount | undefined> {
    return this.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(accountDeletionRequests)
        .where(and(eq(accountDeletionRequests.id, requestId), eq(accountDeletionRequests.state, 'pending'), lte(accountDeletionRequests.dueAt, at)))
        .for('update');
      if (!request) return undefined;
      const { uid } = request;
      const [account] = await tx.select({ email: users.email, userName: users.userName, nickname: users.nickname }).from(users).where(eq(users.uid, uid));
      const uploads = await tx.select({ key: uploadSessions.objectKey, storageUploadId: uploadSessions.storageUploadId, state: uploadSessions.state }).from(uploadSessions).where(eq(uploadSessions.uid, uid));
      const songKeys = await tx.select({ key: musicSubmissions.objectKey }).from(musicSubmissions).where(eq(musicSubmissions.uid, uid));
      const outfitKeys = await tx.select({ key: outfitSubmissions.objectKey }).from(outfitSubmissions).where(eq(outfitSubmissions.uid, uid));
      const objectKeys = [...new Set([...uploads.filter((u) => u.state !== 'open'), ...songKeys, ...outfitKeys].map((row) => row.key))];
      const openUploads = uploads.filter((u) => u.state === 'open').map(({ key, storageUploadId }) => ({ key, storageUploadId }));
      await removeObjects({ uid, objectKeys, openUploads });

      const songs = await tx.delete(musicSubmissions).where(eq(musicSubmissions.uid, uid)).returning({ id: musicSubmissions.id });
      const outfits = await tx.delete(outfitSubmissions).where(eq(outfitSubmissions.uid, uid)).returning({ id: outfitSubmissions.id });
      const removedUploads = await tx.delete(uploadSessions).where(eq(uploadSessions.uid, uid)).returning({ id: uploadSessions.id });
      const removedSessions = await tx.delete(sessions).where(eq(sessions.uid, uid)).returning({ id: sessions.id });
      await tx.delete(passwordResets).where(eq(passwordResets.uid, uid));
      // The parent link, its links and sessions, the purchase notices (issue 32).
      await new ParentalRepository(tx).eraseOf(uid);
      await tx.delete(passkeys).where(eq(passkeys.uid, uid));
      const email = account?.email.toLowerCase() ?? '';
      // Messages left with the account's address, and those that named the account under another one.
      const messages = await tx
        .delete(supportMessages)
        .where(or(sql`lower(${supportMessages.email}) = ${email}`, eq(supportMessages.uid, uid)))
        .returning({ id: supportMessages.id });
      // Analytics keep their counts without the claimed account ID.
      await tx.update(analyticsPageViews).set({ uid: null }).where(eq(analyticsPageViews.uid, uid));
      await tx.update(analyticsEvents).set({ uid: null }).where(eq(analyticsEvents.uid, uid));
      await tx.update(clientErrorReports).set({ uid: null }).where(eq(clientErrorReports.uid, uid));
      // Orders stay for accounting; the addresses their receipts went to do not: orders for the
      // account, those it paid for other accounts, and any sent to its address (issue 28). The
      // provider's stored notices of those orders lose the same addresses.
      const ordersOfPerson = or(eq(topUpOrders.uid, uid), eq(topUpOrders.payer, accountPayer(uid)), sql`lower(${topUpOrders.email}) = ${email}`);
      const touched = await tx.select({ orderNo: topUpOrders.orderNo, email: topUpOrders.email }).from(topUpOrders).where(ordersOfPerson);
      const addresses = [...new Set([email, ...touched.map((o) => o.email?.toLowerCase() ?? '')].filter(Boolean))];
      await tx.update(topUpOrders).set({ email: null }).where(ordersOfPerson);
      const pseudonym = pseudonymOf(uid);
      const replacement = `${pseudonym}@deleted.invalid`;
      if (touched.length > 0 && addresses.length > 0) {
        const notices = await tx.select({ id: paymentNotifications.id, payload: paymentNotifications.payload, event: paymentNotifications.event }).from(paymentNotifications).where(inArray(paymentNotifications.orderNo, touched.map((o) => o.orderNo)));
        for (const notice of notices) {
          const payload = withoutAddresses(notice.payload, addresses, replacement);
          const event = JSON.parse(withoutAddresses(JSON.stringify(notice.event), addresses, replacement)) as typeof notice.event;
          if (payload !== notice.payload || JSON.stringify(event) !== JSON.stringify(notice.event)) await tx.update(paymentNotifications).set({ payload, event }).where(eq(paymentNotifications.id, notice.id));
        }
      }
      // The audit log keeps what operators did, not who the person was: entries about the account
      // (the admin CLI's user.create names the user) and any naming its address.
      if (account) {
        const entries = await tx
          .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
          .from(auditLog)
          .where(or(eq(auditLog.target, `user:${uid}`), sql`position(${email} in lower(${auditLog.before}::text)) > 0`, sql`position(${email} in lower(${auditLog.after}::text)) > 0`));
        const names = new Set([account.userName.toLowerCase(), account.nickname.toLowerCase()]);
        for (const entry of entries) {
          const before = withoutPerson(entry.before, names, pseudonym, addresses, replacement);
          const after = withoutPerson(entry.after, names, pseudonym, addresses, replacement);
          if (JSON.stringify([before, after]) !== JSON.stringify([entry.before, entry.after])) await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, entry.id));
        }
      }
      await tx
        .update(users)
        .set({ userName: pseudonym, nickname: pseudonym, email: `${pseudonym}@deleted.invalid`, passwordHash: '', blocked: true, erasedAt: at })
        .where(eq(users.uid, uid));
      await tx.update(accountDeletionRequests).set({ state: 'completed', completedAt: at }).where(eq(accountDeletionRequests.id, requestId));
      return {
        uid,
        objectKeys,
        openUploads,
        erased: { sessions: removedSessions.length, songs: songs.length, outfits: outfits.length, uploads: removedUploads.length, supportMessages: messages.length },
        ...(account ? { farewell: { email: account.email, nickname: account.nickname, userName: account.userName, lang: request.lang, requestedAt: request.requestedAt } } : {}),
      };
    });
  }
}
