import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users, type UserRole } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  userName: string;
  email: string;
  nickname: string;
  passwordHash: string;
  role: UserRole;
}

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

  async insert(user: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(user).returning();
    return row!;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }
}
