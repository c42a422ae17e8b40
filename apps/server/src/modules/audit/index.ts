import type { Queryable } from '../../db/database';
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
 * Writes one audit entry, stamped with the app's clock: the one way every operator action is
 * recorded. Given the transaction of the change it records (`on`), the entry commits with the
 * change or not at all.
 */
export type AuditTrail = (entry: AuditEntry, on?: Queryable) => Promise<void>;

/** The audit log: the helper every module's operator actions write through, and the console's page of it. */
export const auditModule = defineModule({
  name: 'audit',
  services: ({ db, now }) => {
    const auditLog = new AuditRepository(db);
    const audit: AuditTrail = (entry, on) => (on ? new AuditRepository(on) : auditLog).insert({ ...entry, at: new Date(now()) });
    return { audit, auditLog };
  },
  api: async (app, { services }) => {
    await app.register(auditRoutes, { auditLog: services.auditLog });
  },
  personalData: () => auditPersonalData,
});
