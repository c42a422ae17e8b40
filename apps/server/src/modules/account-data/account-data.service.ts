import { AppError } from '@vsp/contract/app-error';
import type { AccountDataExport, AccountDeletionStatus, ConsoleAccountDeletion } from '@vsp/contract/endpoints/account-data';
import { Errors } from '@vsp/contract/error-codes';
import type { AuditTrail } from '../audit';
import type { UserRole } from '@vsp/contract/user-roles';
import type { ObjectStorage } from '../../storage/object-storage';
import { eventLoopTurn } from '../../shared/event-loop-turn';
import { mailLanguage, type Mails } from '../../shared/mails/mails';
import { buildArchive } from './account-data-archive';
import { pseudonymOf, type AccountDataRepository, type DeletionRequestRow, type ErasedAccount, type LedgerCursor } from './account-data.repository';

export interface AccountDataDeps {
  data: Pick<
    AccountDataRepository,
    | 'profile'
    | 'sessionsOf'
    | 'passkeysOf'
    | 'ordersOf'
    | 'ledgerPage'
    | 'redemptionsOf'
    | 'songsOf'
    | 'outfitsOf'
    | 'supportMessagesOf'
    | 'pendingOf'
    | 'parentalOf'
    | 'requestDeletion'
    | 'cancelPending'
    | 'isErased'
    | 'due'
    | 'consoleList'
    | 'erase'
  >;
  storage: Pick<ObjectStorage, 'delete' | 'abortMultipart'>;
  /** Where a stored object is served (the uploads module's links). */
  objectUrl: (key: string, origin: string) => string;
  /** Ends a user's other sessions when they ask for deletion. */
  endOtherSessions: (uid: number, keepSessionId: number) => Promise<unknown>;
  audit: AuditTrail;
  /** The notices of a request, its cancellation and its completion, in the language of the request. */
  mails: Mails;
  now: () => number;
  graceMs: number;
  log?: { error(object: object, message: string): void };
}

type LedgerPage = Awaited<ReturnType<AccountDataRepository['ledgerPage']>>;

/** Ledger entries read by one statement of an export (decision 0143). */
const LEDGER_PAGE = 500;
/** Requests erased per sweep run; the next run takes the rest. */
const SWEEP_BATCH = 20;
const CONSOLE_LIST_LIMIT = 50;
/** The audit log's actor for erasures, which no operator does (decision 0072). */
const ERASURE_ACTOR = 'account-deletion';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Issue 20, players own their data (decision 0134): the export of everything held about an account,
 * and its deletion: requested, cancelled by signing in within the grace period, then erased by the
 * sweep while orders and ledger entries stay under a pseudonym.
 */
export class AccountDataService {
  constructor(private readonly deps: AccountDataDeps) {}

  /**
   * Everything held about the account as one zip archive; uploads as links (`origin`: the request's).
   * Read one part at a time, the ledger a page at a time, with a turn of the event loop between
   * reads, and built in steps (decision 0143): a long history never holds the server.
   */
  async exportArchive(uid: number, origin: string): Promise<AccountDataExport> {
    const { data } = this.deps;
    const profile = await data.profile(uid);
    if (!profile) throw new AppError(Errors.UserNotRegistered);
    const read = async <T>(part: () => PromiseLike<T>): Promise<T> => {
      await eventLoopTurn();
      return part();
    };
    const sessions = await read(() => data.sessionsOf(uid));
    const keys = await read(() => data.passkeysOf(uid));
    const orders = await read(() => data.ordersOf(uid));
    const ledger = await this.#ledgerOf(uid);
    const redemptions = await read(() => data.redemptionsOf(uid));
    const songs = await read(() => data.songsOf(uid));
    const outfits = await read(() => data.outfitsOf(uid));
    const supportMessages = await read(() => data.supportMessagesOf(profile.email));
    const pending = await read(() => data.pendingOf(uid));
    const parental = await read(() => data.parentalOf(uid));
    const at = new Date(this.deps.now());
    const link = (key: string) => this.deps.objectUrl(key, origin);
    const archive = await buildArchive(
      {
        'export.json': { accountId: uid, exportedAt: at.toISOString(), format: 1 },
        'profile.json': { ...profile, createdAt: iso(profile.createdAt) },
        'sessions.json': sessions.map((s) => ({ ...s, createdAt: iso(s.createdAt), lastSeenAt: iso(s.lastSeenAt), expiresAt: iso(s.expiresAt), revokedAt: iso(s.revokedAt) })),
        'passkeys.json': keys.map((k) => ({ ...k, createdAt: iso(k.createdAt), lastUsedAt: iso(k.lastUsedAt) })),
        'orders.json': orders.map((o) => ({ ...o, createdAt: iso(o.createdAt), paidAt: iso(o.paidAt), fulfilledAt: iso(o.fulfilledAt), refundedAt: iso(o.refundedAt) })),
        'ledger.json': ledger.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
        'gift-code-redemptions.json': redemptions.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
        'uploads/songs.json': songs.map(({ objectKey, ...s }) => ({ ...s, url: link(objectKey), createdAt: iso(s.createdAt) })),
        'uploads/outfits.json': outfits.map(({ objectKey, ...o }) => ({ ...o, url: o.uploadStatus === 'success' ? link(objectKey) : null, createdAt: iso(o.createdAt) })),
        'support-messages.json': supportMessages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
        'parental-controls.json': parental,
        'account-deletion.json': pending ? { requestedAt: iso(pending.requestedAt), dueAt: iso(pending.dueAt) } : null,
      },
      at,
    );
    return {
      fileName: `avatar-party-data-${uid}-${at.toISOString().slice(0, 10)}.zip`,
      contentType: 'application/zip',
      archive: Buffer.from(archive).toString('base64'),
      sizeBytes: archive.byteLength,
      createdAt: at.getTime(),
    };
  }

  /** The account's ledger, newest first, read LEDGER_PAGE entries at a time. */
  async #ledgerOf(uid: number) {
    const entries: Omit<LedgerPage[number], 'cursor'>[] = [];
    for (let after: LedgerCursor | null = null; ; ) {
      await eventLoopTurn();
      const page = await this.deps.data.ledgerPage(uid, after, LEDGER_PAGE);
      for (const { cursor: _cursor, ...entry } of page) entries.push(entry);
      if (page.length < LEDGER_PAGE) return entries;
      after = page.at(-1)!.cursor;
    }
  }

  async status(uid: number): Promise<AccountDeletionStatus> {
    return statusOf(await this.deps.data.pendingOf(uid));
  }

  /**
   * Asks for the account's deletion after the grace period. The caller's other sessions end, so
   * the account is used again only by signing in, which cancels it. Operators' accounts are not
   * deleted this way (their names stay on the audit log): 40300.
   */
  async request(user: { uid: number; role: UserRole; sessionId: number }, lang?: string): Promise<AccountDeletionStatus> {
    if (user.role === 'operator') throw new AppError(Errors.Forbidden);
    const now = this.deps.now();
    const { request, created } = await this.deps.data.requestDeletion(user.uid, new Date(now), new Date(now + this.deps.graceMs), mailLanguage(lang));
    await this.deps.endOtherSessions(user.uid, user.sessionId);
    if (created) await this.#tell(user.uid, request.lang, (to, profile) => this.deps.mails.send('deletion-requested', { to, lang: request.lang, data: { ...profile, dueAt: request.dueAt } }));
    return statusOf(request);
  }

  async cancel(uid: number): Promise<AccountDeletionStatus> {
    await this.#cancelPending(uid);
    return { pending: null };
  }

  /** Cancels a pending request and tells the player, in the language they asked in. */
  async #cancelPending(uid: number): Promise<boolean> {
    const cancelled = await this.deps.data.cancelPending(uid, new Date(this.deps.now()));
    if (cancelled) await this.#tell(uid, cancelled.lang, (to, profile) => this.deps.mails.send('deletion-cancelled', { to, lang: cancelled.lang, data: profile }));
    return Boolean(cancelled);
  }

  /** Mails the account's owner; a mail that cannot go out is logged and never undoes what was done. */
  async #tell(uid: number, lang: string, send: (to: string, profile: { nickname: string; userName: string }) => Promise<void>): Promise<void> {
    try {
      const profile = await this.deps.data.profile(uid);
      if (profile) await send(profile.email, { nickname: profile.nickname, userName: profile.userName });
    } catch (error) {
      this.deps.log?.error({ err: error, uid, lang }, 'account deletion mail not sent');
    }
  }

  /**
   * Runs before a sign-in makes a session: a pending deletion is cancelled (the player is told); an
   * account erased meanwhile (a sign-in racing the sweep) is not signed in (10008, as for an
   * unknown account).
   */
  async beforeSignIn(uid: number): Promise<'deletion_cancelled' | undefined> {
    const cancelled = await this.#cancelPending(uid);
    if (await this.deps.data.isErased(uid)) throw new AppError(Errors.UserNotRegistered);
    return cancelled ? 'deletion_cancelled' : undefined;
  }

  /** Erases the accounts whose grace period is over; answers how many (the scheduled job). */
  async sweep(): Promise<number> {
    const at = new Date(this.deps.now());
    let erased = 0;
    for (const request of await this.deps.data.due(at, SWEEP_BATCH)) {
      try {
        const done = await this.deps.data.erase(request.id, at, (account) => this.removeObjects(account));
        if (!done) continue;
        erased += 1;
        await this.deps.audit({ actorName: ERASURE_ACTOR, action: 'account.erase', target: `user:${done.uid}`, before: done.erased, after: { userName: pseudonymOf(done.uid), ordersAndLedgerKept: true } });
        // The last mail to the address the account had; after it the address is nowhere.
        const farewell = done.farewell;
        if (farewell) {
          const data = { nickname: farewell.nickname, userName: farewell.userName, uid: done.uid, requestedAt: farewell.requestedAt };
          await this.deps.mails.send('deletion-completed', { to: farewell.email, lang: farewell.lang, data }).catch((error: unknown) => this.deps.log?.error({ err: error, uid: done.uid }, 'account deletion mail not sent'));
        }
      } catch (error) {
        // One account's failure (the object store, say) must not hold up the others; it is due again next run.
        this.deps.log?.error({ err: error, uid: request.uid }, 'account erasure failed');
      }
    }
    return erased;
  }

  async consoleList(): Promise<{ pending: ConsoleAccountDeletion[]; completed: ConsoleAccountDeletion[] }> {
    const { pending, completed } = await this.deps.data.consoleList(CONSOLE_LIST_LIMIT);
    const view = (row: (typeof pending)[number]): ConsoleAccountDeletion => ({
      uid: row.uid,
      userName: row.userName,
      requestedAt: row.requestedAt.getTime(),
      dueAt: row.dueAt.getTime(),
      completedAt: row.completedAt ? row.completedAt.getTime() : null,
    });
    return { pending: pending.map(view), completed: completed.map(view) };
  }

  private async removeObjects({ objectKeys, openUploads }: Omit<ErasedAccount, 'erased' | 'farewell'>): Promise<void> {
    for (const upload of openUploads) await this.deps.storage.abortMultipart(upload.key, upload.storageUploadId);
    for (const key of objectKeys) await this.deps.storage.delete(key);
  }
}

function statusOf(request: DeletionRequestRow | undefined): AccountDeletionStatus {
  return { pending: request ? { requestedAt: request.requestedAt.getTime(), dueAt: request.dueAt.getTime() } : null };
}
