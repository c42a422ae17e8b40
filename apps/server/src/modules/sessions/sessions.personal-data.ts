import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { sessions } from './sessions.schema';

/** Where and when the account signed in; the erasure ends and removes every session. */
export const sessionsPersonalData = (db: Database): PersonalData => ({
  tables: [sessions],
  async export({ uid }) {
    const rows = await db
      .select({ id: sessions.id, device: sessions.device, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.uid, uid))
      .orderBy(desc(sessions.createdAt), desc(sessions.id));
    const content = rows.map((s) => ({ ...s, createdAt: isoOf(s.createdAt), lastSeenAt: isoOf(s.lastSeenAt), expiresAt: isoOf(s.expiresAt), revokedAt: isoOf(s.revokedAt) }));
    return [{ path: 'sessions.json', about: 'where and when you signed in (devices), without the secret tokens', content }];
  },
  async erase({ tx, person, count }) {
    count('sessions', (await tx.delete(sessions).where(eq(sessions.uid, person.uid)).returning({ id: sessions.id })).length);
  },
});
