import { ACCOUNT_DELETION_GRACE_DAYS } from '@vsp/contract/endpoints/account-data';
import { defineModule } from '../server-module';
import { personOf } from '../accounts';
import type { AuditTrail } from '../audit';
import type { SessionsService } from '../sessions';
import type { UploadsService } from '../uploads';
import { AccountDataRepository } from './account-data.repository';
import { accountDataRoutes } from './account-data.routes';
import { AccountDataService } from './account-data.service';
import { accountDataPersonalData } from './account-data.personal-data';

interface AccountDataNeeds {
  sessions: SessionsService;
  uploads: Pick<UploadsService, 'objectUrl'>;
  audit: AuditTrail;
}

/**
 * Issue 20, players own their data (decision 0134): the export archive, deletion requests that a
 * sign-in cancels, the sweep that erases accounts after the grace period, the operators' list.
 */
export const accountDataModule = defineModule({
  name: 'account-data',
  needs: ['audit', 'sessions', 'accounts', 'uploads'],
  services: ({ db, now, storage, mails, log, personalData }, { sessions, uploads, audit }: AccountDataNeeds) => {
    const accountData = new AccountDataService({
      data: new AccountDataRepository(db),
      person: (on, uid) => personOf(on ?? db, uid),
      parts: personalData,
      storage,
      objectUrl: (key, origin) => uploads.objectUrl(key, origin),
      endOtherSessions: (uid, keep) => sessions.revokeOthers(uid, keep),
      audit,
      mails,
      now,
      graceMs: ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000,
      log,
    });
    // Signing in within the grace period cancels a pending deletion.
    sessions.beforeCreate((uid) => accountData.beforeSignIn(uid));
    return { accountData };
  },
  api: accountDataRoutes,
  // The erasure of accounts whose grace period is over, once per tick across processes (decision 0121).
  jobs: ({ context: { config }, services }) => [{ name: 'account deletion sweep', everyMs: config.ACCOUNT_DELETION_SWEEP_MS, run: () => services.accountData.sweep() }],
  personalData: ({ context: { db } }) => accountDataPersonalData(db),
});
