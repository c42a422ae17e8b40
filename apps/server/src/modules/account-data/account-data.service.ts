import { AppError } from '@vsp/contract/app-error';
import type { AccountDataExport, AccountDeletionStatus, ConsoleAccountDeletion } from '@vsp/contract/endpoints/account-data';
import { Errors } from '@vsp/contract/error-codes';
import type { AuditTrail } from '../audit';
import type { UserRole } from '@vsp/contract/user-roles';
import type { ObjectStorage } from '../../storage/object-storage';
import { eventLoopTurn } from '../../shared/event-loop-turn';
import { mailLanguage, type Mails } from '../../shared/mails/mails';
import type { Queryable, Transaction } from '../../db/database';
import { ERASURE_STAGES, type Erasure, type ExportFile, type PersonalData, type Person } from '../../shared/personal-data';
import { buildArchive } from './account-data-archive';
import { pseudonymOf, type AccountDataRepository, type DeletionRequestRow } from './account-data.repository';

export interface AccountDataDeps {
  data: Pick<AccountDataRepository, 'pendingOf' | 'requestDeletion' | 'cancelPending' | 'due' | 'consoleList' | 'completeDue'>;
  /** Whom an account is (on the given database or transaction), and whether it was erased. */
  person: (db: Queryable | undefined, uid: number) => Promise<(Person & { erasedAt: Date | null }) | undefined>;
  /** Every module's share of a player's data, in the order of app.ts (decision 0160). */
  parts: () => readonly PersonalData[];
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
  log: { error(object: object, message: string): void };
}

/** Requests erased per sweep run; the next run takes the rest. */
const SWEEP_BATCH = 20;
const CONSOLE_LIST_LIMIT = 50;
/** The audit log's actor for erasures, which no operator does (decision 0072). */
const ERASURE_ACTOR = 'account-deletion';

/** The parts in the order an erasure runs them: by stage, and within one, the reverse of app.ts. */
function inErasureOrder(parts: readonly PersonalData[]): PersonalData[] {
  const stageOf = (part: PersonalData) => ERASURE_STAGES.indexOf(part.stage ?? 'content');
  return [...parts].reverse().sort((a, b) => stageOf(a) - stageOf(b));
}

/**
 * Issue 20, players own their data (decision 0134): the export of everything held about an account,
 * and its deletion: requested, cancelled by signing in within the grace period, then erased by the
 * sweep while orders and ledger entries stay under a pseudonym. Each module holding personal data
 * gives its share of both (decision 0160): this service reads and erases no table of theirs.
 */
export class AccountDataService {
  constructor(private readonly deps: AccountDataDeps) {}

  /**
   * Everything held about the account as one zip archive; uploads as links (`origin`: the request's).
   * Read one module's share at a time with a turn of the event loop between, and built in steps
   * (decision 0143): a long history never holds the server.
   */
  async exportArchive(uid: number, origin: string): Promise<AccountDataExport> {
    const person = await this.deps.person(undefined, uid);
    if (!person) throw new AppError(Errors.UserNotRegistered);
    const at = new Date(this.deps.now());
    const files: ExportFile[] = [{ path: 'export.json', about: 'when this archive was made, and of which account', content: { accountId: uid, exportedAt: at.toISOString(), format: 1 } }];
    const tools = { objectUrl: (key: string) => this.deps.objectUrl(key, origin) };
    for (const part of this.deps.parts()) {
      if (!part.export) continue;
      await eventLoopTurn();
      files.push(...(await part.export(person, tools)));
    }
    const archive = await buildArchive(files, at);
    return {
      fileName: `avatar-party-data-${uid}-${at.toISOString().slice(0, 10)}.zip`,
      contentType: 'application/zip',
      archive: Buffer.from(archive).toString('base64'),
      sizeBytes: archive.byteLength,
      createdAt: at.getTime(),
    };
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
      const profile = await this.deps.person(undefined, uid);
      if (profile) await send(profile.email, { nickname: profile.nickname, userName: profile.userName });
    } catch (error) {
      this.deps.log.error({ err: error, uid, lang }, 'account deletion mail not sent');
    }
  }

  /**
   * Runs before a sign-in makes a session: a pending deletion is cancelled (the player is told); an
   * account erased meanwhile (a sign-in racing the sweep) is not signed in (10008, as for an
   * unknown account).
   */
  async beforeSignIn(uid: number): Promise<'deletion_cancelled' | undefined> {
    const cancelled = await this.#cancelPending(uid);
    if ((await this.deps.person(undefined, uid))?.erasedAt) throw new AppError(Errors.UserNotRegistered);
    return cancelled ? 'deletion_cancelled' : undefined;
  }

  /** Erases the accounts whose grace period is over; answers how many (the scheduled job). */
  async sweep(): Promise<number> {
    const at = new Date(this.deps.now());
    let erased = 0;
    for (const request of await this.deps.data.due(at, SWEEP_BATCH)) {
      try {
        const done = await this.deps.data.completeDue(request.id, at, (due, tx) => this.#erase(due, tx, at));
        if (!done) continue;
        erased += 1;
        // The last mail to the address the account had; after it the address is nowhere.
        const farewell = done.farewell;
        if (farewell) {
          const data = { nickname: farewell.nickname, userName: farewell.userName, uid: done.uid, requestedAt: farewell.requestedAt };
          await this.deps.mails.send('deletion-completed', { to: farewell.email, lang: farewell.lang, data }).catch((error: unknown) => this.deps.log.error({ err: error, uid: done.uid }, 'account deletion mail not sent'));
        }
      } catch (error) {
        // One account's failure (the object store, say) must not hold up the others; it is due again next run.
        this.deps.log.error({ err: error, uid: request.uid }, 'account erasure failed');
      }
    }
    return erased;
  }

  async consoleList(): Promise<{ pending: ConsoleAccountDeletion[]; completed: ConsoleAccountDeletion[] }> {
    const { pending, completed } = await this.deps.data.consoleList(CONSOLE_LIST_LIMIT);
    const view = (row: (typeof pending)[number]): ConsoleAccountDeletion => ({
      uid: row.uid,
      userName: row.userName ?? pseudonymOf(row.uid),
      requestedAt: row.requestedAt.getTime(),
      dueAt: row.dueAt.getTime(),
      completedAt: row.completedAt ? row.completedAt.getTime() : null,
    });
    return { pending: pending.map(view), completed: completed.map(view) };
  }

  /**
   * Erases one account inside the request's transaction: every module's part, stage by stage
   * (decision 0160). Answers what was removed and whom to send the last mail.
   */
  async #erase(request: DeletionRequestRow, tx: Transaction, at: Date) {
    const { uid } = request;
    const person = await this.deps.person(tx, uid);
    const erased: Record<string, number> = {};
    if (person) {
      const pseudonym = pseudonymOf(uid);
      const removed = new Set<string>();
      const erasure: Erasure = {
        person,
        tx,
        at,
        pseudonym,
        pseudonymousEmail: `${pseudonym}@deleted.invalid`,
        addresses: new Set([person.email.toLowerCase()]),
        // Inside the transaction, before the rows go: an object store failure undoes it all.
        removeObjects: async ({ keys, openUploads = [] }) => {
          for (const upload of openUploads) await this.deps.storage.abortMultipart(upload.key, upload.storageUploadId);
          for (const key of keys) {
            if (removed.has(key)) continue;
            await this.deps.storage.delete(key);
            removed.add(key);
          }
        },
        count: (kind, rows) => {
          erased[kind] = (erased[kind] ?? 0) + rows;
        },
      };
      for (const part of inErasureOrder(this.deps.parts())) await part.erase(erasure);
    }
    // In the erasure's transaction: the entry exists exactly when the erasure does.
    await this.deps.audit({ actorName: ERASURE_ACTOR, action: 'account.erase', target: `user:${uid}`, before: erased, after: { userName: pseudonymOf(uid), ordersAndLedgerKept: true } }, tx);
    return {
      uid,
      erased,
      ...(person ? { farewell: { email: person.email, nickname: person.nickname, userName: person.userName, lang: request.lang, requestedAt: request.requestedAt } } : {}),
    };
  }
}

function statusOf(request: DeletionRequestRow | undefined): AccountDeletionStatus {
  return { pending: request ? { requestedAt: request.requestedAt.getTime(), dueAt: request.dueAt.getTime() } : null };
}
