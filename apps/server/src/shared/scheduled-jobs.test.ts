import { describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../test/databases';
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
      await expect.poll(() => ticks.filter(Boolean).length, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(4);
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
      await expect.poll(() => started, { timeout: 20_000, interval: 20 }).toBe(true);
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
      await expect.poll(() => runs, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    } finally {
      await jobs.stop();
      await handle.close();
    }
    expect(log.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'first run fails' }), job: 'flaky' }, 'flaky failed');
  });
});
