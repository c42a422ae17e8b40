import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SecondFactor } from '@vsp/contract/operator-roles';
import type { Database, Queryable } from '../../db/database';
import { sessions } from './sessions.schema';
import { accountSummaryOf, type AccountSummary } from '../accounts';

export type SessionRow = typeof sessions.$inferSelect;

/** The one query of every signed-in request, prepared (see findWithAccountByTokenHash). */
function withAccountByTokenHash(db: Database) {
  return db
    .select({
      session: sessions,
      account: accountSummaryOf(sessions.uid),
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_with_account_by_token_hash');
}

export class SessionsRepository {
  /**
   * The session and its account in one query (every signed-in request reads both), built once and
   * prepared: PostgreSQL plans it once per connection, and no request pays for building its SQL.
   */
  readonly #withAccountByTokenHash: ReturnType<typeof withAccountByTokenHash>;

  constructor(private readonly db: Database) {
    this.#withAccountByTokenHash = withAccountByTokenHash(db);
  }

  async insert(values: { tokenHash: string; uid: number; device: string; expiresAt: Date; createdAt: Date; lastSeenAt: Date }): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  async findWithAccountByTokenHash(tokenHash: string): Promise<{ session: SessionRow; account: AccountSummary | null } | undefined> {
    const [row] = await this.#withAccountByTokenHash.execute({ tokenHash });
    return row;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  }

  /** Records that the session proved its second factor now (sign-in or step-up). */
  async verifySecondFactor(id: number, factor: SecondFactor, at: Date, on: Queryable = this.db): Promise<void> {
    await on.update(sessions).set({ secondFactor: factor, secondFactorAt: at, lastSeenAt: at }).where(eq(sessions.id, id));
  }

  async revoke(id: number, at: Date): Promise<void> {
    await this.#revokeWhere(eq(sessions.id, id), at);
  }

  /** Ends every live session of the account; `on` a caller's transaction (an account blocked in it, say). */
  async revokeAllOf(uid: number, at: Date, on: Queryable = this.db): Promise<void> {
    await this.#revokeWhere(eq(sessions.uid, uid), at, on);
  }

  async listLiveOf(uid: number, at: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.uid, uid), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
  }

  async revokeAllOfExcept(uid: number, keepId: number, at: Date): Promise<number> {
    return (await this.#revokeWhere(and(eq(sessions.uid, uid), ne(sessions.id, keepId)), at)).length;
  }

  /** Revokes a session only if it belongs to the user; answers whether it did. */
  async revokeOf(uid: number, id: number, at: Date): Promise<boolean> {
    return (await this.#revokeWhere(and(eq(sessions.id, id), eq(sessions.uid, uid)), at)).length === 1;
  }

  /** Revokes the live sessions `which` names; answers their ids. */
  #revokeWhere(which: SQL | undefined, at: Date, on: Queryable = this.db) {
    return on.update(sessions).set({ revokedAt: at }).where(and(which, isNull(sessions.revokedAt))).returning({ id: sessions.id });
  }
}
