import type { ScheduledJob } from '../../shared/scheduled-jobs';
import type { Reconciler } from './reconciler';

/** How old a stored notification must be before the reconciler applies it in place of its request. */
const NOTIFICATION_GRACE_MS = 30_000;

/**
 * The top-up reconciler as timed work. A process's first run (at start-up, unless another process
 * is reconciling then) takes no grace: it finishes what a crash left, notifications stored just
 * before it among them.
 */
export function reconcileJob(reconciler: Pick<Reconciler, 'reconcile'>, everyMs: number): ScheduledJob {
  let first = true;
  return {
    name: 'top-up reconcile',
    everyMs,
    run: () => {
      const grace = first ? 0 : NOTIFICATION_GRACE_MS;
      first = false;
      return reconciler.reconcile({ notificationGraceMs: grace });
    },
  };
}
