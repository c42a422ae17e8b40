/// <reference lib="webworker" />
import { summarizeFbx } from '@vsp/outfit-format/fbx-summary';
import { MAX_MODEL_FILE_BYTES } from '@vsp/outfit-format/outfit-budgets';
import { readTgaHeader, TGA_HEADER_BYTES } from '@vsp/outfit-format/tga-header';
import type { PreflightMeasures, PreflightRequest } from './preflight-protocol';

/** Measures the folder's models (FBX summary) and textures (TGA header) off the main thread. */

async function measure(request: PreflightRequest): Promise<PreflightMeasures> {
  const models: PreflightMeasures['models'] = [];
  for (const { path, file } of request.models) {
    let summary;
    if (file.size <= MAX_MODEL_FILE_BYTES) {
      try {
        summary = summarizeFbx(new Uint8Array(await file.arrayBuffer()));
      } catch {
        summary = undefined;
      }
    }
    models.push({ path, summary });
  }
  const textures: PreflightMeasures['textures'] = [];
  for (const { path, file } of request.textures) {
    const head = new Uint8Array(await file.slice(0, TGA_HEADER_BYTES).arrayBuffer());
    textures.push({ path, header: readTgaHeader(head, file.size) });
  }
  return { models, textures };
}

self.onmessage = (event: MessageEvent<PreflightRequest>) => {
  measure(event.data).then(
    (result) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(result),
    () => (self as unknown as DedicatedWorkerGlobalScope).postMessage({ models: [], textures: [] } satisfies PreflightMeasures),
  );
};
