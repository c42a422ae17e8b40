import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserRole } from '@vsp/contract/user-roles';
import type { Database, Transaction } from '../../db/database';
import { users } from './users.schema';

export type UserRow = typeof users.$inferSelect;

/** A new account: its role named, an operator's roles none when left out (decision 0154). */
export type NewUser = Pick<typeof users.$inferInsert, 'userName' | 'email' | 'nickname' | 'passwordHash' | 'operatorRoles'> & { role: UserRole };

/** Work in the transaction of a change to an account (its sessions ended, its audit entry). */
export type AlongsideChange = (tx: Transaction, row: UserRow) => Promise<void>;

export class AccountsRepository {
  constructor(private readonly db: Database) {}

  async findByUid(uid: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.uid, uid)).limit(1);
    return row;
  }

  /** Finds by user name or e-mail, case-insensitively. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const key = login.toLowerCase();
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.userName}) = ${key} or lower(${users.email}) = ${key}`)
      .limit(1);
    return row;
  }

  /** Which of a user name and an e-mail are already used by an account (case-insensitively). */
  async taken(userName: string, email: string): Promise<{ userName: boolean; email: boolean }> {
    const rows = await this.db
      .select({ userName: users.userName, email: users.email })
      .from(users)
      .where(sql`lower(${users.userName}) = ${userName.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`);
    return {
      userName: rows.some((r) => r.userName.toLowerCase() === userName.toLowerCase()),
      email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
    };
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  }

  /** A new account; `alongside` runs in its transaction (an audit entry that commits with it). */
  async insert(user: NewUser, alongside?: AlongsideChange): Promise<UserRow> {
    if (!alongside) return (await this.db.insert(users).values(user).returning())[0]!;
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(user).returning();
      await alongside(tx, row!);
      return row!;
    });
  }

  /**
   * Blocks or unblocks an account, and runs `alongside` in the same transaction when it changed: a
   * block ends every session of it there (the sessions module's), so unblocking later does not bring
   * back the sessions it had, whichever path blocks (console, CLI), and the audit entry commits with
   * it. An erased account stays blocked: unblocking it changes nothing and answers undefined.
   */
  async setBlocked(uid: number, blocked: boolean, alongside: AlongsideChange): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ blocked })
        .where(blocked ? eq(users.uid, uid) : and(eq(users.uid, uid), isNull(users.erasedAt)))
        .returning();
      if (row) await alongside(tx, row);
      return row;
    });
  }

  /** A new password hash, and `alongside` in its transaction when it changed; an erased account gets none (answers undefined), so it can never sign in again. */
  async setPasswordHash(uid: number, passwordHash: string, alongside: AlongsideChange): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.uid, uid), isNull(users.erasedAt)))
        .returning();
      if (row) await alongside(tx, row);
      return row;
    });
  }

  async count(): Promise<number> {
    return this.db.$count(users);
  }
}
