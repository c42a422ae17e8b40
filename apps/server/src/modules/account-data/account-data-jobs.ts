import type { ScheduledJob } from '../../shared/scheduled-jobs';
import type { AccountDataService } from './account-data.service';

/** The erasure of accounts whose grace period is over, once per tick across processes (decision 0121). */
export function accountDeletionJob(accountData: Pick<AccountDataService, 'sweep'>, everyMs: number): ScheduledJob {
  return { name: 'account deletion sweep', everyMs, run: () => accountData.sweep() };
}
