import { fetchDeliver, type DeliverFn, type SandboxGateway } from '../payments';
import type { RechargeLogger, RechargeService } from './recharge.service';

export interface RechargeJobsOptions {
  recharge: RechargeService;
  sandbox: SandboxGateway | undefined;
  reconcileEveryMs: number;
  /** How often the sandbox gateway looks for due notifications. */
  dispatchEveryMs?: number;
  deliver?: DeliverFn;
  log: RechargeLogger;
}

/** Runs a task now and then every interval, never two runs of it at once. */
function every(ms: number, task: () => Promise<unknown>, log: RechargeLogger, name: string) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      log.error({ err: error }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), ms);
  timer.unref();
  return { stop: () => clearInterval(timer), idle: async () => { while (running) await new Promise((r) => setTimeout(r, 20)); } };
}

/**
 * The background work of top-up in every API process: the reconciler (at start-up it also applies
 * notifications stored just before a crash) and the sandbox gateway's delivery loop. Both are
 * safe to run in several processes at once.
 */
export function startRechargeJobs(options: RechargeJobsOptions) {
  let first = true;
  const jobs = [
    every(
      options.reconcileEveryMs,
      () => {
        const grace = first ? 0 : 30_000;
        first = false;
        return options.recharge.reconcile({ notificationGraceMs: grace });
      },
      options.log,
      'top-up reconcile',
    ),
  ];
  const { sandbox } = options;
  if (sandbox) jobs.push(every(options.dispatchEveryMs ?? 1000, () => sandbox.dispatchDue(options.deliver ?? fetchDeliver), options.log, 'sandbox dispatch'));
  return {
    async stop() {
      for (const job of jobs) job.stop();
      await Promise.all(jobs.map((job) => job.idle()));
    },
  };
}
