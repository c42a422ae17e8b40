import type { Transaction } from '../../db/database';
import { defineModule } from '../server-module';
import { AuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { auditPersonalData } from './audit.personal-data';

export type { AuditRepository } from './audit.repository';

/**
 * One operator action as the audit log keeps it: who acted (an operator's account ID, or the name of
 * a tool without an account: `admin-cli`, `seed-demo`), what they did to which target, and the
 * state before and after.
 */
export type AuditEntry = ({ actorUid: number } | { actorName: string }) & {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

/**
 * Writes one audit entry, stamped with the app's clock, in the transaction of the change it records
 * (`on`): the entry commits with the change or not at all (decision 0164). The one way every
 * operator's, parent's or system's change is recorded; a transaction is required, so an entry cannot
 * be written after its change has committed.
 */
export type AuditTrail = (entry: AuditEntry, on: Transaction) => Promise<void>;

/**
 * Records something that happened but changed nothing this database holds (a second factor refused,
 * the payment provider asked about an order): on its own.
 */
export type AuditEvent = (entry: AuditEntry) => Promise<void>;

/** The audit log: the helper every module's operator actions write through, and the console's page of it. */
export const auditModule = defineModule({
  name: 'audit',
  needs: [],
  services: ({ db, now }) => {
    const auditLog = new AuditRepository(db);
    const audit: AuditTrail = (entry, on) => new AuditRepository(on).insert({ ...entry, at: new Date(now()) });
    const auditEvent: AuditEvent = (entry) => auditLog.insert({ ...entry, at: new Date(now()) });
    return { audit, auditEvent, auditLog };
  },
  api: auditRoutes,
  personalData: () => auditPersonalData,
});
