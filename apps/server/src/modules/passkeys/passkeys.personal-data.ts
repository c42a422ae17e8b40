import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { passkeys } from './passkeys.schema';

/** The passkeys the account added: when, and when last used, never the keys; the erasure removes them. */
export const passkeysPersonalData = (db: Database): PersonalData => ({
  tables: [passkeys],
  async export({ uid }) {
    const rows = await db
      .select({ id: passkeys.id, transports: passkeys.transports, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.uid, uid))
      .orderBy(asc(passkeys.id));
    const content = rows.map((k) => ({ ...k, createdAt: isoOf(k.createdAt), lastUsedAt: isoOf(k.lastUsedAt) }));
    return [{ path: 'passkeys.json', about: 'the passkeys you added: when, and when last used (not the keys)', content }];
  },
  async erase({ tx, person }) {
    await tx.delete(passkeys).where(eq(passkeys.uid, person.uid));
  },
});
