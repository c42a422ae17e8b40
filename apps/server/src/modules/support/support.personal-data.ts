import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoOf, type PersonalData } from '../../shared/personal-data';
import { supportMessages } from './support.schema';

/**
 * Customer-service messages left with the account's address (the form needs no session); the
 * erasure removes those and the ones that named the account under another address.
 */
export const supportPersonalData = (db: Database): PersonalData => ({
  tables: [supportMessages],
  async export({ email }) {
    const rows = await db
      .select({ reference: supportMessages.reference, name: supportMessages.name, email: supportMessages.email, topic: supportMessages.topic, message: supportMessages.message, status: supportMessages.status, createdAt: supportMessages.createdAt })
      .from(supportMessages)
      .where(sql`lower(${supportMessages.email}) = ${email.toLowerCase()}`)
      .orderBy(desc(supportMessages.createdAt));
    return [{ path: 'support-messages.json', about: 'messages you left for customer service with your e-mail', content: rows.map((m) => ({ ...m, createdAt: isoOf(m.createdAt) })) }];
  },
  async erase({ tx, person, count }) {
    const removed = await tx
      .delete(supportMessages)
      .where(or(sql`lower(${supportMessages.email}) = ${person.email.toLowerCase()}`, eq(supportMessages.uid, person.uid)))
      .returning({ id: supportMessages.id });
    count('supportMessages', removed.length);
  },
});
