/**
 * One of the API processes of the three-process test (shared/scheduled-jobs.test.ts): it opens the
 * database as the server does and runs one job whose runs it records in `job_runs`; it prints
 * `ready` once its start-up attempt is over and `refused` each time another process holds the job's
 * lock. It ends on SIGTERM (stopping as the server does) or when its standard input closes (the test
 * went away).
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/database';
import { startScheduledJobs } from '../shared/scheduled-jobs';
import { jobControl, jobRuns } from './job-runs';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
const workMs = Number(process.env.JOB_WORK_MS);

// The first attempt is the run at start-up; `ready` follows it, so the test can tell ticks from it.
let ready = false;
const watched = {
  db: database.db,
  async runLocked(name: string, work: () => Promise<void>) {
    try {
      const ran = await database.runLocked(name, work);
      if (!ran) process.stdout.write('refused\n');
      return ran;
    } finally {
      if (!ready) process.stdout.write('ready\n');
      ready = true;
    }
  },
};

const jobs = startScheduledJobs(
  watched,
  [
    {
      name: 'three-process test',
      everyMs: Number(process.env.JOB_EVERY_MS),
      async run(tick) {
        const [run] = await database.db
          .insert(jobRuns)
          .values({ pid: process.pid, tickAt: tick ?? null, held: sql`(select ${jobControl.hold} from ${jobControl})`, startedAt: sql`clock_timestamp()` })
          .returning();
        // The run the test kills: it keeps the lock until its process dies.
        if (run!.held) await new Promise(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, workMs));
        await database.db.update(jobRuns).set({ finishedAt: sql`clock_timestamp()` }).where(eq(jobRuns.id, run!.id));
      },
    },
  ],
  {
    log: { error: (object, message) => console.warn(message, object) },
    // A process whose clock is ahead or behind, as on another machine, reaches each tick earlier or later.
    now: () => Date.now() + Number(process.env.JOB_CLOCK_OFFSET_MS ?? 0),
  },
);

async function stop() {
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.stdin.once('end', () => process.exit(1));
process.stdin.resume();
