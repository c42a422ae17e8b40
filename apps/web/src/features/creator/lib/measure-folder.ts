import { folderRole } from '@vsp/outfit-format/outfit-folder';
import type { PreflightMeasures, PreflightRequest } from '../workers/preflight-protocol';
import type { PickedFile } from './read-folder';
import { runWorker } from './run-worker';

/** Measures models and textures of a checked folder in a worker (parsing a model can take a while). */
export function measureFolder(files: readonly PickedFile[], signal: AbortSignal): Promise<PreflightMeasures> {
  const request: PreflightRequest = {
    models: files.filter((f) => folderRole(f.path) === 'model').map(({ path, file }) => ({ path, file })),
    textures: files.filter((f) => folderRole(f.path) === 'texture').map(({ path, file }) => ({ path, file })),
  };
  return runWorker<PreflightRequest, PreflightMeasures, PreflightMeasures>(
    () => new Worker(new URL('../workers/preflight.worker.ts', import.meta.url), { type: 'module', name: 'outfit-preflight' }),
    request,
    (reply, { resolve }) => resolve(reply),
    signal,
  );
}
