import { eq, or, sql } from 'drizzle-orm';
import { withoutPerson, type PersonalData } from '../../shared/personal-data';
import { auditLog } from './audit.schema';

/**
 * The audit log keeps what operators did, not who the person was: entries about the account (the
 * admin CLI's user.create names the user) and any naming one of their addresses lose the names and
 * addresses. It runs once every address of the person is known (stage `mentions`). Its actors are
 * operators, whose accounts are not erased this way (decision 0134).
 */
export const auditPersonalData: PersonalData = {
  tables: [auditLog],
  stage: 'mentions',
  async erase(erasure) {
    const { tx, person } = erasure;
    const email = person.email.toLowerCase();
    const entries = await tx
      .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(or(eq(auditLog.target, `user:${person.uid}`), sql`position(${email} in lower(${auditLog.before}::text)) > 0`, sql`position(${email} in lower(${auditLog.after}::text)) > 0`));
    for (const entry of entries) {
      const before = withoutPerson(entry.before, erasure);
      const after = withoutPerson(entry.after, erasure);
      if (JSON.stringify([before, after]) !== JSON.stringify([entry.before, entry.after])) await tx.update(auditLog).set({ before, after }).where(eq(auditLog.id, entry.id));
    }
  },
};
