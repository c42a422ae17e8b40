import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PersonalData } from '../../shared/personal-data';
import { operatorFactors, operatorRecoveryCodes } from './operator-factors.schema';
import { operatorInvitations } from './operator-invitations.schema';

/**
 * An operator's second factors, and invitations to an address. Operators' own accounts are not
 * erased this way (their names stay on the audit log: 40300); a player's erasure removes any factor
 * left from an earlier role and every invitation not accepted that was sent to one of their
 * addresses (stage `mentions`: once all of them are known). Not in the player's export: factors are
 * secrets, invitations were an administrator's.
 */
export const operatorsPersonalData: PersonalData = {
  tables: [operatorFactors, operatorRecoveryCodes, operatorInvitations],
  stage: 'mentions',
  async erase({ tx, person, addresses }) {
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.uid, person.uid));
    await tx.delete(operatorFactors).where(eq(operatorFactors.uid, person.uid));
    if (addresses.size > 0) await tx.delete(operatorInvitations).where(and(isNull(operatorInvitations.acceptedUid), inArray(sql`lower(${operatorInvitations.email})`, [...addresses])));
  },
};
