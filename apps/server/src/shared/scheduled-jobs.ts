import { lt } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database';
import { scheduledJobs } from './scheduled-jobs.schema';

/** Timed work that a module hands the listener (decision 0121). */
export interface ScheduledJob {
  /** Names the job's lock and its row in `scheduled_jobs`; unique among jobs. */
  name: string;
  /** Ticks fall on the multiples of this since the epoch: the same moments in every process. */
  everyMs: number;
  /** `tick` is the moment being run, or undefined for the run at start-up. */
  run(tick: Date | undefined): Promise<unknown>;
}

export interface ScheduledJobsOptions {
  log: { error(object: object, message: string): void };
  /** The clock that places the ticks; processes on different machines differ a little. */
  now?: () => number;
}

export interface RunningJobs {
  /** No further runs; resolves once the runs in progress have ended. */
  stop(): Promise<void>;
}

/** Moves the job's last tick forward to `tick`; false when this tick (or a later one) has run already. */
async function claimTick(db: Database, name: string, tick: Date): Promise<boolean> {
  const claimed = await db
    .insert(scheduledJobs)
    .values({ name, tickAt: tick })
    .onConflictDoUpdate({ target: scheduledJobs.name, set: { tickAt: tick }, setWhere: lt(scheduledJobs.tickAt, tick) })
    .returning({ name: scheduledJobs.name });
  return claimed.length > 0;
}

function schedule(database: Pick<DatabaseHandle, 'db' | 'runLocked'>, job: ScheduledJob, { log, now = Date.now }: ScheduledJobsOptions): RunningJobs {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  // One run at a time in this process; across processes, the lock and the claimed tick.
  const attempt = (tick: Date | undefined) => {
    if (running) return;
    running = database
      .runLocked(job.name, async () => {
        if (tick && !(await claimTick(database.db, job.name, tick))) return;
        await job.run(tick);
      })
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error, job: job.name }, `${job.name} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  // The next tick is reckoned from the clock each time, so a late timer never shifts the ones after it.
  const next = () => {
    if (stopped) return;
    const tick = (Math.floor(now() / job.everyMs) + 1) * job.everyMs;
    timer = setTimeout(() => {
      attempt(new Date(tick));
      next();
    }, tick - now());
    timer.unref();
  };

  attempt(undefined);
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Runs each job once at start-up (unless another process is running it), then once per tick across
 * every process on the database: a process runs a tick only while it holds the job's advisory lock
 * and only if no process has claimed that tick yet, and skips it otherwise.
 */
export function startScheduledJobs(
  database: Pick<DatabaseHandle, 'db' | 'runLocked'>,
  jobs: readonly ScheduledJob[],
  options: ScheduledJobsOptions,
): RunningJobs {
  const running = jobs.map((job) => schedule(database, job, options));
  return {
    async stop() {
      await Promise.all(running.map((job) => job.stop()));
    },
  };
}
