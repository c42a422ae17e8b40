import { AppError } from '@vsp/contract/app-error';
import type { ConsoleUser } from '@vsp/contract/endpoints/console';
import { Errors } from '@vsp/contract/error-codes';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditTrail } from '../audit';
import type { SessionsRepository } from '../sessions';
import { accountErasedError, type AccountsRepository, type UserRow } from '../accounts';

export interface UserModerationDeps {
  accounts: Pick<AccountsRepository, 'findByUid' | 'findByLogin' | 'setBlocked'>;
  /** Since when a parent manages the account (issue 32), or null: the parental module's answer. */
  parentManagedSince: (uid: number) => Promise<Date | null>;
  sessions: Pick<SessionsRepository, 'listLiveOf' | 'revokeAllOf'>;
  audit: AuditTrail;
  /** Ending an account's sessions and its audit entry, in one transaction. */
  transaction: InTransaction;
  now: () => number;
}

/**
 * What operators do to accounts in the console: find one, block or unblock it, end its sessions.
 * Every change writes one audit entry with the state before and after.
 */
export class UserModerationService {
  constructor(private readonly deps: UserModerationDeps) {}

  private async toUser(row: UserRow): Promise<ConsoleUser> {
    const live = await this.deps.sessions.listLiveOf(row.uid, new Date(this.deps.now()));
    const parentSince = await this.deps.parentManagedSince(row.uid);
    return {
      uid: row.uid,
      userName: row.userName,
      email: row.email,
      nickname: row.nickname,
      role: row.role,
      blocked: row.blocked,
      erasedAt: row.erasedAt ? row.erasedAt.getTime() : null,
      createdAt: row.createdAt.getTime(),
      liveSessions: live.length,
      parentManagedSince: parentSince ? parentSince.getTime() : null,
    };
  }

  /** By account ID (all digits), else by user name or e-mail. */
  async searchUsers(q: string): Promise<ConsoleUser[]> {
    const query = q.trim();
    const found: UserRow[] = [];
    if (/^\d{1,15}$/.test(query)) {
      const byUid = await this.deps.accounts.findByUid(Number(query));
      if (byUid) found.push(byUid);
    }
    const byLogin = query ? await this.deps.accounts.findByLogin(query) : undefined;
    if (byLogin && !found.some((u) => u.uid === byLogin.uid)) found.push(byLogin);
    return Promise.all(found.map((row) => this.toUser(row)));
  }

  async setBlocked(actorUid: number, uid: number, blocked: boolean): Promise<ConsoleUser> {
    const before = await this.deps.accounts.findByUid(uid);
    if (!before) throw new AppError(Errors.NotFound);
    // The statement leaves an erased account blocked (and answers nothing), erased before or meanwhile.
    const at = new Date(this.deps.now());
    const after = await this.deps.accounts.setBlocked(uid, blocked, async (tx, row) => {
      if (blocked) await this.deps.sessions.revokeAllOf(uid, at, tx);
      await this.deps.audit({ actorUid, action: blocked ? 'user.block' : 'user.unblock', target: `user:${uid}`, before: { blocked: before.blocked }, after: { blocked: row.blocked } }, tx);
    });
    if (!after) throw accountErasedError();
    return this.toUser(after);
  }

  async revokeSessions(actorUid: number, uid: number): Promise<ConsoleUser> {
    const user = await this.deps.accounts.findByUid(uid);
    if (!user) throw new AppError(Errors.NotFound);
    const at = new Date(this.deps.now());
    const live = await this.deps.sessions.listLiveOf(uid, at);
    await this.deps.transaction(async (tx) => {
      await this.deps.sessions.revokeAllOf(uid, at, tx);
      await this.deps.audit({ actorUid, action: 'user.revoke-sessions', target: `user:${uid}`, before: { liveSessions: live.length }, after: { liveSessions: 0 } }, tx);
    });
    return this.toUser(user);
  }
}
