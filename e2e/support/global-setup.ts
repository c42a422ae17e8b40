import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_TEMPLATE_ENV, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}

/**
 * One production server per test worker (decision 0138): the browser suite waits on timers, the
 * network and the browser about half the time, so two workers with a server each keep both cores
 * busy, and no worker sees another's data. Tests that need their own server start one. The first
 * start on an empty folder is kept as the template each fresh folder copies (server-process.ts), so
 * the servers here and in the test workers, which inherit this process's environment, skip the
 * migrate-and-seed first start.
 */
export default async function setup(project: TestProject) {
  const template = mkdtempSync(path.join(os.tmpdir(), 'vsp-e2e-template-'));
  const first = await startServer({ DATA_DIR: template });
  await first.stop();
  process.env[DATA_TEMPLATE_ENV] = template;
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide('baseUrls', servers.map((s) => s.baseUrl));
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    delete process.env[DATA_TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
  };
}
