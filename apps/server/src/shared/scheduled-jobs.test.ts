import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { createFreshPostgres, databaseTargets } from '../test/databases';
import { createJobRuns, jobControl, jobRuns } from '../test/job-runs';
import { startScheduledJobs, type ScheduledJob } from './scheduled-jobs';

const quiet = { log: { error: () => undefined } };

describe.each(databaseTargets())('scheduled jobs on $name', (target) => {
  it('runs a job at start-up, then once per tick, though two schedulers share the database', async () => {
    const handle = await target.open();
    const ticks: (Date | undefined)[] = [];
    const job: ScheduledJob = { name: 'count', everyMs: 100, run: async (tick) => ticks.push(tick) };
    const first = startScheduledJobs(handle, [job], quiet);
    const second = startScheduledJobs(handle, [job], quiet);
    try {
      await expect.poll(() => ticks.filter(Boolean).length, { interval: 50 }).toBeGreaterThanOrEqual(4);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await handle.close();
    }
    expect(ticks).toContain(undefined);
    const times = ticks.filter((tick) => tick !== undefined).map((tick) => tick.getTime());
    expect(new Set(times).size).toBe(times.length);
    for (const time of times) expect(time % 100).toBe(0);
  });

  it('stops once the run in progress has ended', async () => {
    const handle = await target.open();
    let finish = () => undefined as void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started = false;
    const slow: ScheduledJob = {
      name: 'slow',
      everyMs: 60_000,
      run: () => {
        started = true;
        return finished;
      },
    };
    const jobs = startScheduledJobs(handle, [slow], quiet);
    try {
      await expect.poll(() => started, { interval: 20 }).toBe(true);
      let stopped = false;
      const stopping = jobs.stop().then(() => (stopped = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      finish();
      await stopping;
      expect(stopped).toBe(true);
    } finally {
      finish();
      await handle.close();
    }
  });

  it('logs a failed run and runs the next tick', async () => {
    const handle = await target.open();
    const log = { error: vi.fn() };
    let runs = 0;
    const jobs = startScheduledJobs(
      handle,
      [
        {
          name: 'flaky',
          everyMs: 100,
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('first run fails');
          },
        },
      ],
      { log },
    );
    try {
      await expect.poll(() => runs, { interval: 50 }).toBeGreaterThanOrEqual(2);
    } finally {
      await jobs.stop();
      await handle.close();
    }
    expect(log.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'first run fails' }), job: 'flaky' }, 'flaky failed');
  });
});

const databaseUrl = process.env.DATABASE_URL;
const childEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'scheduled-job-process.ts');
/** Long enough that a run (WORK_MS and a few queries) ends well before the next tick on a busy machine. */
const EVERY_MS = 1500;
const WORK_MS = 100;
/**
 * The processes' clocks: one exact, one ahead and one behind, by more than a run takes. The late one
 * finds the lock free at each tick, so only the claimed tick keeps it from running that tick again.
 */
const CLOCK_OFFSETS_MS = [0, 300, -400];

interface JobProcess {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  exited: Promise<number | null>;
}

function startJobProcess(url: string, clockOffsetMs: number): JobProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', childEntry], {
    env: { ...process.env, DATABASE_URL: url, JOB_EVERY_MS: String(EVERY_MS), JOB_WORK_MS: String(WORK_MS), JOB_CLOCK_OFFSET_MS: String(clockOffsetMs) },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe.skipIf(!databaseUrl)('scheduled jobs in three processes on PostgreSQL', () => {
  it("runs each tick once and never two runs at once, and another process goes on when the lock's holder is killed mid-run", async () => {
    const fresh = await createFreshPostgres(databaseUrl!);
    const handle = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    const processes: JobProcess[] = [];
    try {
      await createJobRuns(handle.db);
      for (const offset of CLOCK_OFFSETS_MS) processes.push(startJobProcess(fresh.url, offset));
      const allReady = () => {
        const gone = processes.find((p) => p.child.exitCode !== null);
        if (gone) throw new Error(`a job process ended:\n${gone.output()}`);
        return processes.every((p) => p.output().includes('ready'));
      };
      await expect.poll(allReady, { interval: 100 }).toBe(true);
      const runs = () => handle.db.select().from(jobRuns).orderBy(asc(jobRuns.id));

      // Once per tick: from the first tick after every start-up attempt, each tick ran exactly once.
      const after = Date.now();
      const finishedTicks = async () =>
        (await runs()).filter((run) => run.tickAt && run.tickAt.getTime() > after && run.finishedAt).map((run) => run.tickAt!.getTime());
      await expect.poll(async () => (await finishedTicks()).length, { interval: 200 }).toBeGreaterThanOrEqual(4);
      const ticks = (await finishedTicks()).sort((a, b) => a - b);
      expect(ticks).toEqual(ticks.map((_, i) => ticks[0]! + i * EVERY_MS));

      // The next run hangs holding the lock; its process is killed and another one takes the job over.
      await handle.db.update(jobControl).set({ hold: true });
      await expect.poll(async () => (await runs()).some((run) => run.held), { interval: 100 }).toBe(true);
      await handle.db.update(jobControl).set({ hold: false });
      const held = (await runs()).find((run) => run.held)!;
      const holder = processes.find((p) => p.child.pid === held.pid)!;
      // Each of the other two comes to a tick meanwhile and finds the lock taken.
      const refusals = (p: JobProcess) => p.output().split('refused').length - 1;
      const others = processes.filter((p) => p !== holder);
      const refusedBefore = others.map(refusals);
      await expect.poll(() => others.every((p, i) => refusals(p) > refusedBefore[i]!), { interval: 100 }).toBe(true);
      const [beforeKill] = await handle.db.select({ at: sql<Date>`clock_timestamp()` }).from(jobControl);
      holder.child.kill('SIGKILL');
      await holder.exited;
      const killedAt = Date.now();
      const takenOver = async () => (await runs()).find((run) => run.id > held.id && run.tickAt && run.finishedAt);
      await expect.poll(takenOver, { interval: 100 }).toBeDefined();
      const takeover = (await takenOver())!;
      expect(takeover.pid).not.toBe(held.pid);
      // The first tick after the kill, or the one after it when the kill fell just before a tick.
      expect(takeover.tickAt!.getTime()).toBeLessThanOrEqual(killedAt + 2 * EVERY_MS);

      const all = await runs();
      expect(all.find((run) => run.id === held.id)!.finishedAt).toBeNull();
      for (const run of all.filter((run) => run.id > held.id)) expect(run.startedAt.getTime()).toBeGreaterThan(new Date(beforeKill!.at).getTime());
      const allTicks = all.filter((run) => run.tickAt).map((run) => run.tickAt!.getTime());
      expect(new Set(allTicks).size).toBe(allTicks.length);
      const finished = all.filter((run) => run.finishedAt).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
      for (let i = 1; i < finished.length; i++) expect(finished[i]!.startedAt.getTime()).toBeGreaterThanOrEqual(finished[i - 1]!.finishedAt!.getTime());

      // The two left stop as the server does on SIGTERM.
      for (const p of others) p.child.kill('SIGTERM');
      expect(await Promise.all(others.map((p) => p.exited))).toEqual([0, 0]);
    } finally {
      for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      await handle.close();
      await fresh.drop();
    }
  });
});
