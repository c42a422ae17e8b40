import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { passwordResets } from './password-resets.schema';
import { users } from './users.schema';

/**
 * The account itself and its password-reset links. The erasure runs last (stage `identity`): the
 * links go, the account keeps its ID under the pseudonym, with no address, password or way to sign
 * in, blocked for good (decision 0134).
 */
export const accountsPersonalData = (db: Database): PersonalData => ({
  tables: [users, passwordResets],
  stage: 'identity',
  async export({ uid }) {
    const [row] = await db
      .select({ uid: users.uid, userName: users.userName, email: users.email, nickname: users.nickname, role: users.role, blocked: users.blocked, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.uid, uid));
    return [{ path: 'profile.json', about: 'your account: account ID, user name, e-mail, nickname, role', content: row ? { ...row, createdAt: isoOf(row.createdAt) } : null }];
  },
  async erase({ tx, person, at, pseudonym, pseudonymousEmail }) {
    await tx.delete(passwordResets).where(eq(passwordResets.uid, person.uid));
    await tx.update(users).set({ userName: pseudonym, nickname: pseudonym, email: pseudonymousEmail, passwordHash: '', blocked: true, erasedAt: at }).where(eq(users.uid, person.uid));
  },
});
