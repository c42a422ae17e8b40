import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DATA_TEMPLATE_ENV, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * One production server for the browser tests; tests that need their own start one. The first start
 * on an empty folder is kept as the template each fresh folder copies (server-process.ts), so the
 * test workers, which inherit this process's environment, skip the migrate-and-seed first start.
 */
export default async function setup(project: TestProject) {
  const template = mkdtempSync(path.join(os.tmpdir(), 'vsp-e2e-template-'));
  const first = await startServer({ DATA_DIR: template });
  await first.stop();
  process.env[DATA_TEMPLATE_ENV] = template;
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    delete process.env[DATA_TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
  };
}
